import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccessRule,
  deleteAccessRules,
  updateAccessRule,
} from '../../server/domain/access/rules/access-rule-writes';
import type { Auth } from '../../server/domain/auth/auth-context';
import {
  AccessRuleListSchema,
  AccessRuleSchema,
  AvailableAccessRuleSchema,
} from '../../src/contract/entities/access-rule';
import { ALL_PERMISSIONS } from '../../src/contract/permissions';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Access rules (issue 12; doc 1 §3, §5; doc 2 §6.2, §7.5): CRUD with every joined thing read
 * back by name, section 5 (a device, locks within the device's relays), related ids of the
 * project and the caller's reach, scopes in SQL (view: what one created; view_all: the
 * project's), filters and search, the available-access-rules picker, and the devices each
 * write reports as changed (for the access sync).
 */
describe.each(dialects)('access rules (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let concierge = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const dev = {} as Record<'AC' | 'PANEL' | 'BARRIER' | 'UNIT' | 'OFFICE', number>;
  let schedule = 0;
  let foreignSchedule = 0;
  let card = 0;
  let foreignCard = 0;

  const addDevice = async (name: string, type: string, group: string, token = admin, groupId?: number) => {
    const res = await t.call('PUT', '/devices', {
      token,
      body: { name, type, serial_number: name, domain_id: groupId ?? ids.groups[group] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const put = (body: unknown, token = admin) => t.call('PUT', '/access-rules', { token, body });
  const create = async (body: Record<string, unknown>, token = admin) => {
    const res = await put(body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const names = async (token: string, params: Record<string, unknown> = {}) => {
    const res = await t.call('GET', `/access-rules/items?${q({ sort: 'name', ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AccessRuleListSchema, res.json()).data.map((r) => r.name);
  };
  const now = new Date().toISOString();
  const insertTimeRule = async (projectId: number, name: string) =>
    (
      await t.db
        .insertInto('time_rules')
        .values({ project_id: projectId, name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const insertCard = async (projectId: number, value: string, name: string | null) =>
    (
      await t.db
        .insertInto('identifiers')
        .values({ project_id: projectId, type: 'card', value, name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    office = (await t.session('admin', undefined, 'Harbour Office')).token;
    concierge = (await t.session('concierge')).token;
    ids = await demoIds(t);
    dev.AC = await addDevice('AR-AC', 'accesscontroller', 'Building A');
    dev.PANEL = await addDevice('AR-PANEL', 'panel', 'Building A');
    dev.BARRIER = await addDevice('AR-BARRIER', 'barrier', 'Building A');
    dev.UNIT = await addDevice('AR-UNIT', 'accesscontroller', 'Unit 101');
    const officeRoot = await t.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirstOrThrow();
    dev.OFFICE = await addDevice('AR-OFFICE', 'barrier', '', office, officeRoot.id);
    const officeProject = await t.db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirstOrThrow();
    schedule = await insertTimeRule(ids.projectId, 'Working hours');
    foreignSchedule = await insertTimeRule(officeProject.id, 'Office hours');
    card = await insertCard(ids.projectId, 'AR-0001', 'Blue card');
    foreignCard = await insertCard(officeProject.id, 'AR-0002', null);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a rule with doors, schedules, users, identifiers and groups; reads every one back by name', async () => {
    const id = await create({
      name: '  Residents A  ',
      description: 'Building A doors',
      devices: [
        { id: dev.AC, lock_number: 3 },
        { id: dev.PANEL, lock_number: 2 },
        { id: dev.AC, lock_number: 1 },
      ],
      time_rules: [schedule],
      users: [ids.users.resident],
      identifiers: [card],
      domains: [ids.groups['Building A']],
    });
    const res = await t.call('GET', `/access-rules/${id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const item = v.parse(AccessRuleSchema, res.json().data);
    expect(item).toEqual({
      id,
      name: 'Residents A',
      description: 'Building A doors',
      devices: [
        { id: dev.AC, name: 'AR-AC', type: 'accesscontroller', lock_number: 1 },
        { id: dev.AC, name: 'AR-AC', type: 'accesscontroller', lock_number: 3 },
        { id: dev.PANEL, name: 'AR-PANEL', type: 'panel', lock_number: 2 },
      ],
      time_rules: [{ id: schedule, name: 'Working hours' }],
      users: [{ id: ids.users.resident, name: 'Rita Resident' }],
      identifiers: [{ id: card, name: 'Blue card', type: 'card', value: 'AR-0001' }],
      domains: [{ id: ids.groups['Building A'], name: 'Building A' }],
      prohibition: false,
      is_shareable: true,
      created_at: expect.any(String),
      created_by_user: { id: ids.users.admin, name: expect.any(String) },
    });

    // PATCH replaces what it names and keeps the rest.
    const patched = await t.call('PATCH', `/access-rules/${id}`, {
      token: admin,
      body: { devices: [{ id: dev.BARRIER }], users: [], prohibition: true, is_shareable: false, description: ' ' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      devices: [{ id: dev.BARRIER, name: 'AR-BARRIER', type: 'barrier', lock_number: 1 }],
      users: [],
      time_rules: [{ id: schedule }],
      identifiers: [{ id: card }],
      domains: [{ id: ids.groups['Building A'] }],
      prohibition: true,
      is_shareable: false,
      description: null,
    });
    const joins = await t.db.selectFrom('access_rule_devices').selectAll().where('access_rule_id', '=', id).execute();
    expect(joins.map((j) => [Number(j.device_id), Number(j.lock_number)])).toEqual([[dev.BARRIER, 1]]);

    expect((await t.call('DELETE', `/access-rules/${id}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/access-rules/${id}`, { token: admin })).statusCode).toBe(404);
    const left = await t.db.selectFrom('access_rule_time_rules').selectAll().where('access_rule_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('section 5: a name and at least one device; locks within the device’s relays, each door once', async () => {
    const empty = await put({ name: '', devices: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'invalid data sent',
      errors: { name: { code: 'required' }, devices: { code: 'device_required' } },
    });
    const missing = await put({ name: 'No doors' });
    expect(missing.json().errors).toEqual({ devices: { code: 'required' } });

    const beyond = await put({
      name: 'Too many locks',
      devices: [
        { id: dev.PANEL, lock_number: 2 },
        { id: dev.PANEL, lock_number: 3 },
        { id: dev.BARRIER, lock_number: 2 },
        { id: dev.AC, lock_number: 4 },
      ],
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({
      message: 'invalid data sent',
      errors: {
        'devices.1.lock_number': { code: 'range', params: { min: 1, max: 2 } },
        'devices.2.lock_number': { code: 'range', params: { min: 1, max: 1 } },
      },
    });
    const zero = await put({ name: 'Zero', devices: [{ id: dev.AC, lock_number: 0 }] });
    expect(zero.json().errors).toEqual({ 'devices.0.lock_number': { code: 'min_value', params: { min: 1 } } });
    const twice = await put({ name: 'Twice', devices: [{ id: dev.AC }, { id: dev.AC, lock_number: 1 }] });
    expect(twice.json()).toEqual({ message: 'invalid data sent', errors: { 'devices.1': { code: 'not_unique' } } });
    const noDoors = await t.call('PATCH', '/access-rules/999999', { token: admin, body: { devices: [] } });
    expect(noDoors.statusCode).toBe(404);
    const existing = await create({ name: 'Keeps its door', devices: [{ id: dev.AC }] });
    const cleared = await t.call('PATCH', `/access-rules/${existing}`, { token: admin, body: { devices: [] } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toEqual({ devices: { code: 'device_required' } });
    const bad = await put({ name: 'x', devices: [{ id: dev.AC }], prohibition: 'yes', users: ['a'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['prohibition', 'users.0']);
    await t.call('DELETE', `/access-rules/${existing}`, { token: admin });
  });

  it('every related id is the project’s: another project’s device, schedule, identifier or an unknown id is refused', async () => {
    const door = [{ id: dev.AC }];
    const cases: [Record<string, unknown>, string[]][] = [
      [{ devices: [{ id: dev.OFFICE }] }, ['devices']],
      [{ devices: [{ id: 999999 }] }, ['devices']],
      [{ devices: door, time_rules: [foreignSchedule] }, ['time_rules']],
      [{ devices: door, identifiers: [foreignCard, card] }, ['identifiers']],
      [{ devices: door, users: [999999] }, ['users']],
      [{ devices: door, domains: [999999], time_rules: [999999] }, ['time_rules', 'domains']],
    ];
    for (const [body, entities] of cases) {
      const res = await put({ name: 'Wrong', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid related entity sent', entities });
    }
    expect(
      await names(admin, { filters: JSON.stringify([{ field: 'name', rule: 'equals', value: 'Wrong' }]) }),
    ).toEqual([]);
  });

  it('scopes in SQL: view sees what one created, view_all the project; edits and deletes stay within', async () => {
    const byAdmin = await create({ name: 'Scope admin rule', devices: [{ id: dev.AC }] });
    const author = await addProjectUser(t, {
      login: 'ar-author',
      permissions: ['access_rules.view', 'access_rules.create', 'access_rules.edit', 'devices.view', 'users.view'],
      group: 'Unit 101',
    });
    const all = await addProjectUser(t, {
      login: 'ar-all',
      permissions: ['access_rules.view_all'],
      group: 'Unit 102',
    });
    const own = await create({ name: 'Scope own rule', devices: [{ id: dev.UNIT }] }, author.token);
    expect(await names(author.token)).toEqual(['Scope own rule']);
    const everything = await names(all.token);
    expect(everything).toContain('Scope admin rule');
    expect(everything).toContain('Scope own rule');
    expect((await t.call('GET', `/access-rules/${byAdmin}`, { token: author.token })).statusCode).toBe(404);
    const foreignEdit = await t.call('PATCH', `/access-rules/${byAdmin}`, { token: author.token, body: { name: 'x' } });
    expect(foreignEdit.statusCode).toBe(404);
    // view_all without edit: sees, may not change.
    const noEdit = await t.call('PATCH', `/access-rules/${own}`, { token: all.token, body: { name: 'x' } });
    expect(noEdit.statusCode).toBe(403);
    const noDelete = await t.call('DELETE', `/access-rules/${own}`, { token: author.token });
    expect(noDelete.statusCode).toBe(403);

    // Related things within the caller's reach only: a device of Building A is not theirs (devices.view: own groups).
    const outside = await put({ name: 'x', devices: [{ id: dev.AC }] }, author.token);
    expect(outside.json()).toEqual({ message: 'invalid related entity sent', entities: ['devices'] });
    const noGroups = await put(
      { name: 'x', devices: [{ id: dev.UNIT }], domains: [ids.groups['Unit 101']] },
      author.token,
    );
    expect(noGroups.json()).toEqual({ message: 'invalid related entity sent', entities: ['domains'] });
    const staff = await put({ name: 'x', devices: [{ id: dev.UNIT }], users: [ids.users.staff] }, author.token);
    expect(staff.json()).toEqual({ message: 'invalid related entity sent', entities: ['users'] });
    const resident = await t.call('PATCH', `/access-rules/${own}`, {
      token: author.token,
      body: { users: [ids.users.resident] },
    });
    expect(resident.statusCode, resident.body).toBe(200);
    await t.call('POST', '/access-rules/delete-all', { token: admin, body: { items: [byAdmin, own] } });
  }, 60_000);

  it('permissions: no access rule permission is 403 for every call', async () => {
    expect((await t.call('GET', '/access-rules/items', { token: concierge })).statusCode).toBe(403);
    expect((await t.call('PUT', '/access-rules', { token: concierge, body: {} })).statusCode).toBe(403);
    const viewer = await addProjectUser(t, {
      login: 'ar-viewer',
      permissions: ['access_rules.view'],
      group: 'Unit 101',
    });
    const res = await t.call('PUT', '/access-rules', { token: viewer.token, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('method or action prohibited');
    // The other project's admin sees its own (none) and none of this one's.
    const id = await create({ name: 'Residence only', devices: [{ id: dev.AC }] });
    expect(await names(office)).toEqual([]);
    expect((await t.call('GET', `/access-rules/${id}`, { token: office })).statusCode).toBe(404);
    await t.call('DELETE', `/access-rules/${id}`, { token: admin });
  });

  it('filters by group, device, user and prohibition, and searches the name', async () => {
    const a = await create({
      name: 'Filter entrance',
      devices: [{ id: dev.PANEL }],
      domains: [ids.groups['Building A']],
    });
    const b = await create({
      name: 'Filter ban',
      devices: [{ id: dev.AC, lock_number: 2 }],
      users: [ids.users.staff],
      prohibition: true,
    });
    const c = await create({ name: 'Filter unit', devices: [{ id: dev.UNIT }], domains: [ids.groups['Unit 101']] });
    const only = (filters: unknown[]) => names(admin, { filters: JSON.stringify(filters) });
    const mine = { field: 'search', rule: 'contains', value: 'filter' };
    expect(await only([mine])).toEqual(['Filter ban', 'Filter entrance', 'Filter unit']);
    expect(await only([mine, { field: 'domains', rule: 'has', value: [ids.groups['Building A']] }])).toEqual([
      'Filter entrance',
    ]);
    expect(await only([mine, { field: 'domains', rule: 'is', value: 'null' }])).toEqual(['Filter ban']);
    expect(await only([mine, { field: 'devices', rule: 'has', value: [dev.AC, dev.UNIT] }])).toEqual([
      'Filter ban',
      'Filter unit',
    ]);
    expect(await only([mine, { field: 'users', rule: 'has', value: [ids.users.staff] }])).toEqual(['Filter ban']);
    expect(await only([mine, { field: 'prohibition', rule: 'equals', value: true }])).toEqual(['Filter ban']);
    expect(await only([mine, { field: 'prohibition', rule: 'equals', value: false }])).toEqual([
      'Filter entrance',
      'Filter unit',
    ]);
    expect(await only([{ field: 'search', rule: 'contains', value: 'UNIT' }])).toEqual(['Filter unit']);
    const wrong = await t.call(
      'GET',
      `/access-rules/items?${q({ filters: JSON.stringify([{ field: 'description', rule: 'equals', value: 'x' }]) })}`,
      { token: admin },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('wrong parameters');
    await t.call('POST', '/access-rules/delete-all', { token: admin, body: { items: [a, b, c] } });
  });

  it('available access rules: shareable grants the caller sees or that apply to them (a group of theirs within the rule’s)', async () => {
    const building = await create({
      name: 'Avail building',
      devices: [{ id: dev.PANEL }],
      domains: [ids.groups['Building A']],
    });
    const personal = await create({ name: 'Avail personal', devices: [{ id: dev.AC }], users: [ids.users.staff] });
    const closed = await create({
      name: 'Avail closed',
      devices: [{ id: dev.AC }],
      domains: [ids.groups['Building A']],
      is_shareable: false,
    });
    const ban = await create({
      name: 'Avail ban',
      devices: [{ id: dev.AC }],
      domains: [ids.groups['Building A']],
      prohibition: true,
    });
    const other = await create({
      name: 'Avail other unit',
      devices: [{ id: dev.UNIT }],
      domains: [ids.groups['Unit 102']],
    });
    const granter = await addProjectUser(t, {
      login: 'ar-granter',
      permissions: ['identifiers.create_guest'],
      group: 'Unit 101',
    });
    const list = async (token: string) => {
      const res = await t.call(
        'GET',
        `/access-rules/available/items?${q({ sort: 'name', size: 100, filters: JSON.stringify([{ field: 'search', rule: 'contains', value: 'avail' }]) })}`,
        { token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: unknown) => v.parse(AvailableAccessRuleSchema, r));
    };
    const forGranter = await list(granter.token);
    expect(forGranter).toEqual([
      {
        id: building,
        name: 'Avail building',
        description: null,
        devices: [{ id: dev.PANEL, name: 'AR-PANEL', type: 'panel', lock_number: 1 }],
      },
    ]);
    // The administrator (view_all) may hand on every shareable grant of the project.
    expect((await list(admin)).map((r: { name: string }) => r.name)).toEqual([
      'Avail building',
      'Avail other unit',
      'Avail personal',
    ]);
    expect((await t.call('GET', '/access-rules/available/items', { token: concierge })).statusCode).toBe(403);
    await t.call('POST', '/access-rules/delete-all', {
      token: admin,
      body: { items: [building, personal, closed, ban, other] },
    });
  });

  it('each write answers the devices whose access changed: the rule’s doors before and after', async () => {
    const perms = ALL_PERMISSIONS;
    const auth: Auth = {
      userId: ids.users.admin ?? 0,
      projectId: ids.projectId,
      projectName: 'Riverside Residence',
      familyId: 'test',
      role: { id: 0, name: 'test', isAdmin: true, permissions: [...perms] },
    };
    const created = await createAccessRule(t.db, auth, {
      name: 'Sync rule',
      description: null,
      devices: [
        { id: dev.PANEL, lock_number: 1 },
        { id: dev.AC, lock_number: 2 },
        { id: dev.AC, lock_number: 1 },
      ],
      time_rules: [],
      users: [],
      identifiers: [],
      domains: [],
      prohibition: false,
      is_shareable: true,
    });
    expect(created.devices).toEqual([dev.AC, dev.PANEL].sort((x, y) => x - y));
    const moved = await updateAccessRule(t.db, auth, created.id, { devices: [{ id: dev.BARRIER, lock_number: 1 }] });
    expect(moved.devices).toEqual([dev.AC, dev.PANEL, dev.BARRIER].sort((x, y) => x - y));
    const renamed = await updateAccessRule(t.db, auth, created.id, { name: 'Sync rule 2' });
    expect(renamed.devices).toEqual([dev.BARRIER]);
    const gone = await deleteAccessRules(t.db, [created.id, 999999]);
    expect(gone).toEqual({ deleted: 1, devices: [dev.BARRIER] });
  });

  it('the demo seeds rules for residents, staff and the cleaning company (with a prohibition)', async () => {
    const seeded = v
      .parse(
        AccessRuleListSchema,
        (await t.call('GET', `/access-rules/items?${q({ sort: 'name', size: 100 })}`, { token: admin })).json(),
      )
      .data.filter((r) => r.created_by_user?.id === ids.users.admin && !r.name.startsWith('Scope'));
    expect(
      seeded.map((r) => [
        r.name,
        r.devices.map((d) => `${d.name} #${d.lock_number}`),
        r.domains.map((g) => g.name),
        r.users.map((u) => u.name),
        r.prohibition,
        r.is_shareable,
      ]),
    ).toEqual([
      ['Cleaning company — common areas', ['Entrance panel #1', 'Main door controller #1'], [], [], false, false],
      ['Cleaning company — no bike room', ['Bike room controller #1'], [], [], true, false],
      // The demo amenities' doors (issue 13): opened by their reservations' QR codes only.
      ['Gym — reservations', ['Main door controller #3'], [], [], false, false],
      ['Meeting room — reservations', ['Main door controller #4'], [], [], false, false],
      ['Residents — Building A', ['Entrance panel #1', 'Main door controller #1'], ['Building A'], [], false, true],
      [
        'Staff — all doors',
        [
          'Bike room controller #1',
          'Entrance panel #1',
          'Entrance panel #2',
          'Main door controller #1',
          'Main door controller #2',
        ],
        [],
        ['Cole Concierge', 'Cora Concierge', 'Sam Staff'],
        false,
        false,
      ],
    ]);
  });

  it('a deleted device, user or group leaves the rule', async () => {
    const spare = await addDevice('AR-SPARE', 'barrier', 'Building A');
    const id = await create({ name: 'Spare rule', devices: [{ id: spare }, { id: dev.AC }] });
    expect((await t.call('DELETE', `/devices/${spare}`, { token: admin })).statusCode).toBe(200);
    const item = (await t.call('GET', `/access-rules/${id}`, { token: admin })).json().data;
    expect(item.devices).toEqual([{ id: dev.AC, name: 'AR-AC', type: 'accesscontroller', lock_number: 1 }]);
    await t.call('DELETE', `/access-rules/${id}`, { token: admin });
  });
});
