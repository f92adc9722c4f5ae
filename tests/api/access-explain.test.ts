import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessExplainSchema } from '../../src/contract/entities/access-explain';
import { clearDemoAccess, insertIdentifier, insertRule, insertTimeRule } from '../support/access-rows';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * GET /access/explain (issue 12): the decision, reason and chain for a user or an identifier at a
 * door, over rows written straight to the access tables; who may ask and what the chain names.
 */
describe.each(dialects)('access explain (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let door = 0;
  let resident = { id: 0, token: '' };
  let viewer = { id: 0, token: '' };
  let entrance = 0;
  let card = 0;
  let residentsRule = 0;

  const explain = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/access/explain?${q({ device_id: door, ...params })}`, { token });
    return res;
  };
  const decision = async (params: Record<string, unknown>, token = admin) => {
    const res = await explain(params, token);
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AccessExplainSchema, res.json().data);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    await clearDemoAccess(t);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    office = (await t.session('admin', undefined, 'Harbour Office')).token;
    ids = await demoIds(t);
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: { name: 'Gate 1', type: 'panel', serial_number: 'GATE-1', domain_id: ids.groups['Building A'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    door = res.json().data as number;
    const child = await t.db
      .selectFrom('domains')
      .select('id')
      .where('parent_id', '=', ids.groups['Building A'] as number)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    entrance = Number(child.id);
    resident = await addProjectUser(t, { login: 'resident-x', permissions: [], group: 'Building A' });
    // A member of a group below Building A only: the rule on Building A reaches them.
    await t.db.updateTable('user_domains').set({ domain_id: entrance }).where('user_id', '=', resident.id).execute();
    viewer = await addProjectUser(t, {
      login: 'rules-viewer',
      permissions: ['access_rules.view', 'devices.view_all'],
      group: 'Building A',
    });
    card = await insertIdentifier(t, ids.projectId, { value: '1001', owner_id: resident.id });
    residentsRule = await insertRule(t, ids.projectId, {
      name: 'Residents of A',
      doors: [{ device_id: door, lock: 1 }],
      groups: [ids.groups['Building A'] as number],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('grants a card of a resident through the group rule, and says so', async () => {
    const d = await decision({
      identifier_type: 'card',
      identifier_value: '1001',
      lock: 1,
      at: '2026-03-10T10:00:00Z',
    });
    expect(d).toEqual({
      granted: true,
      reason: 'granted',
      at: '2026-03-10T10:00:00.000Z',
      device: { id: door, name: 'Gate 1' },
      lock: 1,
      user: { id: resident.id, name: 'resident-x' },
      identifier: { id: card, type: 'card', value: '1001', name: null },
      chain: [
        {
          rule: { id: residentsRule, name: 'Residents of A' },
          prohibition: false,
          via: { kind: 'group', group: { id: ids.groups['Building A'], name: 'Building A' } },
          covers_door: true,
          open: true,
          schedules: [],
        },
      ],
    });
    expect((await decision({ identifier_id: card })).reason).toBe('granted');
    expect((await decision({ user_id: resident.id })).reason).toBe('granted');
  });

  it('another lock: no_rule, the rule listed as not covering the door', async () => {
    const d = await decision({ identifier_id: card, lock: 2 });
    expect(d.reason).toBe('no_rule');
    expect(d.chain.map((l) => [l.rule.id, l.covers_door, l.open])).toEqual([[residentsRule, false, null]]);
  });

  it('unknown, revoked, inactive, not yet valid, expired, at its pass limit', async () => {
    expect((await decision({ identifier_type: 'card', identifier_value: '9999' })).reason).toBe('unknown_identifier');
    const owned = (
      value: string,
      row: Parameters<typeof insertIdentifier>[2] extends infer R ? Omit<R & object, 'value'> : never,
    ) => insertIdentifier(t, ids.projectId, { value, owner_id: resident.id, ...row });
    const revoked = await owned('2001', { revoked_at: '2026-01-01T00:00:00Z' });
    const inactive = await owned('2002', { is_active: 0 });
    const later = await owned('2003', { period: { from: '2030-01-01T00:00:00Z', to: null } });
    const over = await owned('2004', { period: { from: null, to: '2020-01-01T00:00:00Z' } });
    const used = await owned('2005', { passes: { max: 2, used: 2 } });
    const reasons = [];
    for (const id of [revoked, inactive, later, over, used])
      reasons.push((await decision({ identifier_id: id })).reason);
    expect(reasons).toEqual(['revoked', 'inactive', 'not_yet_valid', 'expired', 'pass_limit']);
  });

  it('a prohibition naming the card wins over the group rule', async () => {
    const banned = await insertIdentifier(t, ids.projectId, { value: '3001', owner_id: resident.id });
    const ban = await insertRule(t, ids.projectId, {
      name: 'Banned card',
      prohibition: true,
      doors: [{ device_id: door, lock: 1 }],
      identifiers: [banned],
    });
    const d = await decision({ identifier_id: banned });
    expect(d.granted).toBe(false);
    expect(d.reason).toBe('prohibited');
    expect(d.chain.map((l) => [l.rule.id, l.prohibition, l.via.kind, l.open])).toEqual([
      [residentsRule, false, 'group', true],
      [ban, true, 'identifier', true],
    ]);
  });

  it('a rule with a schedule is open in its window and closed outside it, with the occurrence', async () => {
    // Daily 09:00-18:00 from 2026-03-01, judged in the project's zone (UTC by default).
    const hours = await insertTimeRule(t, ids.projectId, 'Day hours', {
      valid_from: '2026-03-01',
      repeat_mode: 'daily',
      from: 9 * 3600,
      to: 18 * 3600,
    });
    const dayCard = await insertIdentifier(t, ids.projectId, { value: '5001', owner_id: null });
    const rule = await insertRule(t, ids.projectId, {
      name: 'Day door',
      doors: [{ device_id: door, lock: 3 }],
      identifiers: [dayCard],
      time_rules: [hours],
    });
    const inside = await decision({ identifier_id: dayCard, lock: 3, at: '2026-03-10T17:59:00Z' });
    expect(inside.reason).toBe('granted');
    const line = inside.chain.find((l) => l.rule.id === rule);
    expect(line?.schedules).toEqual([
      {
        missing: false,
        schedule: { id: hours, name: 'Day hours' },
        verdict: {
          open: true,
          reason: 'open',
          occurrence: { from: '2026-03-10T09:00:00Z', to: '2026-03-10T18:00:00Z' },
          day_type: 'workday',
          local_date: '2026-03-10',
        },
      },
    ]);
    const after = await decision({ identifier_id: dayCard, lock: 3, at: '2026-03-10T18:00:00Z' });
    expect(after.reason).toBe('schedule_closed');
    const before = await decision({ identifier_id: dayCard, lock: 3, at: '2026-02-28T10:00:00Z' });
    expect(before.reason).toBe('schedule_closed');
  });

  it('a deleted owner: user_disabled', async () => {
    const gone = await addProjectUser(t, { login: 'gone-x', permissions: [], group: 'Building A' });
    const id = await insertIdentifier(t, ids.projectId, { value: '4001', owner_id: gone.id });
    await t.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    expect((await decision({ identifier_id: id })).reason).toBe('user_disabled');
  });

  it('a caller with access_rules.view sees the decision; the chain hides the names of rules they did not create', async () => {
    const d = await decision({ identifier_id: card }, viewer.token);
    expect(d.reason).toBe('granted');
    expect(d.chain.map((l) => l.rule)).toEqual([{ id: residentsRule, name: null }]);
  });

  it('refuses a caller without access rule permissions, bad questions and a device of another project', async () => {
    expect((await explain({ identifier_id: card }, resident.token)).statusCode).toBe(403);
    const none = await explain({ lock: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ user_id: { code: 'required' } });
    const both = await explain({ user_id: resident.id, identifier_id: card });
    expect(both.statusCode).toBe(400);
    const typeOnly = await explain({ identifier_type: 'card' });
    expect(typeOnly.json().errors).toEqual({ identifier_value: { code: 'required' } });
    expect((await explain({ identifier_id: card, at: 'yesterday' })).statusCode).toBe(400);
    const foreign = await explain({ identifier_id: card }, office);
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
  });
});
