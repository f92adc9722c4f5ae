import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventIngestion, type EventIngestion } from '../../server/domain/devices/event-ingest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { AccessEventSchema } from '../../src/contract/entities/access-event';
import { listAnswer } from '../../src/contract/filters';
import { ACCESS_EVENTS_TOPIC } from '../../src/contract/realtime';
import { clearDemoAccess, insertIdentifier, insertRule } from '../support/access-rows';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { eventually } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';
import { connect, listening } from '../support/ws-client';

const AccessList = listAnswer(AccessEventSchema);

/**
 * Access-control events (issue 12; doc 1 §2.1 /access-control/events, §4 identifier revoke; doc 2
 * 6.2 system.view_acs_events, 7.5 ACS logs and download, 7.6 notification settings `acs`): a
 * simulated door's decisions become ACS rows with who, which identifier, which door and why; the
 * notifications they raise (identifier used, revoked identifier used); the list's filters, paging,
 * scopes (devices the caller reaches; values masked unless the caller sees the identifier); the
 * download; the live announcement; one row per device event even when a batch comes twice.
 */
describe.each(dialects)('access-control events (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let adminId = 0;
  let url = '';
  let origin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let ingestion: EventIngestion;
  const sims: SimulatedDevice[] = [];
  const doors: Record<string, number> = {};
  const users: Record<string, { id: number; token: string }> = {};
  let card = 0;
  let guestKey = 0;

  const list = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/access-control/events/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AccessList, res.json());
  };
  const where = (...filters: unknown[]) => ({ filters: JSON.stringify(filters), size: 100 });
  const ofDoor = (serial: string) => where({ field: 'device', rule: 'has', value: [doors[serial]] });
  const notificationsOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('notifications')
        .select(['type', 'data', 'significance'])
        .where('user_id', '=', userId)
        .where('type', 'in', ['identifier_used', 'revoked_identifier_used'])
        .orderBy('id')
        .execute()
    ).map((n) => ({ type: n.type, significance: n.significance, data: JSON.parse(n.data) as Record<string, unknown> }));
  const syncsDone = async (deviceId: number) =>
    (
      await t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('kind', 'in', ['sync.identifiers', 'sync.schedules'])
        .where('status', 'not in', ['completed', 'stopped', 'error'])
        .execute()
    ).length === 0;
  const addDoor = async (serial: string, group: string) => {
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: `Door ${serial}`,
        serial_number: serial,
        type: 'accesscontroller',
        protocol: 'mqtt',
        domain_id: ids.groups[group],
        device_settings: { mqtt_password: `pw-${serial}` },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    doors[serial] = res.json().data as number;
    return doors[serial] as number;
  };
  /** Events straight into the ingestion (as a door's batch), at fixed times. */
  const report = (serial: string, events: { id: string; at: string; type: string; data: Record<string, unknown> }[]) =>
    ingestion.handle(serial, events);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    await clearDemoAccess(t);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    const status = await t.call('GET', '/broker/status', { token: admin });
    url = `mqtt://127.0.0.1:${status.json().data.listeners.find((l: { protocol: string }) => l.protocol === 'mqtt').port}`;
    ids = await demoIds(t);
    adminId = ids.users.admin as number;
    ingestion = createEventIngestion({ db: t.db, realtime: t.app.ctx.realtime, log: { warn: () => {} } });
    await addDoor('ACS-MAIN', 'Building A');
    await addDoor('ACS-UNIT', 'Unit 101');
    users.resident = await addProjectUser(t, {
      login: `acs-resident-${dialect}`,
      permissions: [],
      group: 'Building A',
    });
    users.unitWatcher = await addProjectUser(t, {
      login: `acs-unit-${dialect}`,
      permissions: ['system.view_acs_events'],
      group: 'Unit 101',
    });
    users.watcher = await addProjectUser(t, {
      login: `acs-all-${dialect}`,
      permissions: ['system.view_acs_events', 'devices.view_all'],
      group: 'Unit 101',
    });
    users.quiet = await addProjectUser(t, {
      login: `acs-quiet-${dialect}`,
      permissions: ['system.view_acs_events', 'devices.view_all'],
      group: 'Unit 101',
    });
    users.events = await addProjectUser(t, {
      login: `acs-none-${dialect}`,
      permissions: ['devices.view_events', 'devices.view_all'],
      group: 'Building A',
    });
    const quiet = await t.call('POST', '/notifications/settings', { token: users.quiet?.token, body: { acs: false } });
    expect(quiet.statusCode, quiet.body).toBe(200);
    card = await insertIdentifier(t, ids.projectId, { value: '7340021', owner_id: users.resident?.id });
    guestKey = await insertIdentifier(t, ids.projectId, { type: 'qr', value: 'GUEST-QR-1', owner_type: 'guest' });
    await t.db
      .updateTable('identifiers')
      .set({ created_by_user_id: adminId, name: 'Plumber' })
      .where('id', '=', guestKey)
      .execute();
    await insertRule(t, ids.projectId, {
      name: 'Residents',
      doors: [{ device_id: doors['ACS-MAIN'] as number, lock: 1 }],
      users: [users.resident?.id as number],
    });
    await insertRule(t, ids.projectId, {
      name: 'Guests',
      doors: [{ device_id: doors['ACS-MAIN'] as number, lock: 1 }],
      identifiers: [guestKey],
    });
    origin = await listening(t.app);
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await t.close();
  });

  it('a simulated door grants a card, refuses a stranger and a revoked card: rows say who, which, where and why, and notify', async () => {
    const sim = new SimulatedDevice({
      url,
      serial: 'ACS-MAIN',
      password: 'pw-ACS-MAIN',
      kind: 'accesscontroller',
      reconnectMs: 100,
    });
    sims.push(sim);
    await sim.start();
    await eventually(() => t.app.ctx.deviceLink.isOnline('ACS-MAIN'));
    const init = await t.call('POST', `/devices/init/${doors['ACS-MAIN']}`, { token: admin });
    expect(init.statusCode, init.body).toBe(200);
    await eventually(
      async () => (await syncsDone(doors['ACS-MAIN'] as number)) && sim.lists.identifiers.size === 2,
      10_000,
    );

    const socket = await connect(origin, users.watcher?.token as string);
    try {
      expect((await socket.subscribe(ACCESS_EVENTS_TOPIC)).data.type).toBe('subscription.succeeded');
      expect(sim.present('7340021', 1)).toEqual({ granted: true });
      const live = await socket.next((m) => m.topic === ACCESS_EVENTS_TOPIC, 10_000);
      expect(live.data).toEqual({ type: 'AccessEventsAdded', count: 1, device_ids: [doors['ACS-MAIN']] });
    } finally {
      socket.close();
    }
    expect(sim.present('9999001', 2)).toEqual({ granted: false, reason: 'unknown_identifier' });
    expect(sim.present('GUEST-QR-1', 1)).toEqual({ granted: true });

    const revoke = await t.call('POST', `/identifiers/${card}/revoke`, { token: admin });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await eventually(
      async () =>
        (await syncsDone(doors['ACS-MAIN'] as number)) && sim.lists.identifiers.get('card:7340021')?.revoked === true,
      10_000,
    );
    expect(sim.present('7340021', 1)).toEqual({ granted: false, reason: 'revoked' });

    const rows = await eventually(async () => {
      const page = await list(ofDoor('ACS-MAIN'));
      return page.data.length === 4 ? page.data : null;
    }, 10_000);
    const door = { id: doors['ACS-MAIN'], name: 'Door ACS-MAIN' };
    const resident = { id: users.resident?.id, name: `acs-resident-${dialect}` };
    // Newest first.
    expect(rows.map((r) => ({ ...r, id: 0, occurred_at: '', received_at: '' }))).toEqual([
      {
        ...{ id: 0, occurred_at: '', received_at: '' },
        device: door,
        lock: 1,
        floor: null,
        granted: false,
        reason: 'revoked',
        holder_type: 'owner',
        user: resident,
        identifier: { id: card, type: 'card', value: '7340021', value_hex: '6FFFF5', name: null, masked: false },
      },
      {
        ...{ id: 0, occurred_at: '', received_at: '' },
        device: door,
        lock: 1,
        floor: null,
        granted: true,
        reason: 'granted',
        holder_type: 'guest',
        user: null,
        identifier: { id: guestKey, type: 'qr', value: 'GUEST-QR-1', value_hex: null, name: 'Plumber', masked: false },
      },
      {
        ...{ id: 0, occurred_at: '', received_at: '' },
        device: door,
        lock: 2,
        floor: null,
        granted: false,
        reason: 'unknown_identifier',
        holder_type: null,
        user: null,
        identifier: { id: null, type: null, value: '9999001', value_hex: null, name: null, masked: false },
      },
      {
        ...{ id: 0, occurred_at: '', received_at: '' },
        device: door,
        lock: 1,
        floor: null,
        granted: true,
        reason: 'granted',
        holder_type: 'owner',
        user: resident,
        identifier: { id: card, type: 'card', value: '7340021', value_hex: '6FFFF5', name: null, masked: false },
      },
    ]);

    // The holder hears of the use and of the revoked card; the guest key's granter of the guest's use.
    await eventually(async () => ((await notificationsOf(users.resident?.id as number)).length === 2 ? true : null));
    const residentHeard = await notificationsOf(users.resident?.id as number);
    expect(residentHeard.map((n) => [n.type, n.significance])).toEqual([
      ['identifier_used', 'normal'],
      ['revoked_identifier_used', 'important'],
    ]);
    expect(residentHeard[1]?.data).toMatchObject({
      device: door,
      device_id: doors['ACS-MAIN'],
      identifier_type: 'card',
      identifier_number: '••••0021',
      user: resident,
    });
    await eventually(async () => ((await notificationsOf(adminId)).length === 2 ? true : null));
    expect((await notificationsOf(adminId)).map((n) => n.type)).toEqual(['identifier_used', 'revoked_identifier_used']);
    // ACS watchers who reach the door hear of the revoked card only; one who switched `acs` off, nothing.
    expect((await notificationsOf(users.watcher?.id as number)).map((n) => n.type)).toEqual([
      'revoked_identifier_used',
    ]);
    expect(await notificationsOf(users.quiet?.id as number)).toEqual([]);
    // A watcher of Unit 101 only does not reach Building A's door.
    expect(await notificationsOf(users.unitWatcher?.id as number)).toEqual([]);
  });

  it('filters by device, user, identifier, result, reason, holder, value and time, and pages', async () => {
    await report('ACS-UNIT', [
      {
        id: 'u-1',
        at: '2026-03-10T08:00:00Z',
        type: 'identifier.used',
        data: { identifier: 'card:7340021', relay: 1 },
      },
      {
        id: 'u-2',
        at: '2026-03-10T09:00:00Z',
        type: 'access.denied',
        data: { identifier: 'card:7340021', relay: 3, reason: 'no_rule' },
      },
      {
        id: 'u-3',
        at: '2026-03-11T09:30:00Z',
        type: 'access.denied',
        data: { identifier: 'ZZ-1', reason: 'unknown_identifier' },
      },
      { id: 'u-4', at: '2026-03-12T10:00:00Z', type: 'button.pressed', data: { button: 1 } },
      {
        id: 'u-5',
        at: '2026-03-12T11:00:00Z',
        type: 'lift.called',
        data: { floor: 4, source: 'identifier', identifier: 'GUEST-QR-1', key: 'qr:GUEST-QR-1' },
      },
      { id: 'u-6', at: '2026-03-12T11:05:00Z', type: 'lift.called', data: { floor: 5, source: 'server' } },
    ]);
    const unit = await list(ofDoor('ACS-UNIT'));
    // Four decisions; the button and a lift call from the server are not access decisions.
    expect(unit.meta.total).toBe(4);
    expect(unit.data.map((r) => [r.occurred_at, r.granted, r.reason, r.lock, r.floor])).toEqual([
      ['2026-03-12T11:00:00.000Z', true, 'granted', null, 4],
      ['2026-03-11T09:30:00.000Z', false, 'unknown_identifier', null, null],
      ['2026-03-10T09:00:00.000Z', false, 'no_rule', 3, null],
      ['2026-03-10T08:00:00.000Z', true, 'granted', 1, null],
    ]);
    const rows = (params: Record<string, unknown>) => list(params).then((p) => p.data.map((r) => r.occurred_at));
    const both = (f: unknown) => where({ field: 'device', rule: 'has', value: [doors['ACS-UNIT']] }, f);
    expect(await rows(both({ field: 'user', rule: 'has', value: [users.resident?.id] }))).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T08:00:00.000Z',
    ]);
    expect(await rows(both({ field: 'identifier', rule: 'has', value: [guestKey] }))).toEqual([
      '2026-03-12T11:00:00.000Z',
    ]);
    expect(await rows(both({ field: 'result', rule: 'equals', value: 'denied' }))).toEqual([
      '2026-03-11T09:30:00.000Z',
      '2026-03-10T09:00:00.000Z',
    ]);
    expect(await rows(both({ field: 'granted', rule: 'equals', value: true }))).toEqual([
      '2026-03-12T11:00:00.000Z',
      '2026-03-10T08:00:00.000Z',
    ]);
    expect(await rows(both({ field: 'reason', rule: 'equals', value: 'no_rule' }))).toEqual([
      '2026-03-10T09:00:00.000Z',
    ]);
    expect(await rows(both({ field: 'holder_type', rule: 'equals', value: 'guest' }))).toEqual([
      '2026-03-12T11:00:00.000Z',
    ]);
    expect(await rows(both({ field: 'identifier_value', rule: 'equals', value: 'ZZ-1' }))).toEqual([
      '2026-03-11T09:30:00.000Z',
    ]);
    const range = await list(
      where(
        { field: 'device', rule: 'has', value: [doors['ACS-UNIT']] },
        { field: 'date_from', rule: 'equals_above', value: '2026-03-10T08:30:00Z' },
        { field: 'date_to', rule: 'equals_below', value: '2026-03-11T23:59:59Z' },
      ),
    );
    expect(range.data.map((r) => r.occurred_at)).toEqual(['2026-03-11T09:30:00.000Z', '2026-03-10T09:00:00.000Z']);
    // Search by the holder's name; paging like every list.
    expect(
      (
        await list({
          ...ofDoor('ACS-UNIT'),
          filters: JSON.stringify([{ field: 'search', rule: 'contains', value: 'acs-resident' }]),
        })
      ).meta.total,
    ).toBe(2 + 2);
    const second = await list({ ...ofDoor('ACS-UNIT'), size: 3, page: 2 });
    expect(second.meta).toMatchObject({ page: 2, size: 3, total: 4 });
    expect(second.data.map((r) => r.occurred_at)).toEqual(['2026-03-10T08:00:00.000Z']);
    const bad = await t.call(
      'GET',
      `/access-control/events/items?${q(where({ field: 'result', rule: 'equals', value: 'maybe' }))}`,
      {
        token: admin,
      },
    );
    expect(bad.statusCode).toBe(400);
    const badTime = await t.call(
      'GET',
      `/access-control/events/items?${q(where({ field: 'date_from', rule: 'equals_above', value: 'yesterday' }))}`,
      { token: admin },
    );
    expect(badTime.statusCode).toBe(400);
  });

  it('a batch sent twice is one row per decision; a plate read is a plate', async () => {
    const plate = await insertIdentifier(t, ids.projectId, {
      type: 'plate',
      value: 'A123BC',
      owner_id: users.resident?.id,
    });
    const batch = [
      { id: 'p-1', at: '2026-03-13T07:00:00Z', type: 'plate.read', data: { plate: 'a 123-bc', granted: true } },
      {
        id: 'p-2',
        at: '2026-03-13T07:01:00Z',
        type: 'plate.read',
        data: { plate: 'X999', granted: false, reason: 'unknown_identifier' },
      },
    ];
    await report('ACS-UNIT', batch);
    await report('ACS-UNIT', batch);
    const plates = await list(
      where(
        { field: 'device', rule: 'has', value: [doors['ACS-UNIT']] },
        { field: 'identifier_type', rule: 'equals', value: 'plate' },
      ),
    );
    expect(plates.data.map((r) => [r.identifier.id, r.identifier.value, r.granted, r.lock])).toEqual([
      [null, 'X999', false, 1],
      [plate, 'A123BC', true, 1],
    ]);
  });

  it('scopes: devices the caller reaches; values masked unless the caller sees the identifier; no permission, 403', async () => {
    // Unit 101's watcher (no device permissions: their own groups) sees the unit's door only.
    const unit = await list({ size: 100 }, users.unitWatcher?.token);
    expect(new Set(unit.data.map((r) => r.device.id))).toEqual(new Set([doors['ACS-UNIT']]));
    const resident = unit.data.find((r) => r.identifier.type === 'card');
    expect(resident?.identifier).toEqual({
      id: null,
      type: 'card',
      value: '••••0021',
      value_hex: null,
      name: null,
      masked: true,
    });
    // An unknown value names no identifier: shown as read (it is what one enrols).
    expect(unit.data.find((r) => r.identifier.value === 'ZZ-1')?.identifier).toMatchObject({
      value: 'ZZ-1',
      masked: false,
    });
    // A masked value is no oracle: filtering by it finds nothing.
    expect(
      (await list(where({ field: 'identifier_value', rule: 'equals', value: '7340021' }), users.unitWatcher?.token))
        .meta.total,
    ).toBe(0);
    expect(
      (await list(where({ field: 'identifier_value', rule: 'equals', value: '7340021' }))).meta.total,
    ).toBeGreaterThan(0);
    // devices.view_all reaches every door.
    const all = await list({ size: 100 }, users.watcher?.token);
    expect(new Set(all.data.map((r) => r.device.id))).toEqual(new Set([doors['ACS-MAIN'], doors['ACS-UNIT']]));
    // The holder of the events permission of devices only may not read the ACS log.
    const refused = await t.call('GET', '/access-control/events/items', { token: users.events?.token });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', '/access-control/events/export', { token: users.events?.token })).statusCode).toBe(403);
    const socket = await connect(origin, users.events?.token as string);
    try {
      expect((await socket.subscribe(ACCESS_EVENTS_TOPIC)).data.type).toBe('subscription.refused');
    } finally {
      socket.close();
    }
  });

  it('downloads the filtered log as a spreadsheet, one row per event, values as the caller may see them', async () => {
    const res = await t.call(
      'GET',
      `/access-control/events/export?${q(where({ field: 'device', rule: 'has', value: [doors['ACS-UNIT']] }, { field: 'identifier_type', rule: 'equals', value: 'card' }))}`,
      { token: users.unitWatcher?.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cell = (row: number, col: number) => sheet?.getRow(row).getCell(col).value;
    const header = Array.from({ length: 13 }, (_, i) => cell(1, i + 1));
    expect(header).toEqual([
      'id',
      'occurred_at',
      'device',
      'lock',
      'floor',
      'result',
      'reason',
      'holder_type',
      'user',
      'identifier_type',
      'identifier_value',
      'identifier_name',
      'received_at',
    ]);
    expect(sheet?.rowCount).toBe(3);
    expect([2, 3, 4, 6, 7, 8, 9, 10, 11].map((col) => cell(2, col))).toEqual([
      '2026-03-10T09:00:00.000Z',
      'Door ACS-UNIT',
      3,
      'denied',
      'no_rule',
      'owner',
      `acs-resident-${dialect}`,
      'card',
      '••••0021',
    ]);
    expect([6, 7].map((col) => cell(3, col))).toEqual(['granted', 'granted']);
  });
});
