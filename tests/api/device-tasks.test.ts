import ExcelJS from 'exceljs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTasks } from '../../server/domain/devices/tasks/store';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import type { DeviceKind } from '../../server/simulator/devices/kinds';
import { DeviceSchema } from '../../src/contract/entities/device';
import {
  DeviceTaskListSchema,
  DeviceTaskSchema,
  SyncErrorsAnswerSchema,
  TaskBatchAnswerSchema,
} from '../../src/contract/entities/device-task';
import { DEVICE_TASKS_TOPIC, DEVICES_TOPIC } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { brokerUrlOf, eventually } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';
import { connect, listening } from '../support/ws-client';

/**
 * Device tasks (issue 11; doc 1 §4, doc 2 §7.4, §6.2, §8.2): init, settings apply, the task
 * list and its actions, waiting for an offline device and sending in order when it returns,
 * retries with backoff that end in `error` with a notification, sync errors, protocol, the
 * "use address" flag and forwards, through simulated devices on the app's embedded broker.
 */
describe.each(dialects)('device tasks (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let adminId = 0;
  let url = '';
  let groups: Record<string, number> = {};
  const devices: SimulatedDevice[] = [];
  let serials = 0;

  const makeDevice = async (opts: { protocol?: string; kind?: DeviceKind; group?: string; start?: boolean } = {}) => {
    const serial = `TASK-${dialect}-${++serials}`;
    const password = `pw-${serial}`;
    const type = opts.kind === 'monitor' ? 'monitor' : opts.kind === 'panel' ? 'panel' : 'accesscontroller';
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: serial,
        serial_number: serial,
        type,
        protocol: opts.protocol ?? 'mqtt',
        domain_id: groups[opts.group ?? 'Building A'],
        device_settings: { mqtt_password: password },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data as number;
    const sim = new SimulatedDevice({ url, serial, password, kind: opts.kind ?? 'accesscontroller', reconnectMs: 100 });
    devices.push(sim);
    if (opts.start !== false) {
      await sim.start();
      await eventually(() => t.app.ctx.deviceLink.isOnline(serial));
    }
    return { id, serial, sim };
  };
  const task = async (id: number, token = admin) => {
    const res = await t.call('GET', `/devices/tasks/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(DeviceTaskSchema, res.json().data);
  };
  const tasksOf = async (deviceId: number, token = admin) => {
    const filters = JSON.stringify([{ field: 'device', rule: 'has', value: [deviceId] }]);
    const res = await t.call('GET', `/devices/tasks/items?${q({ filters, sort: 'id', size: 100 })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(DeviceTaskListSchema, res.json()).data;
  };
  const statuses = async (deviceId: number) => (await tasksOf(deviceId)).map((x) => `${x.kind}:${x.status}`);
  const init = async (id: number, token = admin) => t.call('POST', `/devices/init/${id}`, { token });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      ...SMALL_DEMO,
      env: { ...SMALL_DEMO.env, DEVICE_TASK_RETRY_S: '1,1', DEVICE_TASK_MAX_ATTEMPTS: '3' },
      brokerPorts: { port: 0, websocketPort: null },
    });
    const session = await t.session('admin');
    admin = session.token;
    url = await brokerUrlOf(t, admin);
    const ids = await demoIds(t);
    groups = ids.groups;
    adminId = ids.users.admin as number;
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.stop()));
    await t.close();
  });

  it('init makes one batch (init, settings, identifiers, schedules) that the device takes in order; the device converges', async () => {
    const { id, sim } = await makeDevice();
    const origin = await listening(t.app);
    const socket = await connect(origin, admin);
    try {
      expect((await socket.subscribe(DEVICE_TASKS_TOPIC)).data.type).toBe('subscription.succeeded');
      const res = await init(id);
      expect(res.statusCode, res.body).toBe(200);
      const batch = v.parse(TaskBatchAnswerSchema, res.json()).data;
      expect(batch.device_id).toBe(id);
      expect(batch.tasks.map((x) => x.kind)).toEqual(['init', 'settings.apply', 'sync.identifiers', 'sync.schedules']);
      expect(new Set(batch.tasks.map((x) => x.batch_id))).toEqual(new Set([batch.batch_id]));
      expect(batch.tasks[0]?.entities).toEqual([{ type: 'device', id, name: expect.stringMatching(/^TASK-/) }]);
      await eventually(async () => (await statuses(id)).every((s) => s.endsWith(':completed')), 10_000);
      // Each task was sent once, with its own id as the request id, in the order made.
      expect(sim.executed).toEqual(batch.tasks.map((x) => `${batch.batch_id}:${x.id}`));
      const changed = await socket.next(
        (m) => m.data.type === 'DeviceTasksChanged' && m.data.device_id === id && m.data.pending_tasks === 0,
        5_000,
      );
      expect(changed.topic).toBe(DEVICE_TASKS_TOPIC);
      const item = v.parse(DeviceSchema, (await t.call('GET', `/devices/${id}`, { token: admin })).json().data);
      expect(item.sync).toMatchObject({ pending_tasks: 0, failed_tasks: 0, settings_differ: false });
      expect(item.sync?.converged_at).not.toBeNull();
      const entities = await t.call('GET', `/devices/tasks/${batch.tasks[1]?.id}/entities`, { token: admin });
      expect(entities.json().data).toEqual([{ type: 'device', id, name: item.name }]);
    } finally {
      socket.close();
    }
  });

  it('settings apply sends the stored settings; a later change shows as a difference until applied', async () => {
    const { id, sim } = await makeDevice();
    expect((await init(id)).statusCode).toBe(200);
    await eventually(async () => (await statuses(id)).every((s) => s.endsWith(':completed')), 10_000);
    const patched = await t.call('PATCH', `/devices/${id}`, {
      token: admin,
      body: { device_settings: { sip: { talk_timeout: 77 } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const before = v.parse(DeviceSchema, (await t.call('GET', `/devices/${id}`, { token: admin })).json().data);
    expect(before.sync?.settings_differ).toBe(true);
    const res = await t.call('POST', `/devices/${id}/settings/apply`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(TaskBatchAnswerSchema, res.json()).data.tasks.map((x) => x.kind)).toEqual(['settings.apply']);
    await eventually(() => (sim.settings.sip as { talk_timeout?: number } | undefined)?.talk_timeout === 77, 10_000);
    await eventually(async () => {
      const item = v.parse(DeviceSchema, (await t.call('GET', `/devices/${id}`, { token: admin })).json().data);
      return item.sync?.settings_differ === false && item.sync.pending_tasks === 0;
    }, 10_000);
    // The list rows carry the sync state too.
    const filters = JSON.stringify([{ field: 'id', rule: 'equals', value: id }]);
    const list = await t.call('GET', `/devices/items?${q({ filters })}`, { token: admin });
    expect(list.json().data[0].sync).toMatchObject({ pending_tasks: 0, settings_differ: false });
  });

  it('an offline device keeps its tasks waiting and receives them in order when it returns', async () => {
    const { id, serial, sim } = await makeDevice({ start: false });
    const first = v.parse(TaskBatchAnswerSchema, (await init(id)).json()).data;
    const second = v.parse(
      TaskBatchAnswerSchema,
      (await t.call('POST', `/devices/${id}/settings/apply`, { token: admin })).json(),
    ).data;
    // The later settings apply replaced the init's pending one; the rest wait for the device.
    const parked = [
      'init:waiting',
      'settings.apply:stopped',
      'sync.identifiers:waiting',
      'sync.schedules:waiting',
      'settings.apply:waiting',
    ];
    await eventually(async () => (await statuses(id)).join() === parked.join(), 5_000);
    await sim.start();
    await eventually(() => t.app.ctx.deviceLink.isOnline(serial));
    await eventually(async () => (await statuses(id)).filter((s) => s.endsWith(':completed')).length === 4, 10_000);
    const sent = [first.tasks[0], first.tasks[2], first.tasks[3], second.tasks[0]];
    expect(sim.executed).toEqual(sent.map((x) => `${x?.batch_id}:${x?.id}`));
  });

  it('a failing task retries by itself with a new request each time, ends in error and notifies the group subscribers', async () => {
    const { id, sim } = await makeDevice();
    // The admin subscribes to task failures of Building A's devices.
    const group = await t.db
      .selectFrom('domains')
      .select('settings')
      .where('id', '=', groups['Building A']!)
      .executeTakeFirstOrThrow();
    const settings = JSON.parse(group.settings) as Record<string, unknown>;
    settings.device_status_notify = [
      { user_id: adminId, notify_about_offline_device: false, notify_about_device_task_failed: true },
    ];
    await t.db
      .updateTable('domains')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', groups['Building A']!)
      .execute();
    const row = await t.db
      .selectFrom('devices')
      .select(['id', 'project_id', 'name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // An access controller does not play emergency audio: it refuses every attempt.
    const made = await makeTasks(
      t.db,
      [{ id, project_id: row.project_id, name: row.name }],
      () => [{ kind: 'emergency.play', payload: { file_url: null, duration_s: 5, open_locks: false } }],
      3,
    );
    t.app.ctx.deviceTasks.kick();
    const taskId = made.get(id)?.rows[0]?.id as number;
    const batch = made.get(id)?.batchId as string;
    await eventually(async () => (await task(taskId)).status === 'error', 15_000);
    const failed = await task(taskId);
    expect(failed).toMatchObject({ attempts: 3, last_error: { code: 'not_supported' } });
    expect(sim.executed).toEqual([`${batch}:${taskId}`, `${batch}:${taskId}.1`, `${batch}:${taskId}.2`]);
    await eventually(async () => {
      const n = await t.db
        .selectFrom('notifications')
        .select(['data'])
        .where('user_id', '=', adminId)
        .where('type', '=', 'device_task_failed')
        .execute();
      return n.some((x) => JSON.parse(x.data).task_id === taskId);
    }, 5_000);
    const item = v.parse(DeviceSchema, (await t.call('GET', `/devices/${id}`, { token: admin })).json().data);
    expect(item.sync?.failed_tasks).toBe(1);

    // Restart takes it back with its attempts reset; it fails again by itself.
    const restart = await t.call('POST', '/devices/tasks/restart', { token: admin, body: { items: [taskId] } });
    expect(restart.statusCode, restart.body).toBe(200);
    expect(restart.json().data).toEqual({ restarted: 1 });
    await eventually(async () => sim.executed.length === 6, 15_000);
    await eventually(async () => (await task(taskId)).status === 'error', 15_000);
    // Nothing left to restart for this device: error tasks were restarted once.
    const again = await t.call('POST', '/devices/tasks/restart', { token: admin, body: { items: [999_999] } });
    expect(again.json().data).toEqual({ restarted: 0 });

    // Delete removes it from the queue.
    expect((await t.call('DELETE', `/devices/tasks/${taskId}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/devices/tasks/${taskId}`, { token: admin })).statusCode).toBe(404);
  });

  it('reinit makes a new init batch per device and stops what was pending', async () => {
    const { id, sim } = await makeDevice({ start: false });
    const old = v.parse(TaskBatchAnswerSchema, (await init(id)).json()).data;
    const res = await t.call('POST', '/devices/tasks/reinit', { token: admin, body: { devices: [id] } });
    expect(res.statusCode, res.body).toBe(200);
    const [batch] = res.json().data as { device_id: number; tasks: { id: number; kind: string }[] }[];
    expect(batch?.device_id).toBe(id);
    expect(batch?.tasks.map((x) => x.kind)).toEqual(['init', 'settings.apply', 'sync.identifiers', 'sync.schedules']);
    for (const x of old.tasks) expect((await task(x.id)).status).toBe('stopped');
    await sim.start();
    await eventually(async () => (await tasksOf(id)).filter((x) => x.status === 'completed').length === 4, 10_000);
    expect(sim.executed.length).toBe(4);
  });

  it('§8.2: protocol none cannot init, apply or restart; http is not reached; set-protocol none stops pending tasks', async () => {
    const none = await makeDevice({ protocol: 'none', start: false });
    const http = await makeDevice({ protocol: 'http', start: false });
    const noneMessage = 'protocol none, cannot init, restart queue or sync';
    for (const res of [
      await init(none.id),
      await t.call('POST', `/devices/${none.id}/settings/apply`, { token: admin }),
      await t.call('POST', '/devices/tasks/reinit', { token: admin, body: { devices: [none.id] } }),
      await t.call('POST', '/devices/tasks/restart', { token: admin, body: { device_id: none.id } }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(noneMessage);
    }
    const viaHttp = await init(http.id);
    expect(viaHttp.statusCode).toBe(400);
    expect(viaHttp.json().message).toBe('protocol not mqtt, cannot connect');

    const offline = await makeDevice({ start: false });
    expect((await init(offline.id)).statusCode).toBe(200);
    const set = await t.call('POST', `/devices/${offline.id}/set-protocol`, {
      token: admin,
      body: { protocol: 'none' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(new Set((await tasksOf(offline.id)).map((x) => x.status))).toEqual(new Set(['stopped']));
    const item = v.parse(DeviceSchema, (await t.call('GET', `/devices/${offline.id}`, { token: admin })).json().data);
    expect(item.protocol).toBe('none');
    expect((await init(offline.id)).json().message).toBe(noneMessage);
  });

  it('set-use-address sets sip.use_address on the devices and applies their settings', async () => {
    const a = await makeDevice();
    const b = await makeDevice({ start: false });
    const res = await t.call('POST', '/devices/set-use-address', {
      token: admin,
      body: { items: [a.id, b.id], use_address: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 2 });
    for (const id of [a.id, b.id]) {
      const item = v.parse(DeviceSchema, (await t.call('GET', `/devices/${id}`, { token: admin })).json().data);
      expect(item.device_settings.sip.use_address).toBe(true);
      expect(item.device_settings.sip.talk_timeout).toBe(120);
    }
    await eventually(() => (a.sim.settings.sip as { use_address?: boolean } | undefined)?.use_address === true, 10_000);
    expect(await statuses(b.id)).toEqual(['settings.apply:waiting']);
  });

  it('sync errors: what the device could not take, per list; a completed sync of a list replaces them', async () => {
    const { id } = await makeDevice({ start: false });
    const empty = await t.call('GET', `/devices/${id}/sync/errors`, { token: admin });
    expect(v.parse(SyncErrorsAnswerSchema, empty.json()).data).toEqual({ identifiers: [], schedules: [] });
    await t.db
      .insertInto('device_sync_errors')
      .values([
        {
          device_id: id,
          list: 'identifiers',
          item_id: '17',
          code: 'bad_format',
          task_id: 1,
          at: '2026-01-01T00:00:00.000Z',
        },
        { device_id: id, list: 'schedules', item_id: '3', code: 'full', task_id: 1, at: '2026-01-01T00:00:00.000Z' },
      ])
      .execute();
    const res = await t.call('GET', `/devices/${id}/sync/errors`, { token: admin });
    expect(v.parse(SyncErrorsAnswerSchema, res.json()).data).toEqual({
      identifiers: [{ item_id: '17', code: 'bad_format', task_id: 1, at: '2026-01-01T00:00:00.000Z' }],
      schedules: [{ item_id: '3', code: 'full', task_id: 1, at: '2026-01-01T00:00:00.000Z' }],
    });
    expect((await init(id)).statusCode).toBe(200);
    const sim = devices.at(-1) as SimulatedDevice;
    await sim.start();
    await eventually(async () => (await statuses(id)).every((s) => s.endsWith(':completed')), 10_000);
    const after = await t.call('GET', `/devices/${id}/sync/errors`, { token: admin });
    expect(after.json().data).toEqual({ identifiers: [], schedules: [] });
  });

  it('forwards: settings of the device number, refused without one; the Excel table lists its rule sets', async () => {
    const { id } = await makeDevice({ start: false });
    const none = await t.call('GET', `/devices/${id}/forwards/settings`, { token: admin });
    expect(none.json().data).toEqual({
      sip_number: null,
      forward_mode: 'disabled',
      forward_group_id: null,
      forward_group: null,
      forward_rules: [],
    });
    const refused = await t.call('POST', `/devices/${id}/forwards/settings`, {
      token: admin,
      body: { forward_mode: 'manual', forward_rules: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('cannot perform action');
    const { projectId } = await demoIds(t);
    const now = '2026-01-01T00:00:00.000Z';
    const number = await t.db
      .insertInto('sip_numbers')
      .values({
        project_id: projectId,
        number: `7${id}`,
        password: 'Secret123abc',
        device_id: id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rules = await t.db
      .insertInto('forward_rule_sets')
      .values({
        project_id: projectId,
        name: `Night desk ${id}`,
        params: JSON.stringify({
          numbers: ['1001', '1002'],
          timeout: 45,
          days: ['mon'],
          period: null,
          trunk_numbers: [],
        }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const saved = await t.call('POST', `/devices/${id}/forwards/settings`, {
      token: admin,
      body: { forward_mode: 'manual', forward_rules: [rules.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      sip_number: { id: number.id, number: `7${id}` },
      forward_mode: 'manual',
      forward_group_id: null,
      forward_group: null,
      forward_rules: [{ id: rules.id, name: `Night desk ${id}` }],
    });
    const unknown = await t.call('POST', `/devices/${id}/forwards/settings`, {
      token: admin,
      body: { forward_mode: 'manual', forward_rules: [999_999] },
    });
    expect(unknown.statusCode).toBe(400);
    const file = await t.call('GET', `/devices/${id}/forwards`, { token: admin });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = (book.getWorksheet('Forwards')?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    const cells = rows.map((r) => r.slice(1));
    expect(cells).toContainEqual(['forward_mode', 'manual']);
    const ruleRow = cells.find((r) => r[0] === 'manual');
    expect(ruleRow?.slice(0, 4)).toEqual(['manual', `Night desk ${id}`, 45, 'mon']);
    expect(ruleRow?.[5]).toBe('1001, 1002');
  });

  it('an emergency alert reaches the monitors of its groups as tasks: play (with its duration) on start, stop on stop', async () => {
    const monitor = await makeDevice({ kind: 'monitor', group: 'Unit 102' });
    const controller = await makeDevice({ group: 'Unit 102' });
    const created = await t.call('PUT', '/emergency-alerts', {
      token: admin,
      body: { name: `Fire ${dialect}`, domains: [groups['Unit 102']], playback_duration: 30 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const alertId = created.json().data as number;
    expect((await t.call('POST', `/emergency-alerts/${alertId}/start`, { token: admin })).statusCode).toBe(200);
    await eventually(() => monitor.sim.screen === 'emergency', 10_000);
    const [play] = await tasksOf(monitor.id);
    expect(play).toMatchObject({
      kind: 'emergency.play',
      entities: [{ type: 'emergency_alert', id: alertId, name: `Fire ${dialect}` }],
    });
    await eventually(async () => (await task(play?.id as number)).status === 'completed', 10_000);
    // Only the alert's device type (monitors by default) of its groups.
    expect(await tasksOf(controller.id)).toEqual([]);
    expect(controller.sim.executed).toEqual([]);
    expect((await t.call('POST', `/emergency-alerts/${alertId}/stop`, { token: admin })).statusCode).toBe(200);
    await eventually(() => monitor.sim.screen === 'idle', 10_000);
    expect((await tasksOf(monitor.id)).map((x) => x.kind)).toEqual(['emergency.play', 'emergency.stop']);
  });

  it('validation: bad bodies and filters are refused with field errors, unknown ids are not found', async () => {
    const { id } = await makeDevice({ start: false });
    const bad = [
      await t.call('POST', '/devices/tasks/restart', { token: admin, body: { items: ['x'] } }),
      await t.call('POST', '/devices/tasks/reinit', { token: admin, body: { devices: [] } }),
      await t.call('POST', `/devices/${id}/set-protocol`, { token: admin, body: { protocol: 'ftp' } }),
      await t.call('POST', '/devices/set-use-address', { token: admin, body: { items: [], use_address: true } }),
      await t.call('POST', `/devices/${id}/forwards/settings`, { token: admin, body: { forward_mode: 'sometimes' } }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('invalid data sent');
      expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    const filter = await t.call(
      'GET',
      `/devices/tasks/items?${q({ filters: JSON.stringify([{ field: 'payload', rule: 'equals', value: 1 }]) })}`,
      { token: admin },
    );
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe('wrong parameters');
    expect((await t.call('GET', '/devices/tasks/999999', { token: admin })).statusCode).toBe(404);
    expect((await init(999_999)).statusCode).toBe(404);
    const unknown = await t.call('POST', '/devices/tasks/reinit', { token: admin, body: { devices: [999_999] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('invalid related entity sent');
  });

  it('scopes and permissions: tasks are seen like their devices and need view tasks; actions need device edit', async () => {
    const near = await makeDevice({ start: false, group: 'Unit 101' });
    const far = await makeDevice({ start: false, group: 'Building A' });
    for (const d of [near, far]) expect((await init(d.id)).statusCode).toBe(200);
    const viewer = await addProjectUser(t, {
      login: `task-viewer-${dialect}`,
      permissions: ['devices.view', 'devices.view_tasks'],
      group: 'Unit 101',
    });
    const blind = await addProjectUser(t, {
      login: `task-blind-${dialect}`,
      permissions: ['devices.view', 'devices.edit'],
      group: 'Unit 101',
    });
    const seen = await tasksOf(near.id, viewer.token);
    expect(seen.length).toBe(4);
    expect(await tasksOf(far.id, viewer.token)).toEqual([]);
    const farTask = (await tasksOf(far.id))[0]?.id as number;
    expect((await t.call('GET', `/devices/tasks/${farTask}`, { token: viewer.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/devices/${far.id}/sync/errors`, { token: viewer.token })).statusCode).toBe(404);
    // View tasks alone changes nothing.
    expect((await init(near.id, viewer.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/devices/tasks/restart', { token: viewer.token, body: {} })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/devices/tasks/${seen[0]?.id}`, { token: viewer.token })).statusCode).toBe(403);
    // Without view tasks there is no list.
    expect((await t.call('GET', '/devices/tasks/items', { token: blind.token })).statusCode).toBe(403);
    // Task changes are heard by those who see tasks (no device status with it) or devices.
    const origin = await listening(t.app);
    const onlyTasks = await addProjectUser(t, {
      login: `task-only-${dialect}`,
      permissions: ['devices.view_tasks'],
      group: 'Unit 101',
    });
    const nobody = await addProjectUser(t, { login: `task-nobody-${dialect}`, permissions: [], group: 'Unit 101' });
    for (const [token, tasksTopic, devicesTopic] of [
      [onlyTasks.token, 'subscription.succeeded', 'subscription.refused'],
      [blind.token, 'subscription.succeeded', 'subscription.succeeded'],
      [nobody.token, 'subscription.refused', 'subscription.refused'],
    ] as const) {
      const socket = await connect(origin, token);
      try {
        expect((await socket.subscribe(DEVICE_TASKS_TOPIC)).data.type).toBe(tasksTopic);
        expect((await socket.subscribe(DEVICES_TOPIC)).data.type).toBe(devicesTopic);
      } finally {
        socket.close();
      }
    }
    // Device edit reaches its own group's devices only.
    expect((await init(near.id, blind.token)).statusCode).toBe(200);
    expect((await init(far.id, blind.token)).statusCode).toBe(404);
    const reinitFar = await t.call('POST', '/devices/tasks/reinit', {
      token: blind.token,
      body: { devices: [far.id] },
    });
    expect(reinitFar.statusCode).toBe(400);
  });
});
