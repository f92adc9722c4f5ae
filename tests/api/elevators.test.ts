import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import {
  ElevatorControllerOptionSchema,
  ElevatorListSchema,
  ElevatorSchema,
} from '../../src/contract/entities/elevator';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { brokerUrlOf, eventually } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Elevators (issue 11; doc 1 §3, §5; doc 2 §6.2, §7.4, §8.2): CRUD with the section 5 rules,
 * scopes in SQL, permissions and the licence, the controller picker, floors with mode=access,
 * and the lift call reaching a simulated lift controller over the embedded broker.
 */
const FLOORS = [
  { floor: 1, name: 'Lobby', is_panel_floor: true, ports: [1] },
  { floor: 2, apartments: ['21', '22'], ports: [2] },
  { floor: 3, is_public: true, name: 'Gym', ports: [3] },
];

describe.each(dialects)('elevators (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let concierge = '';
  let url = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  type Lift = 'LIFT-1' | 'LIFT-2' | 'LIFT-3' | 'LIFT-4' | 'LIFT-DOWN' | 'LIFT-BARE' | 'PANEL';
  const lifts = {} as Record<Lift, number>;
  const started: SimulatedDevice[] = [];

  const addDevice = async (serial: string, type: string, floors: unknown[] = FLOORS, mode = 'call-up-down') => {
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: serial,
        type,
        serial_number: serial,
        domain_id: ids.groups['Building A'],
        device_settings: {
          mqtt_password: `${serial}-secret`,
          ...(type === 'liftcontroller'
            ? { lift_controller: { enabled: true, settings: { device_mode: mode }, floor_map: floors } }
            : {}),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const put = (body: unknown, token = admin) => t.call('PUT', '/elevators', { token, body });
  const create = async (name: string, devices: number[], group = 'Building A', token = admin) => {
    const res = await put({ name, domain_id: ids.groups[group], devices }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const names = async (token: string, params: Record<string, unknown> = {}) => {
    const res = await t.call('GET', `/elevators/items?${q({ sort: 'name', ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(ElevatorListSchema, res.json()).data.map((e) => e.name);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    office = (await t.session('admin', undefined, 'Harbour Office')).token;
    concierge = (await t.session('concierge')).token;
    ids = await demoIds(t);
    url = await brokerUrlOf(t, admin);
    for (const serial of ['LIFT-1', 'LIFT-2', 'LIFT-3', 'LIFT-4'] as const)
      lifts[serial] = await addDevice(serial, 'liftcontroller');
    lifts['LIFT-DOWN'] = await addDevice('LIFT-DOWN', 'liftcontroller', [{ floor: 5, ports: [5] }], 'call-down');
    lifts['LIFT-BARE'] = await addDevice('LIFT-BARE', 'liftcontroller', []);
    lifts.PANEL = await addDevice('EL-PANEL', 'panel');
  });
  afterAll(async () => {
    await Promise.all(started.map((d) => d.stop()));
    await t.close();
  });

  it('creates an elevator; the item shows its group and controllers with their floor maps', async () => {
    const id = await create('Lift A', [lifts['LIFT-1']]);
    const res = await t.call('GET', `/elevators/${id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const item = v.parse(ElevatorSchema, res.json().data);
    expect(item).toMatchObject({
      name: 'Lift A',
      domain_id: ids.groups['Building A'],
      domain: { id: ids.groups['Building A'], name: 'Building A' },
      hasAccessModeController: true,
      elevator_access_rules: [],
      created_by_user: { name: expect.any(String) },
    });
    expect(item.devices).toHaveLength(1);
    expect(item.devices[0]).toMatchObject({
      id: lifts['LIFT-1'],
      name: 'LIFT-1',
      serial_number: 'LIFT-1',
      device_info: { status: 'offline' },
    });
    expect(item.devices[0]?.lift_controller.settings.device_mode).toBe('call-up-down');
    expect(item.devices[0]?.lift_controller.floor_map.map((f) => f.floor)).toEqual([1, 2, 3]);

    const renamed = await t.call('PATCH', `/elevators/${id}`, { token: admin, body: { name: 'Lift A1' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Lift A1', devices: [{ id: lifts['LIFT-1'] }] });
    expect(
      await names(admin, { filters: JSON.stringify([{ field: 'devices', rule: 'has', value: [lifts['LIFT-1']] }]) }),
    ).toEqual(['Lift A1']);

    const gone = await t.call('DELETE', `/elevators/${id}`, { token: admin });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.call('GET', `/elevators/${id}`, { token: admin })).statusCode).toBe(404);
    // The controller is free again.
    const again = await create('Lift A again', [lifts['LIFT-1']]);
    await t.call('DELETE', `/elevators/${again}`, { token: admin });
  });

  it('validates the body: a name, a group and at least one controller', async () => {
    const res = await put({ name: '', devices: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { name: { code: 'required' }, domain_id: { code: 'required' }, devices: { code: 'required' } },
    });
    const empty = await t.call('PATCH', `/elevators/999999`, { token: admin, body: {} });
    expect(empty.statusCode).toBe(404);
  });

  it('section 5 and 8.2: lift controllers only, with a floor map, each in one elevator, sent once', async () => {
    const panel = await put({ name: 'Bad', domain_id: ids.groups['Building A'], devices: [lifts.PANEL] });
    expect(panel.statusCode).toBe(400);
    expect(panel.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['devices'] });

    const bare = await put({
      name: 'Bad',
      domain_id: ids.groups['Building A'],
      devices: [lifts['LIFT-2'], lifts['LIFT-BARE']],
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      message: 'invalid data sent',
      errors: { 'devices.1': { code: 'floor_map_required' } },
    });

    const twice = await put({
      name: 'Bad',
      domain_id: ids.groups['Building A'],
      devices: [lifts['LIFT-2'], lifts['LIFT-2']],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'invalid data sent', errors: { 'devices.1': { code: 'not_unique' } } });

    const first = await create('Lift B', [lifts['LIFT-2']]);
    const linked = await put({ name: 'Lift C', domain_id: ids.groups['Building A'], devices: [lifts['LIFT-2']] });
    expect(linked.statusCode).toBe(400);
    expect(linked.json()).toEqual({
      message: 'controller already linked to another elevator',
      errors: { 'devices.0': { code: 'not_unique' } },
    });
    const other = await create('Lift C', [lifts['LIFT-3']]);
    const moved = await t.call('PATCH', `/elevators/${other}`, { token: admin, body: { devices: [lifts['LIFT-2']] } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('controller already linked to another elevator');
    // Saving an elevator with its own controller is fine.
    const same = await t.call('PATCH', `/elevators/${first}`, { token: admin, body: { devices: [lifts['LIFT-2']] } });
    expect(same.statusCode, same.body).toBe(200);

    const foreign = await put({ name: 'Bad', domain_id: 999999, devices: [lifts['LIFT-4']] });
    expect(foreign.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['domain'] });
    const unknown = await put({ name: 'Bad', domain_id: ids.groups['Building A'], devices: [999999] });
    expect(unknown.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['devices'] });
    await t.call('POST', '/elevators/delete-all', { token: admin, body: { items: [first, other] } });
  });

  it('floor map rules stay the device’s: a floor is not both public and the panel’s, no apartments on the panel’s floor', async () => {
    const res = await t.call('PATCH', `/devices/${lifts['LIFT-4']}`, {
      token: admin,
      body: {
        device_settings: {
          lift_controller: {
            floor_map: [
              { floor: 1, is_public: true, is_panel_floor: true, ports: [1] },
              { floor: 2, is_panel_floor: true, apartments: ['21'], ports: [2] },
            ],
          },
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'device_settings.lift_controller.floor_map.0.is_panel_floor': { code: 'invalid' },
      'device_settings.lift_controller.floor_map.1.apartments': { code: 'invalid' },
    });
    const mode = await t.call('PATCH', `/devices/${lifts['LIFT-4']}`, {
      token: admin,
      body: { device_settings: { lift_controller: { settings: { device_mode: 'call-sideways' } } } },
    });
    expect(mode.statusCode).toBe(400);
  });

  it('answers the floors, and with mode=access only those an access rule may grant (not public)', async () => {
    const id = await create('Lift F', [lifts['LIFT-3']]);
    const all = await t.call('GET', `/elevators/${id}/floors`, { token: admin });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual([
      { floor: 1, name: 'Lobby', is_public: false, is_panel_floor: true, apartments: [] },
      { floor: 2, name: null, is_public: false, is_panel_floor: false, apartments: ['21', '22'] },
      { floor: 3, name: 'Gym', is_public: true, is_panel_floor: false, apartments: [] },
    ]);
    const access = await t.call('GET', `/elevators/${id}/floors?mode=access`, { token: admin });
    expect(access.json().data.map((f: { floor: number }) => f.floor)).toEqual([1, 2]);
    const bad = await t.call('GET', `/elevators/${id}/floors?mode=everything`, { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('wrong parameters');
    await t.call('DELETE', `/elevators/${id}`, { token: admin });
  });

  it('the controller picker lists lift controllers; free_for keeps the free ones and those of one elevator', async () => {
    const id = await create('Lift P', [lifts['LIFT-3']]);
    const list = async (filters: unknown[]) => {
      const res = await t.call(
        'GET',
        `/elevators/controllers/items?${q({ sort: 'name', filters: JSON.stringify(filters) })}`,
        {
          token: admin,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: unknown) => v.parse(ElevatorControllerOptionSchema, r));
    };
    const every = await list([]);
    // Our six lift controllers and the demo's; never the panel.
    expect(every.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['LIFT-1', 'LIFT-2', 'LIFT-3', 'LIFT-4', 'LIFT-BARE', 'LIFT-DOWN', 'Lift controller']),
    );
    expect(every.map((c: { name: string }) => c.name)).not.toContain('EL-PANEL');
    expect(every.find((c: { id: number }) => c.id === lifts['LIFT-3'])).toMatchObject({
      elevator: { id, name: 'Lift P' },
      floors: 3,
      domain: { name: 'Building A' },
    });
    expect(every.find((c: { id: number }) => c.id === lifts['LIFT-BARE'])).toMatchObject({ elevator: null, floors: 0 });
    const free = (await list([{ field: 'free_for', rule: 'equals', value: 0 }])).map((c: { id: number }) => c.id);
    expect(free).not.toContain(lifts['LIFT-3']);
    expect(free).toContain(lifts['LIFT-4']);
    const mine = (await list([{ field: 'free_for', rule: 'equals', value: id }])).map((c: { id: number }) => c.id);
    expect(mine).toContain(lifts['LIFT-3']);
    expect(mine).toContain(lifts['LIFT-4']);
    await t.call('DELETE', `/elevators/${id}`, { token: admin });
  });

  it('scopes in SQL: view reaches the caller’s groups and below, view_all the project, and what one created', async () => {
    const inBuilding = await create('Lift Building', [lifts['LIFT-1']], 'Building A');
    const inUnit = await create('Lift Unit', [lifts['LIFT-2']], 'Unit 101');
    const unitViewer = await addProjectUser(t, {
      login: 'el-unit',
      permissions: ['elevators.view', 'elevators.create', 'elevators.edit'],
      group: 'Unit 101',
    });
    const buildingViewer = await addProjectUser(t, {
      login: 'el-building',
      permissions: ['elevators.view'],
      group: 'Building A',
    });
    const everyone = await addProjectUser(t, {
      login: 'el-all',
      permissions: ['elevators.view_all'],
      group: 'Unit 102',
    });
    expect(await names(unitViewer.token)).toEqual(['Lift Unit']);
    // The demo's own elevator (seeded in Building A) is there too.
    expect(await names(buildingViewer.token)).toEqual(['Building A lift', 'Lift Building', 'Lift Unit']);
    expect(await names(everyone.token)).toEqual(['Building A lift', 'Lift Building', 'Lift Unit']);
    expect((await t.call('GET', `/elevators/${inBuilding}`, { token: unitViewer.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/elevators/${inBuilding}/floors`, { token: unitViewer.token })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `/elevators/call/${inBuilding}`, { token: unitViewer.token, body: { floor: 2 } }))
        .statusCode,
    ).toBe(404);
    // A group outside the caller's reach, and a controller outside it, are not theirs to use.
    const outside = await put(
      { name: 'X', domain_id: ids.groups['Building A'], devices: [lifts['LIFT-4']] },
      unitViewer.token,
    );
    expect(outside.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['domain'] });
    const foreignController = await put(
      { name: 'X', domain_id: ids.groups['Unit 101'], devices: [lifts['LIFT-4']] },
      unitViewer.token,
    );
    expect(foreignController.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['devices'] });
    await t.call('POST', '/elevators/delete-all', { token: admin, body: { items: [inBuilding, inUnit] } });
  }, 60_000);

  it('permissions and the licence: no elevator permission is 403, an unlicensed project is 403 too', async () => {
    expect((await t.call('GET', '/elevators/items', { token: concierge })).statusCode).toBe(403);
    expect((await t.call('PUT', '/elevators', { token: concierge, body: {} })).statusCode).toBe(403);
    const viewer = await addProjectUser(t, {
      login: 'el-viewer',
      permissions: ['elevators.view'],
      group: 'Building A',
    });
    expect((await t.call('PUT', '/elevators', { token: viewer.token, body: {} })).statusCode).toBe(403);
    expect((await t.call('GET', '/elevators/controllers/items', { token: viewer.token })).statusCode).toBe(403);
    const office1 = await t.call('GET', '/elevators/items', { token: office });
    expect(office1.statusCode).toBe(403);
    expect(office1.json().message).toBe('method or action prohibited');
  });

  it('calls the lift: refused while the controller is offline, then reaches the simulated lift controller', async () => {
    const id = await create('Lift Call', [lifts['LIFT-4']]);
    const call = (body: unknown) => t.call('POST', `/elevators/call/${id}`, { token: admin, body });
    const offline = await call({ floor: 2, apartment: '21', direction: 'up' });
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toEqual({ message: 'device offline, cannot connect' });

    const lift = new SimulatedDevice({
      url,
      serial: 'LIFT-4',
      password: 'LIFT-4-secret',
      kind: 'liftcontroller',
      reconnectMs: 100,
      floorMap: [
        { floor: 1, ports: [1] },
        { floor: 2, apartments: ['21', '22'], ports: [2] },
        { floor: 3, ports: [3] },
      ],
    });
    started.push(lift);
    const emitted = vi.spyOn(lift, 'emit');
    await lift.start();
    await eventually(
      async () =>
        (await t.call('GET', `/elevators/${id}`, { token: admin })).json().data.devices[0].device_info.status ===
        'online',
    );

    const ok = await call({ floor: 2, apartment: '21', direction: 'up' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: true });
    await eventually(() => emitted.mock.calls.some(([type]) => type === 'lift.called'));
    expect(emitted.mock.calls.find(([type]) => type === 'lift.called')?.[1]).toEqual({
      floor: 2,
      apartment: '21',
      direction: 'up',
      source: 'server',
    });

    const floor = await call({ floor: 9 });
    expect(floor.statusCode).toBe(400);
    expect(floor.json()).toEqual({ message: 'invalid data sent', errors: { floor: { code: 'not_on_floor_map' } } });
    const apartment = await call({ floor: 2, apartment: '99' });
    expect(apartment.json()).toEqual({
      message: 'invalid data sent',
      errors: { apartment: { code: 'not_on_floor_map' } },
    });
    const direction = await call({ floor: 2, direction: 'sideways' });
    expect(direction.statusCode).toBe(400);
    expect(direction.json().errors).toHaveProperty('direction');
    await t.call('DELETE', `/elevators/${id}`, { token: admin });
  });

  it('a call-down controller takes no call up (section 9 lift device modes)', async () => {
    const id = await create('Lift Down', [lifts['LIFT-DOWN']]);
    const up = await t.call('POST', `/elevators/call/${id}`, { token: admin, body: { floor: 5, direction: 'up' } });
    expect(up.statusCode).toBe(400);
    expect(up.json()).toEqual({ message: 'invalid data sent', errors: { direction: { code: 'invalid' } } });
    // Down is its direction; it is offline, so that is what the caller hears.
    const down = await t.call('POST', `/elevators/call/${id}`, { token: admin, body: { floor: 5, direction: 'down' } });
    expect(down.json().message).toBe('device offline, cannot connect');
    await t.call('DELETE', `/elevators/${id}`, { token: admin });
  });

  it('a deleted controller leaves its elevator', async () => {
    const spare = await addDevice('LIFT-SPARE', 'liftcontroller');
    const id = await create('Lift Spare', [spare], 'Unit 201');
    expect((await t.call('DELETE', `/devices/${spare}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/elevators/${id}`, { token: admin })).json().data.devices).toEqual([]);
    const rows = await t.db.selectFrom('elevator_devices').select('device_id').where('elevator_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});
