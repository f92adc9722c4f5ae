import mqtt from 'mqtt';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { AlarmLogSchema, DeviceAlarmSchema } from '../../src/contract/entities/device-alarm';
import { DeviceEventSchema } from '../../src/contract/entities/device-event';
import { listAnswer } from '../../src/contract/filters';
import { DEVICE_ALARMS_TOPIC, DEVICE_EVENTS_TOPIC, userTopic } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { brokerUrlOf, DEVICE_EVENT_COLUMNS, downloadedSheet, eventually, putDevice } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';
import { connect, listening } from '../support/ws-client';

const EventList = listAnswer(DeviceEventSchema);
const AlarmList = listAnswer(DeviceAlarmSchema);

/**
 * Device events and alarms (issue 11; doc 1 §3 Device alarm, §4 Alarm; doc 2 6.2, 7.4): simulated
 * devices publish over the embedded broker; events are stored once per device event id across a
 * dropped connection and a replay; the list filters by device, type and time within the caller's
 * device scope; the download; alarms raised and cleared by devices, processed with a comment
 * (once), their log, their realtime messages and notifications; offline notifications.
 */
describe.each(dialects)('device events and alarms (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let adminId = 0;
  let url = '';
  let origin = '';
  const ids: Record<string, number> = {};
  const devices: SimulatedDevice[] = [];
  const users: Record<string, { id: number; token: string }> = {};

  const device = (serial: string, resendMs = 10_000) => {
    const d = new SimulatedDevice({
      url,
      serial,
      password: `${serial}-secret`,
      kind: 'accesscontroller',
      reconnectMs: 100,
      resendMs,
    });
    devices.push(d);
    return d;
  };
  const events = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/devices/events/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(EventList, res.json());
  };
  const alarms = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/alarms/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AlarmList, res.json());
  };
  const filters = (list: unknown[]) => ({ filters: JSON.stringify(list), size: 100 });
  const ofDevice = (serial: string) => filters([{ field: 'device', rule: 'has', value: [ids[serial]] }]);
  const storedCount = async (serial: string) =>
    Number(
      (
        await t.db
          .selectFrom('device_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('device_id', '=', ids[serial] as number)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const alarmOf = async (serial: string, deviceAlarmId: string) =>
    eventually(async () => (await alarms(ofDevice(serial))).data.find((a) => a.device_alarm_id === deviceAlarmId));

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    url = await brokerUrlOf(t, admin);
    const { groups, users: seeded } = await demoIds(t);
    adminId = seeded.admin as number;
    for (const [serial, group] of [
      ['EV-A', 'Building A'],
      ['EV-B', 'Building A'],
      ['EV-U', 'Unit 101'],
    ] as const) {
      ids[serial] = await putDevice(t, admin, { serial, group: groups[group] as number });
    }
    users.unitViewer = await addProjectUser(t, {
      login: 'ev-unit-viewer',
      permissions: ['devices.view_events', 'devices.view'],
      group: 'Unit 101',
    });
    users.deviceViewer = await addProjectUser(t, {
      login: 'ev-device-viewer',
      permissions: ['devices.view'],
      group: 'Building A',
    });
    users.guard = await addProjectUser(t, {
      login: 'ev-guard',
      permissions: ['device_alarms.view', 'device_alarms.process'],
      group: 'Building A',
    });
    users.unitGuard = await addProjectUser(t, {
      login: 'ev-unit-guard',
      permissions: ['device_alarms.view'],
      group: 'Unit 101',
    });
    origin = await listening(t.app);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.stop()));
    await t.close();
  });

  it('stores every event exactly once across a dropped connection, a backlog replay and a duplicate batch', async () => {
    const d = device('EV-A', 200);
    await d.start();
    for (let i = 0; i < 30; i++) d.present(`CARD-${i}`); // denied: 30 events
    await eventually(async () => (d.backlog.size === 0 ? true : null));
    expect(await storedCount('EV-A')).toBe(30);

    d.dropConnection();
    for (let i = 0; i < 250; i++) d.pressButton(1 + (i % 4)); // queued while offline
    expect(d.backlog.size).toBe(250);
    await d.reconnect();
    await eventually(async () => (d.backlog.size === 0 ? true : null), 10_000);
    expect(await storedCount('EV-A')).toBe(280);

    // The same batch again (a device that missed the ack), with one new event: one row more.
    await d.stop();
    const first = (await events({ ...ofDevice('EV-A'), sort: 'id', size: 2 })).data;
    const client = await mqtt.connectAsync(url, { clientId: 'EV-A', username: 'EV-A', password: 'EV-A-secret' });
    try {
      const acked = new Promise<string[]>((resolve) =>
        client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()).ids)),
      );
      await client.subscribeAsync('gh/v0/EV-A/ack', { qos: 1 });
      const again = first.map((e) => ({ id: e.event_id, at: e.occurred_at, type: e.type, data: e.data }));
      const fresh = {
        id: 'EV-A-manual-1',
        at: '2026-03-01T10:00:00.000Z',
        type: 'door.opened',
        data: { relay: 1, reason: 'remote' },
      };
      await client.publishAsync('gh/v0/EV-A/event', JSON.stringify({ events: [...again, fresh, fresh] }), { qos: 1 });
      expect((await acked).sort()).toEqual(
        [first[0]?.event_id, first[1]?.event_id, 'EV-A-manual-1', 'EV-A-manual-1'].sort(),
      );
    } finally {
      await client.endAsync();
    }
    expect(await storedCount('EV-A')).toBe(281);
    const distinct = await t.db
      .selectFrom('device_events')
      .select((eb) => eb.fn.count('event_id').distinct().as('n'))
      .where('device_id', '=', ids['EV-A'] as number)
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(281);
  });

  it('lists events newest first with filters by device, type and time, with the device time and details', async () => {
    const all = await events(ofDevice('EV-A'));
    expect(all.meta.total).toBe(281);
    // Newest first by the device's clock: the manual event of 2026-03-01 is the oldest.
    const times = all.data.map((e) => e.occurred_at);
    expect(times).toEqual([...times].sort().reverse());
    const oldest = await events({ ...ofDevice('EV-A'), sort: 'occurred_at', size: 1 });
    expect(oldest.data.map((e) => [e.event_id, e.occurred_at])).toEqual([
      ['EV-A-manual-1', '2026-03-01T10:00:00.000Z'],
    ]);
    const denied = await events(
      filters([
        { field: 'device', rule: 'has', value: [ids['EV-A']] },
        { field: 'type', rule: 'equals', value: 'access.denied' },
      ]),
    );
    expect(denied.meta.total).toBe(30);
    expect(denied.data[0]).toMatchObject({
      device: { id: ids['EV-A'], name: 'Device EV-A' },
      type: 'access.denied',
      data: { identifier: expect.stringMatching(/^CARD-/), relay: 1, reason: expect.any(String) },
    });
    const old = await events(
      filters([
        { field: 'device', rule: 'has', value: [ids['EV-A']] },
        { field: 'date_from', rule: 'equals_above', value: '2026-03-01T00:00:00.000Z' },
        { field: 'date_to', rule: 'equals_below', value: '2026-03-01T23:59:59.999Z' },
      ]),
    );
    expect(old.data.map((e) => e.event_id)).toEqual(['EV-A-manual-1']);
    expect(old.data[0]).toMatchObject({ occurred_at: '2026-03-01T10:00:00.000Z', type: 'door.opened' });
    // A filter the contract does not have, or a bad type of value: 400 wrong parameters.
    const bad = await t.call(
      'GET',
      `/devices/events/items?${q({ filters: JSON.stringify([{ field: 'data', rule: 'equals', value: 1 }]) })}`,
      {
        token: admin,
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('wrong parameters');
  });

  it('scopes events to the devices the caller reaches and needs devices.view_events', async () => {
    const u = device('EV-U');
    await u.start();
    u.pressButton(2);
    await eventually(async () => ((await storedCount('EV-U')) === 1 ? true : null));
    const seen = await events({ size: 100 }, users.unitViewer?.token);
    expect(seen.meta.total).toBe(1);
    expect(seen.data[0]).toMatchObject({ device: { id: ids['EV-U'] }, type: 'button.pressed', data: { button: 2 } });
    // Asking for another group's device finds nothing rather than leaking it.
    expect((await events(ofDevice('EV-A'), users.unitViewer?.token)).meta.total).toBe(0);
    const refused = await t.call('GET', '/devices/events/items', { token: users.deviceViewer?.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('method or action prohibited');
    const anonymous = await t.call('GET', '/devices/events/items');
    expect(anonymous.statusCode).toBe(401);
  });

  it('downloads the filtered events as a spreadsheet with the details in columns', async () => {
    const res = await t.call(
      'GET',
      `/devices/events/export?${q(
        filters([
          { field: 'device', rule: 'has', value: [ids['EV-A']] },
          { field: 'type', rule: 'equals', value: 'door.opened' },
        ]),
      )}`,
      { token: admin },
    );
    const { header, rows } = await downloadedSheet(res);
    expect(header).toEqual(DEVICE_EVENT_COLUMNS);
    expect(rows.length).toBe(1);
    const [row] = rows as [unknown[]];
    expect(row[3]).toBe('Device EV-A');
    expect(row[4]).toBe('door.opened');
    expect(row[6]).toBe('remote');
    expect(row[11]).toBe('EV-A-manual-1');
    expect((await t.call('GET', '/devices/events/export', { token: users.deviceViewer?.token })).statusCode).toBe(403);
  });

  it('an alarm raised by a device is listed enabled, pops up for those who may see it, clears to disabled', async () => {
    const socket = await connect(origin, users.guard?.token as string);
    try {
      expect((await socket.subscribe(DEVICE_ALARMS_TOPIC)).data.type).toBe('subscription.succeeded');
      expect((await socket.subscribe(userTopic(users.guard?.id as number))).data.type).toBe('subscription.succeeded');
      const b = device('EV-B');
      await b.start();
      const alarmId = b.raiseAlarm('smoke');
      const changed = await socket.next((m) => m.topic === DEVICE_ALARMS_TOPIC);
      const alarm = await alarmOf('EV-B', alarmId);
      expect(changed.data).toEqual({ type: 'DeviceAlarmChanged', alarm_id: alarm.id, state: 'enabled' });
      expect(alarm).toMatchObject({
        alarm_id: alarm.id,
        device: { id: ids['EV-B'], name: 'Device EV-B' },
        sensor: 'smoke',
        state: 'enabled',
        processed_at: null,
        comment: null,
      });
      const popup = await socket.next((m) => m.topic === userTopic(users.guard?.id as number));
      expect(popup.data).toMatchObject({
        type: 'NotificationCreated',
        notification: {
          type: 'device_alarm_enabled',
          significance: 'important',
          sound: 'important',
          data: { alarm_id: alarm.id, device: { id: ids['EV-B'], name: 'Device EV-B' }, sensor: 'smoke' },
          popup_action: { code: 'goto:page', params: { page: `/devices/alarms/${alarm.id}/edit`, query: {} } },
        },
      });
      // The unit's guard does not watch Building A's devices: no notification, no alarm in the list.
      const unitGuardNotes = await t.db
        .selectFrom('notifications')
        .select('type')
        .where('user_id', '=', users.unitGuard?.id as number)
        .execute();
      expect(unitGuardNotes).toEqual([]);
      expect((await alarms({}, users.unitGuard?.token)).data.map((a) => a.device.id)).not.toContain(ids['EV-B']);
      // The admin (view_all) is told too.
      await eventually(async () =>
        (
          await t.db
            .selectFrom('notifications')
            .select('id')
            .where('user_id', '=', adminId)
            .where('type', '=', 'device_alarm_enabled')
            .execute()
        ).length === 1
          ? true
          : null,
      );

      b.clearAlarm(alarmId);
      const cleared = await socket.next((m) => m.topic === DEVICE_ALARMS_TOPIC);
      expect(cleared.data).toEqual({ type: 'DeviceAlarmChanged', alarm_id: alarm.id, state: 'disabled' });
      const after = await t.call('GET', `/alarms/${alarm.id}`, { token: users.guard?.token });
      expect(after.statusCode, after.body).toBe(200);
      expect(v.parse(DeviceAlarmSchema, after.json().data)).toMatchObject({
        state: 'disabled',
        cleared_at: expect.any(String),
      });
      const stateFilter = await alarms(
        filters([{ field: 'state', rule: 'equals', value: 'disabled' }]),
        users.guard?.token,
      );
      expect(stateFilter.data.map((a) => a.id)).toContain(alarm.id);
    } finally {
      socket.close();
    }
  });

  it('processes an alarm once with a comment, logs every change with who and when, tells the others', async () => {
    const u = devices.find((d) => d.serial === 'EV-U') as SimulatedDevice;
    const alarmId = u.raiseAlarm('panic');
    const alarm = await alarmOf('EV-U', alarmId);
    // The unit's guard sees its own group's alarm.
    expect((await alarms({}, users.unitGuard?.token)).data.map((a) => a.id)).toEqual([alarm.id]);

    const process = (body: unknown, token = users.guard?.token) =>
      t.call('POST', `/alarms/${alarm.id}/process`, { token, body });
    const empty = await process({ comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'invalid data sent', errors: { comment: { code: 'required' } } });
    const missing = await process({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.comment.code).toBe('required');
    // device_alarms.view without process: 403.
    expect((await process({ comment: 'seen' }, users.unitGuard?.token)).statusCode).toBe(403);

    const done = await process({ comment: 'False alarm: cooking smoke, checked on site' });
    expect(done.statusCode, done.body).toBe(200);
    expect(v.parse(DeviceAlarmSchema, done.json().data)).toMatchObject({
      id: alarm.id,
      state: 'processed',
      comment: 'False alarm: cooking smoke, checked on site',
      processed_by: { id: users.guard?.id, name: 'ev-guard' },
      processed_at: expect.any(String),
    });
    const again = await process({ comment: 'me too' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('alarm already processed');

    // A clear after processing keeps it processed.
    u.clearAlarm(alarmId);
    await eventually(async () => ((await alarmOf('EV-U', alarmId)).cleared_at ? true : null));
    expect((await alarmOf('EV-U', alarmId)).state).toBe('processed');

    const log = await t.call('GET', `/alarms/${alarm.id}/log`, { token: users.unitGuard?.token });
    expect(log.statusCode, log.body).toBe(200);
    const entries = v.parse(AlarmLogSchema, log.json()).data;
    expect(entries.map((e) => [e.state, e.user?.name ?? null, e.comment])).toEqual([
      ['enabled', null, null],
      ['processed', 'ev-guard', 'False alarm: cooking smoke, checked on site'],
    ]);
    // The others who watch it hear it was processed; the one who processed it does not.
    const told = await eventually(async () => {
      const rows = await t.db
        .selectFrom('notifications')
        .select(['user_id'])
        .where('type', '=', 'device_alarm_processed')
        .execute();
      const to = rows.map((r) => r.user_id);
      return to.includes(adminId) && to.includes(users.unitGuard?.id as number) ? to : null;
    });
    expect(told).not.toContain(users.guard?.id);
  });

  it('alarm items are scoped: another group’s alarm is 404; unknown ids 404; delete needs device_alarms.delete', async () => {
    const { data } = await alarms(ofDevice('EV-B'));
    const theirs = data[0]?.id as number;
    expect((await t.call('GET', `/alarms/${theirs}`, { token: users.unitGuard?.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/alarms/${theirs}/log`, { token: users.unitGuard?.token })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `/alarms/${theirs}/process`, { token: users.unitGuard?.token, body: { comment: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/alarms/999999', { token: admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/alarms/${theirs}`, { token: users.guard?.token })).statusCode).toBe(403);
    const deleted = await t.call('DELETE', `/alarms/${theirs}`, { token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('GET', `/alarms/${theirs}`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/alarms/items', { token: users.deviceViewer?.token })).statusCode).toBe(403);
  });

  it('new events are announced live to the project with counts and device ids only', async () => {
    const socket = await connect(origin, admin);
    try {
      expect((await socket.subscribe(DEVICE_EVENTS_TOPIC)).data.type).toBe('subscription.succeeded');
      const u = devices.find((d) => d.serial === 'EV-U') as SimulatedDevice;
      u.pressButton(3);
      const message = await socket.next((m) => m.topic === DEVICE_EVENTS_TOPIC);
      expect(message.data).toEqual({ type: 'DeviceEventsAdded', count: 1, device_ids: [ids['EV-U']] });
    } finally {
      socket.close();
    }
    const refused = await connect(origin, users.deviceViewer?.token as string);
    try {
      expect((await refused.subscribe(DEVICE_EVENTS_TOPIC)).data.type).toBe('subscription.refused');
    } finally {
      refused.close();
    }
  });

  it('SOS and alarm calls: SOS calls and calls from device numbers, for device alarm viewers', async () => {
    const { projectId } = await demoIds(t);
    const panelNumber = await t.db
      .selectFrom('sip_numbers')
      .select('number')
      .where('project_id', '=', projectId)
      .where('device_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const row = (speech: string, from: string, isSos: 0 | 1) => ({
      project_id: projectId,
      speech_id: speech,
      from_number: from,
      to_number: '100',
      status: 'answered',
      is_sos: isSos,
      started_at: '2026-02-01T10:00:00.000Z',
      created_at: '2026-02-01T10:00:00.000Z',
    });
    await t.db
      .insertInto('call_history')
      .values([row('alarm-sos', '555', 1), row('alarm-panel', panelNumber.number, 0), row('alarm-plain', '556', 0)])
      .execute();
    const res = await t.call('GET', '/alarms/calls/items?size=100', { token: users.guard?.token });
    expect(res.statusCode, res.body).toBe(200);
    const speechIds = (res.json().data as { speech_id: string }[]).map((c) => c.speech_id);
    expect(speechIds).toContain('alarm-sos');
    expect(speechIds).toContain('alarm-panel');
    expect(speechIds).not.toContain('alarm-plain');
    expect((await t.call('GET', '/alarms/calls/items', { token: users.deviceViewer?.token })).statusCode).toBe(403);
  });

  it('a device going offline notifies its group’s subscribers (notify_about_offline_device)', async () => {
    const { groups } = await demoIds(t);
    const patch = await t.call('PATCH', `/domains/${groups['Building A']}`, {
      token: admin,
      body: {
        device_status_notify: [
          { user_id: users.guard?.id, notify_about_offline_device: true, notify_about_device_task_failed: false },
          { user_id: users.unitGuard?.id, notify_about_offline_device: false, notify_about_device_task_failed: true },
        ],
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const u = devices.find((d) => d.serial === 'EV-U') as SimulatedDevice;
    u.dropConnection();
    const note = await eventually(async () =>
      t.db
        .selectFrom('notifications')
        .select(['user_id', 'data', 'significance'])
        .where('type', '=', 'device_offline')
        .executeTakeFirst(),
    );
    expect(note.user_id).toBe(users.guard?.id);
    expect(note.significance).toBe('important');
    expect(JSON.parse(note.data)).toMatchObject({ device_id: ids['EV-U'], device: { name: 'Device EV-U' } });
    const all = await t.db.selectFrom('notifications').select('user_id').where('type', '=', 'device_offline').execute();
    expect(all.map((r) => r.user_id)).toEqual([users.guard?.id]);
  });
});
