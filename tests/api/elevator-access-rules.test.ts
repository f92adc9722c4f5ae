import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Auth } from '../../server/domain/auth/auth-context';
import {
  createElevatorRule,
  deleteElevatorRules,
  updateElevatorRule,
} from '../../server/domain/elevators/access-rule-writes';
import {
  ElevatorAccessRuleListSchema,
  ElevatorAccessRuleSchema,
} from '../../src/contract/entities/elevator-access-rule';
import { ALL_PERMISSIONS } from '../../src/contract/permissions';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Elevator access rules (issue 12; doc 1 §3, §5; doc 2 §6.2, §7.4): CRUD, section 5 (a user, an
 * elevator and a floor; floors an access rule may grant on the floor map), only elevators with
 * a floor sent back, users with elevator access disabled flagged, scopes (own, all), the
 * elevator licence, and the lift controllers each write reports as changed.
 */
const FLOORS = [
  { floor: 1, name: 'Lobby', is_panel_floor: true, ports: [1] },
  { floor: 2, apartments: ['21'], ports: [2] },
  { floor: 3, is_public: true, name: 'Gym', ports: [3] },
  { floor: 4, ports: [4] },
];

describe.each(dialects)('elevator access rules (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let concierge = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const lift = { A: 0, B: 0 };
  const controller = { A: 0, B: 0 };

  const put = (body: unknown, token = admin) => t.call('PUT', '/elevators/access-rules', { token, body });
  const create = async (body: Record<string, unknown>, token = admin) => {
    const res = await put(body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const names = async (token: string, params: Record<string, unknown> = {}) => {
    const res = await t.call('GET', `/elevators/access-rules/items?${q({ sort: 'name', ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(ElevatorAccessRuleListSchema, res.json()).data.map((r) => r.name);
  };
  const addLift = async (serial: string, group: string) => {
    const device = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: serial,
        type: 'liftcontroller',
        serial_number: serial,
        domain_id: ids.groups[group],
        device_settings: {
          lift_controller: { enabled: true, settings: { device_mode: 'call-up-down' }, floor_map: FLOORS },
        },
      },
    });
    expect(device.statusCode, device.body).toBe(200);
    const elevator = await t.call('PUT', '/elevators', {
      token: admin,
      body: { name: `${serial} lift`, domain_id: ids.groups[group], devices: [device.json().data] },
    });
    expect(elevator.statusCode, elevator.body).toBe(200);
    return { device: device.json().data as number, elevator: elevator.json().data as number };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    office = (await t.session('admin', undefined, 'Harbour Office')).token;
    concierge = (await t.session('concierge')).token;
    ids = await demoIds(t);
    const a = await addLift('EAR-A', 'Building A');
    const b = await addLift('EAR-B', 'Unit 101');
    lift.A = a.elevator;
    lift.B = b.elevator;
    controller.A = a.device;
    controller.B = b.device;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a rule; reads back users (flagging elevator access disabled) and elevators with their floors', async () => {
    await t.db.updateTable('users').set({ elevator_access_disabled: 1 }).where('id', '=', ids.users.staff!).execute();
    const id = await create({
      name: 'Residents lifts',
      description: 'Floors 2 and 4',
      users: [ids.users.resident, ids.users.staff],
      elevators: [
        { id: lift.B, floors: [4, 2] },
        { id: lift.A, floors: [1] },
      ],
    });
    const res = await t.call('GET', `/elevators/access-rules/${id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(ElevatorAccessRuleSchema, res.json().data)).toEqual({
      id,
      name: 'Residents lifts',
      description: 'Floors 2 and 4',
      users: [
        { id: ids.users.resident, name: 'Rita Resident', elevator_access_disabled: false },
        { id: ids.users.staff, name: 'Sam Staff', elevator_access_disabled: true },
      ],
      elevators: [
        { id: lift.A, name: 'EAR-A lift', floors: [1] },
        { id: lift.B, name: 'EAR-B lift', floors: [2, 4] },
      ],
      created_at: expect.any(String),
      created_by_user: { id: ids.users.admin, name: expect.any(String) },
    });
    // The elevator names the rules that grant its floors.
    const elevator = await t.call('GET', `/elevators/${lift.A}`, { token: admin });
    expect(elevator.json().data.elevator_access_rules).toEqual([{ id, name: 'Residents lifts' }]);
    await t.db.updateTable('users').set({ elevator_access_disabled: 0 }).where('id', '=', ids.users.staff!).execute();

    const patched = await t.call('PATCH', `/elevators/access-rules/${id}`, {
      token: admin,
      body: { name: 'Residents lift A', elevators: [{ id: lift.A, floors: [2] }] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      name: 'Residents lift A',
      users: [{ id: ids.users.resident }, { id: ids.users.staff }],
      elevators: [{ id: lift.A, floors: [2] }],
    });
    expect((await t.call('DELETE', `/elevators/access-rules/${id}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/elevators/access-rules/${id}`, { token: admin })).statusCode).toBe(404);
    const floors = await t.db.selectFrom('elevator_access_rule_floors').selectAll().where('rule_id', '=', id).execute();
    expect(floors).toEqual([]);
  });

  it('section 5: at least one user, one elevator and one floor of each; floors an access rule may grant', async () => {
    const empty = await put({ name: '', users: [], elevators: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'invalid data sent',
      errors: {
        name: { code: 'required' },
        users: { code: 'user_required' },
        elevators: { code: 'elevator_required' },
      },
    });
    const noFloor = await put({ name: 'x', users: [ids.users.resident], elevators: [{ id: lift.A, floors: [] }] });
    expect(noFloor.json()).toEqual({
      message: 'invalid data sent',
      errors: { 'elevators.0.floors': { code: 'floor_required' } },
    });
    // Floor 3 is public (open to all: nothing to grant), floor 9 is not on the map.
    const off = await put({ name: 'x', users: [ids.users.resident], elevators: [{ id: lift.A, floors: [2, 3, 9] }] });
    expect(off.json()).toEqual({
      message: 'invalid data sent',
      errors: {
        'elevators.0.floors.1': { code: 'not_on_floor_map' },
        'elevators.0.floors.2': { code: 'not_on_floor_map' },
      },
    });
    const twice = await put({
      name: 'x',
      users: [ids.users.resident],
      elevators: [
        { id: lift.A, floors: [2, 2] },
        { id: lift.A, floors: [1] },
      ],
    });
    expect(twice.json()).toEqual({
      message: 'invalid data sent',
      errors: { 'elevators.0.floors.1': { code: 'not_unique' }, 'elevators.1.id': { code: 'not_unique' } },
    });
    const unknownUser = await put({ name: 'x', users: [999999], elevators: [{ id: lift.A, floors: [2] }] });
    expect(unknownUser.json()).toEqual({ message: 'invalid related entity sent', entities: ['users'] });
    const unknownLift = await put({ name: 'x', users: [ids.users.resident], elevators: [{ id: 999999, floors: [2] }] });
    expect(unknownLift.json()).toEqual({ message: 'invalid related entity sent', entities: ['elevators'] });
  });

  it('only elevators with at least one floor are sent back: floors that left the floor map go, then the elevator', async () => {
    const id = await create({
      name: 'Map change',
      users: [ids.users.resident],
      elevators: [
        { id: lift.A, floors: [1, 4] },
        { id: lift.B, floors: [4] },
      ],
    });
    const remap = await t.call('PATCH', `/devices/${controller.B}`, {
      token: admin,
      body: { device_settings: { lift_controller: { floor_map: [{ floor: 1, ports: [1] }] } } },
    });
    expect(remap.statusCode, remap.body).toBe(200);
    const item = (await t.call('GET', `/elevators/access-rules/${id}`, { token: admin })).json().data;
    expect(item.elevators).toEqual([{ id: lift.A, name: 'EAR-A lift', floors: [1, 4] }]);
    const back = await t.call('PATCH', `/devices/${controller.B}`, {
      token: admin,
      body: { device_settings: { lift_controller: { floor_map: FLOORS } } },
    });
    expect(back.statusCode, back.body).toBe(200);
    await t.call('DELETE', `/elevators/access-rules/${id}`, { token: admin });
  });

  it('scopes: view_own sees what one created, view_all the project; filters by user and elevator, name search', async () => {
    const byAdmin = await create({
      name: 'Scope admin',
      users: [ids.users.resident],
      elevators: [{ id: lift.A, floors: [1] }],
    });
    const author = await addProjectUser(t, {
      login: 'ear-author',
      permissions: ['elevator_access_rules.view_own', 'elevator_access_rules.create', 'users.view'],
      group: 'Unit 101',
    });
    const all = await addProjectUser(t, {
      login: 'ear-all',
      permissions: ['elevator_access_rules.view_all'],
      group: 'Unit 102',
    });
    const own = await create(
      { name: 'Scope own', users: [ids.users.resident], elevators: [{ id: lift.B, floors: [2] }] },
      author.token,
    );
    expect(await names(author.token)).toEqual(['Scope own']);
    const scope = { filters: JSON.stringify([{ field: 'search', rule: 'contains', value: 'scope' }]) };
    expect(await names(all.token, scope)).toEqual(['Scope admin', 'Scope own']);
    expect((await t.call('GET', `/elevators/access-rules/${byAdmin}`, { token: author.token })).statusCode).toBe(404);
    const noEdit = await t.call('PATCH', `/elevators/access-rules/${own}`, {
      token: author.token,
      body: { name: 'y' },
    });
    expect(noEdit.statusCode).toBe(403);
    // Elevators beyond the caller's reach (Building A's, from Unit 101) are not theirs to name.
    const outside = await put(
      { name: 'x', users: [ids.users.resident], elevators: [{ id: lift.A, floors: [1] }] },
      author.token,
    );
    expect(outside.json()).toEqual({ message: 'invalid related entity sent', entities: ['elevators'] });
    const staff = await put(
      { name: 'x', users: [ids.users.staff], elevators: [{ id: lift.B, floors: [1] }] },
      author.token,
    );
    expect(staff.json()).toEqual({ message: 'invalid related entity sent', entities: ['users'] });

    const only = (filters: unknown[]) => names(admin, { filters: JSON.stringify(filters) });
    expect(await only([{ field: 'elevators', rule: 'has', value: [lift.B] }])).toEqual(['Scope own']);
    // The demo's residents' lift rule names the resident too.
    expect(await only([{ field: 'users', rule: 'has', value: [ids.users.resident] }])).toEqual([
      'Residents — Building A lift',
      'Scope admin',
      'Scope own',
    ]);
    expect(await only([{ field: 'search', rule: 'contains', value: 'ADMIN' }])).toEqual(['Scope admin']);
    await t.call('POST', '/elevators/access-rules/delete-all', { token: admin, body: { items: [byAdmin, own] } });
    expect(await names(admin)).toEqual(['Residents — Building A lift', 'Staff — every floor']);
  }, 60_000);

  it('the demo seeds rules for residents and staff on the demo lift', async () => {
    const res = await t.call('GET', `/elevators/access-rules/items?${q({ sort: 'name' })}`, { token: admin });
    const rules = v.parse(ElevatorAccessRuleListSchema, res.json()).data;
    expect(rules.map((r) => [r.name, r.users.map((u) => u.name), r.elevators])).toEqual([
      [
        'Residents — Building A lift',
        ['Rita Resident'],
        [{ id: expect.any(Number), name: 'Building A lift', floors: [1, 2, 3, 4] }],
      ],
      [
        'Staff — every floor',
        ['Cole Concierge', 'Cora Concierge', 'Sam Staff'],
        [{ id: expect.any(Number), name: 'Building A lift', floors: [1, 2, 3, 4] }],
      ],
    ]);
  });

  it('permissions and the licence: no permission is 403; an unlicensed project is 403 too', async () => {
    expect((await t.call('GET', '/elevators/access-rules/items', { token: concierge })).statusCode).toBe(403);
    const viewer = await addProjectUser(t, {
      login: 'ear-viewer',
      permissions: ['elevator_access_rules.view_all', 'elevators.view_all'],
      group: 'Unit 101',
    });
    expect((await t.call('PUT', '/elevators/access-rules', { token: viewer.token, body: {} })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/elevators/access-rules/1', { token: viewer.token })).statusCode).toBe(403);
    const unlicensed = await t.call('GET', '/elevators/access-rules/items', { token: office });
    expect(unlicensed.statusCode).toBe(403);
    expect(unlicensed.json().message).toBe('method or action prohibited');
  });

  it('each write answers the elevators and their lift controllers whose access changed', async () => {
    const auth: Auth = {
      userId: ids.users.admin ?? 0,
      projectId: ids.projectId,
      projectName: 'Riverside Residence',
      familyId: 'test',
      role: { id: 0, name: 'test', isAdmin: true, permissions: [...ALL_PERMISSIONS] },
    };
    const created = await createElevatorRule(t.db, auth, {
      name: 'Sync',
      description: null,
      users: [ids.users.resident ?? 0],
      elevators: [{ id: lift.A, floors: [1] }],
    });
    expect(created).toMatchObject({ elevators: [lift.A], devices: [controller.A] });
    const moved = await updateElevatorRule(t.db, auth, created.id, { elevators: [{ id: lift.B, floors: [2] }] });
    const both = (x: number, y: number) => [x, y].sort((m, n) => m - n);
    expect(moved).toEqual({ elevators: both(lift.A, lift.B), devices: both(controller.A, controller.B) });
    expect(await updateElevatorRule(t.db, auth, created.id, { name: 'Sync 2' })).toEqual({
      elevators: [lift.B],
      devices: [controller.B],
    });
    expect(await deleteElevatorRules(t.db, [created.id])).toEqual({
      deleted: 1,
      elevators: [lift.B],
      devices: [controller.B],
    });
  });
});
