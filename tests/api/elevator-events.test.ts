import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { ElevatorEventSchema } from '../../src/contract/entities/elevator-event';
import { listAnswer } from '../../src/contract/filters';
import { DEVICE_EVENTS_TOPIC, ELEVATOR_EVENTS_TOPIC } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { brokerUrlOf, DEVICE_EVENT_COLUMNS, downloadedSheet, eventually, putDevice } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';
import { connect, listening } from '../support/ws-client';

const EventList = listAnswer(ElevatorEventSchema);
const FLOORS = [
  { floor: 1, ports: [1] },
  { floor: 2, apartments: ['21'], ports: [2] },
];

/**
 * Elevator events (issue 11; doc 2 6.2, 7.4 `/elevators/events`): events of simulated lift
 * controllers linked to elevators, each with its elevator; a device linked to no elevator stays
 * out; filters by elevator, type and time; the elevator scope in SQL; permission and licence; the
 * download's columns.
 */
describe.each(dialects)('elevator events (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let concierge = '';
  const ids: Record<string, number> = {};
  const elevators: Record<string, number> = {};
  const started: SimulatedDevice[] = [];

  const events = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/elevators/events/items?${q({ size: 100, ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(EventList, res.json());
  };
  const filters = (list: unknown[]) => ({ filters: JSON.stringify(list) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    office = (await t.session('admin', undefined, 'Harbour Office')).token;
    concierge = (await t.session('concierge')).token;
    const { groups } = await demoIds(t);
    const url = await brokerUrlOf(t, admin);
    for (const [serial, type] of [
      ['EE-LIFT-A', 'liftcontroller'],
      ['EE-LIFT-U', 'liftcontroller'],
      ['EE-PANEL', 'panel'],
    ] as const) {
      ids[serial] = await putDevice(t, admin, {
        serial,
        type,
        group: groups['Building A'] as number,
        settings:
          type === 'liftcontroller'
            ? { lift_controller: { enabled: true, settings: { device_mode: 'call-up-down' }, floor_map: FLOORS } }
            : {},
      });
    }
    for (const [name, group, device] of [
      ['Lift East', 'Building A', 'EE-LIFT-A'],
      ['Lift Unit', 'Unit 101', 'EE-LIFT-U'],
    ] as const) {
      const res = await t.call('PUT', '/elevators', {
        token: admin,
        body: { name, domain_id: groups[group], devices: [ids[device]] },
      });
      expect(res.statusCode, res.body).toBe(200);
      elevators[name] = res.json().data as number;
    }
    const emitting: [string, 'liftcontroller' | 'panel', Parameters<SimulatedDevice['emit']>][] = [
      ['EE-LIFT-A', 'liftcontroller', ['lift.called', { floor: 2, apartment: '21', source: 'identifier' }]],
      ['EE-LIFT-U', 'liftcontroller', ['access.denied', { floor: 1, identifier: 'K-9', reason: 'no_access' }]],
      ['EE-PANEL', 'panel', ['door.opened', { relay: 1, reason: 'remote' }]],
    ];
    for (const [serial, kind, [type, data]] of emitting) {
      const device = new SimulatedDevice({
        url,
        serial,
        password: `${serial}-secret`,
        kind,
        reconnectMs: 100,
        ...(kind === 'liftcontroller' ? { floorMap: FLOORS } : {}),
      });
      started.push(device);
      await device.start();
      device.emit(type, data);
    }
    // Every device's event is stored before the tests read the lists.
    await eventually(
      async () =>
        Number(
          (
            await t.db
              .selectFrom('device_events')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('device_id', 'in', Object.values(ids))
              .where('type', 'in', ['lift.called', 'access.denied', 'door.opened'])
              .executeTakeFirstOrThrow()
          ).n,
        ) === 3,
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(started.map((d) => d.stop()));
    await t.close();
  });

  it('lists the lift controllers’ events with their elevators; a device of no elevator is not in it', async () => {
    const list = await events({ sort: 'id' });
    const mine = list.data.filter((e) => Object.values(ids).includes(e.device.id) && e.type !== 'sip.rebooted');
    expect(mine.map((e) => [e.device.name, e.type, e.elevator.name])).toEqual([
      ['Device EE-LIFT-A', 'lift.called', 'Lift East'],
      ['Device EE-LIFT-U', 'access.denied', 'Lift Unit'],
    ]);
    expect(mine[0]).toMatchObject({
      device: { id: ids['EE-LIFT-A'] },
      elevator: { id: elevators['Lift East'], name: 'Lift East' },
      data: { floor: 2, apartment: '21', source: 'identifier' },
    });
    expect(list.data.some((e) => e.device.id === ids['EE-PANEL'])).toBe(false);
    // The panel's event is there all the same in the device events list.
    const all = await t.call('GET', `/devices/events/items?${q({ size: 100 })}`, { token: admin });
    expect(all.json().data.some((e: { device: { id: number } }) => e.device.id === ids['EE-PANEL'])).toBe(true);
  });

  it('filters by elevator, event type and time', async () => {
    const east = await events(filters([{ field: 'elevator', rule: 'has', value: [elevators['Lift East']] }]));
    expect(new Set(east.data.map((e) => e.elevator.name))).toEqual(new Set(['Lift East']));
    expect(east.data.some((e) => e.type === 'lift.called')).toBe(true);

    const denied = await events(filters([{ field: 'type', rule: 'equals', value: 'access.denied' }]));
    expect(denied.data.map((e) => [e.device.name, e.elevator.name])).toEqual([['Device EE-LIFT-U', 'Lift Unit']]);

    const future = await events(filters([{ field: 'date_from', rule: 'equals_above', value: '2999-01-01T00:00:00Z' }]));
    expect(future.data).toEqual([]);
    const past = await events(filters([{ field: 'date_to', rule: 'equals_below', value: '2000-01-01T00:00:00Z' }]));
    expect(past.data).toEqual([]);
    const today = await events(
      filters([
        { field: 'date_from', rule: 'equals_above', value: '2000-01-01T00:00:00Z' },
        { field: 'type', rule: 'equals', value: 'lift.called' },
      ]),
    );
    expect(today.data.map((e) => e.elevator.name)).toEqual(['Lift East']);

    const bad = await t.call(
      'GET',
      `/elevators/events/items?${q(filters([{ field: 'date_from', rule: 'equals_above', value: 'soon' }]))}`,
      {
        token: admin,
      },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('is scoped by the elevator: elevators.view sees its groups and below, another group sees none', async () => {
    const building = await addProjectUser(t, {
      login: 'ee-building',
      permissions: ['elevators.view'],
      group: 'Building A',
    });
    const unit = await addProjectUser(t, { login: 'ee-unit', permissions: ['elevators.view'], group: 'Unit 101' });
    const other = await addProjectUser(t, { login: 'ee-other', permissions: ['elevators.view'], group: 'Unit 102' });
    const names = async (token: string) =>
      [...new Set((await events({}, token)).data.map((e) => e.elevator.name))].sort();
    expect(await names(building.token)).toEqual(['Lift East', 'Lift Unit']);
    expect(await names(unit.token)).toEqual(['Lift Unit']);
    expect(await names(other.token)).toEqual([]);
    const exported = await t.call('GET', '/elevators/events/export', { token: other.token });
    expect(exported.statusCode).toBe(200);
  });

  it('refuses callers without an elevator permission, and projects without the elevator licence', async () => {
    const refused = await t.call('GET', '/elevators/events/items', { token: concierge });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('method or action prohibited');
    const eventsOnly = await addProjectUser(t, {
      login: 'ee-device-events',
      permissions: ['devices.view_events', 'devices.view_all'],
      group: 'Building A',
    });
    expect((await t.call('GET', '/elevators/events/items', { token: eventsOnly.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/elevators/events/export', { token: eventsOnly.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/elevators/events/items', { token: office })).statusCode).toBe(403);
    expect((await t.call('GET', '/elevators/events/items')).statusCode).toBe(401);
  });

  it('new events of an elevator’s controllers are announced live to elevator viewers, without any device permission', async () => {
    const viewer = await addProjectUser(t, { login: 'ee-live', permissions: ['elevators.view'], group: 'Building A' });
    const origin = await listening(t.app);
    const socket = await connect(origin, viewer.token);
    const officeSocket = await connect(origin, office);
    try {
      expect((await socket.subscribe(ELEVATOR_EVENTS_TOPIC)).data.type).toBe('subscription.succeeded');
      // Device events are not theirs to hear; nor elevator events a project without the licence.
      expect((await socket.subscribe(DEVICE_EVENTS_TOPIC)).data.type).toBe('subscription.refused');
      expect((await officeSocket.subscribe(ELEVATOR_EVENTS_TOPIC)).data.type).toBe('subscription.refused');
      const [lift, , panel] = started;
      // The panel (in no elevator) first, then the lift: only the lift's event is an elevator event.
      panel?.emit('door.opened', { relay: 1, reason: 'remote' });
      lift?.emit('button.pressed', { button: 1 });
      const message = await socket.next((m) => m.topic === ELEVATOR_EVENTS_TOPIC, 10_000);
      expect(message.data).toEqual({ type: 'ElevatorEventsAdded', count: 1, elevator_ids: [elevators['Lift East']] });
    } finally {
      socket.close();
      officeSocket.close();
    }
  });

  it('downloads the filtered events with the elevator column', async () => {
    const res = await t.call(
      'GET',
      `/elevators/events/export?${q(filters([{ field: 'type', rule: 'equals', value: 'lift.called' }]))}`,
      { token: admin },
    );
    const { header, rows } = await downloadedSheet(res);
    // The device events' columns with the elevator after the times.
    expect(header).toEqual([...DEVICE_EVENT_COLUMNS.slice(0, 3), 'elevator', ...DEVICE_EVENT_COLUMNS.slice(3)]);
    expect(rows.length).toBe(1);
    const [row] = rows as [unknown[]];
    expect(row[3]).toBe('Lift East');
    expect(row[4]).toBe('Device EE-LIFT-A');
    expect(row[5]).toBe('lift.called');
    expect(row[10]).toBe(2);
  });
});
