import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { GuestAccessStateSchema, GuestDoorSchema, GuestKeySchema } from '../../src/contract/entities/guest-key';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { type ManualClock, manualClock } from '../support/clock';
import { eventually } from '../support/eventually';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Guest access (issue 12; doc 1 §2.1, §3 "Guest key", §5; doc 2 §6.2, §7.5, §8.2): granting a key
 * (the available rules only, the granter's group limits, the licence), the granter's keys (list,
 * item, revoke, delete, scope), and the guest page's public calls until each guest error of 8.2
 * appears: a real simulated door on the embedded broker opens on `relay.open`; time moves with the
 * test's clock; the per-key rate limit answers 429 with Retry-After.
 */
describe.each(dialects)('guest access (%s)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let door: SimulatedDevice;
  let residentsRule = 0;
  let staffRule = 0;
  const hour = 3_600_000;
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  const grant = (body: Record<string, unknown>, token = admin) => t.call('PUT', '/identifiers/guest', { token, body });
  const granted = async (body: Record<string, unknown>, token = admin) => {
    const res = await grant({ access_rules: [residentsRule], ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    const item = await t.call('GET', `/guest-access/keys/${res.json().data}`, { token });
    expect(item.statusCode, item.body).toBe(200);
    return v.parse(GuestKeySchema, item.json().data);
  };
  const state = (uid: string) => t.call('GET', `/guest-access/${uid}`);
  const doors = async (uid: string) => {
    const res = await t.call('GET', `/guest-access/${uid}/access-rules`);
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(v.array(GuestDoorSchema), res.json().data);
  };
  const open = (uid: string, token: string) => t.call('POST', `/guest-access/${uid}/open/${token}`);
  const mainDoor = async (uid: string) => {
    const found = (await doors(uid)).find((d) => d.name === 'Main door controller');
    if (!found) throw new Error('no main door');
    return found.device_token;
  };
  const refusal = (res: { statusCode: number; json: () => unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
  };

  beforeAll(async () => {
    clock = manualClock(new Date('2026-03-02T10:00:00.000Z'));
    t = await buildTestApp(dialect, { ...SMALL_DEMO, clock, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    const rule = async (name: string) =>
      Number(
        (
          await t.db
            .selectFrom('access_rules')
            .select('id')
            .where('name', '=', name)
            .where('project_id', '=', ids.projectId)
            .executeTakeFirstOrThrow()
        ).id,
      );
    residentsRule = await rule('Residents — Building A');
    staffRule = await rule('Staff — all doors');
    // The Main door controller comes online; the Entrance panel (the key's other door) stays offline.
    const device = await t.db
      .selectFrom('devices')
      .select('mqtt_password')
      .where('serial_number', '=', 'GH-DEMO-AC-1')
      .executeTakeFirstOrThrow();
    const port = t.app.ctx.deviceLink.status().listeners[0]?.port;
    door = new SimulatedDevice({
      url: `mqtt://127.0.0.1:${port}`,
      serial: 'GH-DEMO-AC-1',
      password: device.mqtt_password as string,
      kind: 'accesscontroller',
    });
    await door.start();
    await eventually(() => t.app.ctx.deviceLink.isOnline('GH-DEMO-AC-1'));
  });
  afterAll(async () => {
    await door.stop();
    await t.close();
  });

  it('grants a qr key with a made value, a link token, the chosen rule, period, passes and message', async () => {
    const key = await granted({
      name: 'Plumber',
      period_restrict: { active: true, from: at(-hour), to: at(24 * hour) },
      passes_restrict: { active: true, max_count: 3 },
      key_message: 'Ring 101 when you arrive',
    });
    expect(key).toMatchObject({
      name: 'Plumber',
      type: 'qr',
      guest_type: 'guest',
      key_message: 'Ring 101 when you arrive',
      status: 'valid',
      passes_restrict: { active: true, max_count: 3, passes_count: 0 },
      access_rules: [{ id: residentsRule, name: 'Residents — Building A' }],
      created_by_user: { id: ids.users.admin },
    });
    expect(key.value).toMatch(/^GK-[0-9A-F]{24}$/);
    expect(key.key_uid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const list = await t.call('GET', `/guest-access/keys/items?${q({ size: 100 })}`, { token: admin });
    expect(list.json().data.map((k: { id: number }) => k.id)).toContain(key.id);
    // It is an identifier too: a guest one, without an owner.
    const identifier = await t.call('GET', `/identifiers/${key.id}`, { token: admin });
    expect(identifier.json().data).toMatchObject({ owner_type: 'guest', owner_id: null, value: key.value });
  });

  it("has the demo's guest key: the residents' doors for 30 days, 20 passes and a welcome", async () => {
    const demo = await t.db
      .selectFrom('identifiers')
      .select(['key_uid', 'id'])
      .where('value', '=', 'GK-DEMO-VISITOR-101')
      .executeTakeFirstOrThrow();
    const res = await state(demo.key_uid as string);
    const data = v.parse(GuestAccessStateSchema, res.json().data);
    expect(Date.parse(data.valid_to ?? '') - Date.parse(data.valid_from ?? '')).toBe(30 * 24 * hour);
    expect(data).toMatchObject({
      name: 'Visitor of Unit 101',
      passes: { max: 20, used: 0, left: 20 },
      message: expect.stringContaining('Ring 101'),
    });
    expect((await doors(demo.key_uid as string)).map((d) => d.name)).toEqual([
      'Entrance panel',
      'Main door controller',
    ]);
  });

  it('takes only rules the granter may hand on, and at least one', async () => {
    const notShareable = await grant({ access_rules: [staffRule] });
    expect(notShareable.statusCode).toBe(400);
    expect(notShareable.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['access_rules'] });
    const none = await grant({ access_rules: [] });
    expect(none.json()).toMatchObject({ errors: { access_rules: { code: 'access_rule_required' } } });
    // A resident's rule reaches a granter of Unit 101 through Building A; a rule they cannot see does not.
    const granter = await addProjectUser(t, {
      login: `guest-granter-${dialect}`,
      permissions: ['identifiers.create_guest'],
      group: 'Unit 101',
    });
    const available = await t.call('GET', '/access-rules/available/items', { token: granter.token });
    expect(available.json().data.map((r: { id: number }) => r.id)).toEqual([residentsRule]);
    expect((await grant({ access_rules: [residentsRule] }, granter.token)).statusCode).toBe(200);
    expect((await grant({ access_rules: [staffRule] }, granter.token)).json().message).toBe(
      'invalid related entity sent',
    );
  });

  it("keeps the granter's group limits: the nearest group that sets each, then the project's", async () => {
    const limits = (group: string, body: Record<string, number | null>) =>
      t.call('PATCH', `/domains/${ids.groups[group]}`, {
        token: admin,
        body: { guest_identifier_limits: { max_passes_count: null, max_period_days: null, ...body } },
      });
    expect((await limits('Building A', { max_passes_count: 5, max_period_days: 7 })).statusCode).toBe(200);
    expect((await limits('Unit 102', { max_period_days: 2 })).statusCode).toBe(200);
    const granter = await addProjectUser(t, {
      login: `guest-limited-${dialect}`,
      permissions: ['identifiers.create_guest'],
      group: 'Unit 102',
    });
    const within = { active: true, max_count: 5 };
    const twoDays = { active: true, from: at(0), to: at(48 * hour) };
    const tooMany = await grant(
      { access_rules: [residentsRule], passes_restrict: { active: true, max_count: 6 }, period_restrict: twoDays },
      granter.token,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: 'max pass count or period reached',
      errors: { 'passes_restrict.max_count': { code: 'max_passes', params: { max: 5 } } },
    });
    const tooLong = await grant(
      { access_rules: [residentsRule], passes_restrict: within, period_restrict: { ...twoDays, to: at(49 * hour) } },
      granter.token,
    );
    expect(tooLong.json()).toMatchObject({
      message: 'max pass count or period reached',
      errors: { 'period_restrict.to': { code: 'max_period_days', params: { max: 2 } } },
    });
    const unlimited = await grant({ access_rules: [residentsRule] }, granter.token);
    expect(Object.keys(unlimited.json().errors).sort()).toEqual(['passes_restrict.max_count', 'period_restrict.to']);
    const ok = await grant(
      { access_rules: [residentsRule], passes_restrict: within, period_restrict: twoDays },
      granter.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // Editing keeps them too.
    const patched = await t.call('PATCH', `/identifiers/guest/${ok.json().data}`, {
      token: granter.token,
      body: { passes_restrict: { active: true, max_count: 9 } },
    });
    expect(patched.json().message).toBe('max pass count or period reached');
    // A granter whose groups set nothing meets the project's limits.
    const projectLimit = await t.call('PATCH', '/project/general', {
      token: admin,
      body: { guest_identifier_limits: { max_passes_count: 1, max_period_days: null } },
    });
    expect(projectLimit.statusCode, projectLimit.body).toBe(200);
    const top = await addProjectUser(t, {
      login: `guest-top-${dialect}`,
      permissions: ['identifiers.create_guest', 'access_rules.view_all'],
      group: 'Riverside Residence',
    });
    const overProject = await grant(
      { access_rules: [residentsRule], passes_restrict: { active: true, max_count: 2 } },
      top.token,
    );
    expect(overProject.json()).toMatchObject({
      errors: { 'passes_restrict.max_count': { code: 'max_passes', params: { max: 1 } } },
    });
    await t.db.deleteFrom('project_settings').where('project_id', '=', ids.projectId).execute();
    await limits('Building A', {});
    await limits('Unit 102', {});
  });

  it('shows the guest the state and the doors, behind tokens, never ids or serials', async () => {
    const key = await granted({
      name: 'Visitor',
      period_restrict: { active: true, from: at(-hour), to: at(5 * hour) },
      passes_restrict: { active: true, max_count: 3 },
      key_message: 'Welcome',
    });
    const res = await state(key.key_uid);
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(GuestAccessStateSchema, res.json().data)).toEqual({
      status: 'valid',
      name: 'Visitor',
      message: 'Welcome',
      granted_by: 'Administrator',
      valid_from: at(-hour),
      valid_to: at(5 * hour),
      passes: { max: 3, used: 0, left: 3 },
    });
    const list = await t.call('GET', `/guest-access/${key.key_uid}/access-rules`);
    expect(list.body).not.toMatch(/GH-DEMO|device_id|serial/);
    const found = v.parse(v.array(GuestDoorSchema), list.json().data);
    expect(found.map((d) => [d.name, d.lock, d.online])).toEqual([
      ['Entrance panel', 1, false],
      ['Main door controller', 1, true],
    ]);
    // Tokens are made per key: another key's tokens for the same doors differ.
    const other = await granted({ name: 'Other' });
    expect((await doors(other.key_uid)).map((d) => d.device_token)).not.toContain(found[1]?.device_token);
  });

  it('opens the door through the device link, counts a pass and tells the door it was a guest', async () => {
    const key = await granted({ name: 'Courier', passes_restrict: { active: true, max_count: 3 } });
    const emit = vi.spyOn(door, 'emit');
    const res = await open(key.key_uid, await mainDoor(key.key_uid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ opened: true, passes: { max: 3, used: 1, left: 2 } });
    await eventually(() => emit.mock.calls.find(([type]) => type === 'door.opened'));
    expect(emit).toHaveBeenCalledWith('door.opened', { relay: 1, reason: 'guest', identifier: key.value });
    emit.mockRestore();
    // The door's event reaches the server's events; the doors get the key's new count.
    await eventually(async () =>
      (await t.db.selectFrom('device_events').select('data').where('type', '=', 'door.opened').execute()).some((e) =>
        String(e.data).includes(key.value),
      ),
    );
    const tasks = await t.db
      .selectFrom('device_tasks as dt')
      .innerJoin('devices as d', 'd.id', 'dt.device_id')
      .select(['d.name', 'dt.kind'])
      .where('dt.kind', '=', 'sync.identifiers')
      .execute();
    expect(tasks.map((x) => x.name)).toEqual(expect.arrayContaining(['Main door controller', 'Entrance panel']));
    expect((await t.call('GET', `/guest-access/keys/${key.id}`, { token: admin })).json().data.passes_restrict).toEqual(
      {
        active: true,
        max_count: 3,
        passes_count: 1,
      },
    );
  });

  it('says "device problem" for an offline door and "device not found" for a token it did not give, without a pass', async () => {
    const key = await granted({ name: 'Cleaner', passes_restrict: { active: true, max_count: 2 } });
    const panel = (await doors(key.key_uid)).find((d) => d.name === 'Entrance panel');
    const offline = await open(key.key_uid, panel?.device_token ?? '');
    refusal(offline, 409, 'device problem');
    expect(offline.json().params).toEqual({ reason: 'offline' });
    refusal(await open(key.key_uid, 'AAAAAAAAAAAAAAAAAAAAAA'), 404, 'device not found');
    expect(v.parse(GuestAccessStateSchema, (await state(key.key_uid)).json().data).passes).toEqual({
      max: 2,
      used: 0,
      left: 2,
    });
  });

  it('says "pass limit reached" once the last pass is used', async () => {
    const key = await granted({ name: 'Once', passes_restrict: { active: true, max_count: 1 } });
    const token = await mainDoor(key.key_uid);
    expect((await open(key.key_uid, token)).statusCode).toBe(200);
    refusal(await open(key.key_uid, token), 409, 'pass limit reached');
    expect((await state(key.key_uid)).json().data.status).toBe('pass_limit');
    refusal(await t.call('GET', `/guest-access/${key.key_uid}/access-rules`), 409, 'pass limit reached');
    expect((await t.call('GET', `/guest-access/keys/${key.id}`, { token: admin })).json().data.status).toBe(
      'pass_limit',
    );
  });

  it('says "not yet valid" before the period and "expired" after it, on the clock', async () => {
    const key = await granted({ name: 'Weekend', period_restrict: { active: true, from: at(hour), to: at(3 * hour) } });
    const token = await mainDoor(key.key_uid);
    expect((await state(key.key_uid)).json().data.status).toBe('not_yet_valid');
    refusal(await open(key.key_uid, token), 409, 'not yet valid');
    clock.advance(2 * 3600);
    expect((await open(key.key_uid, token)).statusCode).toBe(200);
    clock.advance(2 * 3600);
    expect((await state(key.key_uid)).json().data.status).toBe('expired');
    refusal(await open(key.key_uid, token), 409, 'expired');
    refusal(await t.call('GET', `/guest-access/${key.key_uid}/access-rules`), 409, 'expired');
  });

  it('says "invalid identifier" for a revoked, deleted or unknown key, and for an unlicensed project', async () => {
    const key = await granted({ name: 'Revoked' });
    const token = await mainDoor(key.key_uid);
    const revoked = await t.call('POST', `/guest-access/keys/${key.id}/revoke`, { token: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    refusal(await state(key.key_uid), 404, 'invalid identifier');
    refusal(await open(key.key_uid, token), 404, 'invalid identifier');
    refusal(await state('no-such-key'), 404, 'invalid identifier');

    const gone = await granted({ name: 'Deleted' });
    expect((await t.call('DELETE', `/guest-access/keys/${gone.id}`, { token: admin })).statusCode).toBe(200);
    refusal(await state(gone.key_uid), 404, 'invalid identifier');

    const live = await granted({ name: 'Unlicensed' });
    const features = await t.db
      .selectFrom('projects')
      .select('features')
      .where('id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('projects')
      .set({ features: JSON.stringify({ ...JSON.parse(features.features), guest_access: false }) })
      .where('id', '=', ids.projectId)
      .execute();
    refusal(await state(live.key_uid), 404, 'invalid identifier');
    expect((await grant({ access_rules: [residentsRule] })).statusCode).toBe(403);
    expect((await t.call('GET', '/guest-access/keys/items', { token: admin })).statusCode).toBe(403);
    await t.db.updateTable('projects').set({ features: features.features }).where('id', '=', ids.projectId).execute();
    expect((await state(live.key_uid)).statusCode).toBe(200);
  });

  it('limits the public calls of one key, with Retry-After; other keys are not held back', async () => {
    const key = await granted({ name: 'Busy' });
    const other = await granted({ name: 'Quiet' });
    for (let i = 0; i < 30; i++) expect((await state(key.key_uid)).statusCode).toBe(200);
    const limited = await t.call('GET', `/guest-access/${key.key_uid}/access-rules`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('too many requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await state(other.key_uid)).statusCode).toBe(200);
    clock.advance(61);
    expect((await state(key.key_uid)).statusCode).toBe(200);
  });

  it("shows a granter their own keys only; edits replace the key's rules and message", async () => {
    const granter = await addProjectUser(t, {
      login: `guest-own-${dialect}`,
      permissions: ['identifiers.create_guest'],
      group: 'Unit 201',
    });
    const mine = await granted({ name: 'Mine' }, granter.token);
    const theirs = await granted({ name: 'Theirs' });
    const list = await t.call('GET', `/guest-access/keys/items?${q({ size: 100 })}`, { token: granter.token });
    expect(list.json().data.map((k: { name: string }) => k.name)).toEqual(['Mine']);
    expect((await t.call('GET', `/guest-access/keys/${theirs.id}`, { token: granter.token })).statusCode).toBe(404);
    expect((await t.call('POST', `/guest-access/keys/${theirs.id}/revoke`, { token: granter.token })).statusCode).toBe(
      404,
    );
    const edited = await t.call('PATCH', `/identifiers/guest/${mine.id}`, {
      token: granter.token,
      body: { key_message: 'Gate code changed', name: 'Mine, edited' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await t.call('GET', `/guest-access/keys/${mine.id}`, { token: granter.token });
    expect(after.json().data).toMatchObject({
      name: 'Mine, edited',
      key_message: 'Gate code changed',
      key_uid: mine.key_uid,
    });
    const notMine = await t.call('PATCH', `/identifiers/guest/${mine.id}`, {
      token: granter.token,
      body: { access_rules: [staffRule] },
    });
    expect(notMine.json().message).toBe('invalid related entity sent');
  });
});
