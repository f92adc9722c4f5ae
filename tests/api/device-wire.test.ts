import { connect as connectTcp } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoDevices } from '../../server/simulator/demo-devices';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { DeviceListSchema, DeviceSchema } from '../../src/contract/entities/device';
import { DEVICES_TOPIC } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { eventually } from '../support/devices';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';
import { connect, listening, type TestSocket } from '../support/ws-client';

/**
 * The device link wired into the app (issue 11): simulated devices log in to the embedded broker
 * with the serial and MQTT password of their device rows; the devices list and item show the live
 * status and the status filter follows it; DeviceStatusChanged reaches the device's project only;
 * /broker/status and /broker/restart; the link closes with the app.
 */
describe.each(dialects)('device link in the app (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let url = '';
  let origin = '';
  const ids: Record<string, number> = {};
  const devices: SimulatedDevice[] = [];

  const device = (serial: string, password: string) => {
    const d = new SimulatedDevice({ url, serial, password, kind: 'accesscontroller', reconnectMs: 100 });
    devices.push(d);
    return d;
  };
  const statusOf = async (id: number) => {
    const res = await t.call('GET', `/devices/${id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(DeviceSchema, res.json().data).device_info.status;
  };
  const listIds = async (params: Record<string, unknown>) => {
    const res = await t.call('GET', `/devices/items?${q(params)}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return v
      .parse(DeviceListSchema, res.json())
      .data.map((d) => d.id)
      .sort((a, b) => a - b);
  };
  const statusEvents = (socket: TestSocket, ms?: number) =>
    socket.next((m) => m.topic === DEVICES_TOPIC && m.data.type === 'DeviceStatusChanged', ms);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    office = (await t.session('admin', undefined, 'Harbour Office')).token;
    const status = await t.call('GET', '/broker/status', { token: admin });
    expect(status.statusCode, status.body).toBe(200);
    const tcp = status.json().data.listeners.find((l: { protocol: string }) => l.protocol === 'mqtt');
    url = `mqtt://127.0.0.1:${tcp.port}`;
    const { groups } = await demoIds(t);
    for (const [serial, password, protocol] of [
      ['WIRE-GOOD', 'good-mqtt-pass', 'mqtt'],
      ['WIRE-OTHER', 'other-mqtt-pass', 'mqtt'],
      ['WIRE-HTTP', 'http-mqtt-pass', 'http'],
    ] as const) {
      const res = await t.call('PUT', '/devices', {
        token: admin,
        body: {
          name: serial,
          serial_number: serial,
          protocol,
          domain_id: groups['Building A'],
          device_settings: { mqtt_password: password },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids[serial] = res.json().data as number;
    }
    origin = await listening(t.app);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.stop()));
    await t.close();
  });

  it('a device with its credentials comes online live: item, list, status filter, realtime to its project only', async () => {
    const mine = await connect(origin, admin);
    const theirs = await connect(origin, office);
    try {
      expect((await mine.subscribe(DEVICES_TOPIC)).data.type).toBe('subscription.succeeded');
      expect((await theirs.subscribe(DEVICES_TOPIC)).data.type).toBe('subscription.succeeded');
      expect(await statusOf(ids['WIRE-GOOD']!)).toBe('offline');

      const good = device('WIRE-GOOD', 'good-mqtt-pass');
      await good.start();
      const online = await statusEvents(mine);
      expect(online.data).toMatchObject({ type: 'DeviceStatusChanged', device_id: ids['WIRE-GOOD'], status: 'online' });
      expect(await statusOf(ids['WIRE-GOOD']!)).toBe('online');
      expect(await statusOf(ids['WIRE-OTHER']!)).toBe('offline');
      const filter = (rule: string) => ({ filters: JSON.stringify([{ field: 'status', rule, value: 'online' }]) });
      expect(await listIds(filter('equals'))).toEqual([ids['WIRE-GOOD']]);
      const notOnline = await listIds(filter('not_equals'));
      expect(notOnline).toContain(ids['WIRE-OTHER']);
      expect(notOnline).not.toContain(ids['WIRE-GOOD']);
      // The change is recorded on the row too.
      const row = await t.db
        .selectFrom('devices')
        .select('info')
        .where('id', '=', ids['WIRE-GOOD']!)
        .executeTakeFirst();
      expect(JSON.parse(row!.info)).toMatchObject({ status: 'online', last_seen: expect.any(String) });
      // …and answered as when the status last changed, in the item and the list row (the console's "since").
      const seen = JSON.parse(row!.info).last_seen as string;
      const item = await t.call('GET', `/devices/${ids['WIRE-GOOD']}`, { token: admin });
      expect(item.json().data.device_info).toEqual({ status: 'online', last_seen: seen });
      const listed = await t.call('GET', `/devices/items?${q(filter('equals'))}`, { token: admin });
      expect(listed.json().data[0].device_info).toEqual({ status: 'online', last_seen: seen });

      await good.stop();
      const offline = await statusEvents(mine);
      expect(offline.data).toMatchObject({ device_id: ids['WIRE-GOOD'], status: 'offline' });
      expect(await statusOf(ids['WIRE-GOOD']!)).toBe('offline');
      expect(await listIds(filter('equals'))).toEqual([]);
      // Another project's console heard neither change.
      await expect(statusEvents(theirs, 300)).rejects.toThrow('no matching realtime message');
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('refuses a wrong password, another device’s password and a device whose protocol is not mqtt', async () => {
    await expect(device('WIRE-OTHER', 'good-mqtt-pass').start()).rejects.toThrow();
    await expect(device('WIRE-OTHER', 'other-mqtt-pas').start()).rejects.toThrow();
    await expect(device('WIRE-HTTP', 'http-mqtt-pass').start()).rejects.toThrow();
    await expect(device('WIRE-NOBODY', 'whatever-pass').start()).rejects.toThrow();
    expect(await statusOf(ids['WIRE-OTHER']!)).toBe('offline');
    expect(await statusOf(ids['WIRE-HTTP']!)).toBe('offline');
    expect(t.app.ctx.deviceLink.onlineSerials()).toEqual([]);
  });

  it('lets only device viewers listen to device changes', async () => {
    const { token } = await addProjectUser(t, {
      login: 'wire-nodevices',
      permissions: ['users.view'],
      group: 'Building A',
    });
    const socket = await connect(origin, token);
    try {
      expect((await socket.subscribe(DEVICES_TOPIC)).data.type).toBe('subscription.refused');
    } finally {
      socket.close();
    }
  });

  it('answers /broker/status and restarts the broker for those who change project settings', async () => {
    const viewer = await addProjectUser(t, {
      login: 'wire-viewer',
      permissions: ['project.view_settings'],
      group: 'Building A',
    });
    const seen = await t.call('GET', '/broker/status', { token: viewer.token });
    expect(seen.statusCode, seen.body).toBe(200);
    const before = seen.json().data;
    expect(before).toMatchObject({
      mode: 'embedded',
      running: true,
      url: null,
      listeners: [{ protocol: 'mqtt', host: '127.0.0.1', port: Number(url.split(':')[2]) }],
      requests_pending: 0,
    });
    expect((await t.call('POST', '/broker/restart', { token: viewer.token })).statusCode).toBe(403);
    const resident = (await t.session('resident')).token;
    expect((await t.call('GET', '/broker/status', { token: resident })).statusCode).toBe(403);

    const good = device('WIRE-GOOD', 'good-mqtt-pass');
    await good.start();
    await eventually(async () => (await statusOf(ids['WIRE-GOOD']!)) === 'online');
    expect((await t.call('GET', '/broker/status', { token: admin })).json().data).toMatchObject({
      devices_online: 1,
      clients: 1,
    });
    const restarted = await t.call('POST', '/broker/restart', { token: admin });
    expect(restarted.statusCode, restarted.body).toBe(200);
    // Same port, so the device finds it again by itself.
    expect(restarted.json().data).toMatchObject({ mode: 'embedded', running: true, listeners: before.listeners });
    await eventually(async () => (await statusOf(ids['WIRE-GOOD']!)) === 'online', 5000);
    await good.stop();
  });

  it('closes the link with the app: the broker stops listening', async () => {
    const other = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    const port = other.app.ctx.deviceLink.status().listeners[0]!.port;
    await other.close();
    expect(other.app.ctx.deviceLink.status().running).toBe(false);
    const refused = await new Promise<string>((resolve) => {
      const socket = connectTcp(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});

describe('demo devices', () => {
  it('seeds five MQTT devices in Building A and the simulator brings them online with their stored credentials', async () => {
    const t = await buildTestApp('sqlite', { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    let fleet: Awaited<ReturnType<typeof startDemoDevices>> = null;
    try {
      const rows = await t.db
        .selectFrom('devices as d')
        .innerJoin('domains as g', 'g.id', 'd.domain_id')
        .select(['d.name', 'd.type', 'd.serial_number', 'd.mqtt_password', 'g.name as group'])
        .where('d.serial_number', 'is not', null)
        .orderBy('d.serial_number')
        .execute();
      expect(rows.map((r) => [r.name, r.type, r.serial_number, r.group])).toEqual([
        ['Main door controller', 'accesscontroller', 'GH-DEMO-AC-1', 'Building A'],
        ['Bike room controller', 'accesscontroller', 'GH-DEMO-AC-2', 'Building A'],
        ['Parking plate camera', 'ip_camera', 'GH-DEMO-CAM-1', 'Building A'],
        ['Lift controller', 'liftcontroller', 'GH-DEMO-LIFT-A', 'Building A'],
        ['Entrance panel', 'panel', 'GH-DEMO-PANEL-A', 'Building A'],
      ]);
      expect(rows.every((r) => (r.mqtt_password ?? '').length >= 20)).toBe(true);

      const lines: string[] = [];
      fleet = await startDemoDevices({ db: t.db, link: t.app.ctx.deviceLink, log: (line) => lines.push(line) });
      expect(fleet?.devices).toHaveLength(5);
      await eventually(() => t.app.ctx.deviceLink.onlineSerials().length === 5);
      const admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
      const res = await t.call(
        'GET',
        `/devices/items?${q({ filters: JSON.stringify([{ field: 'status', rule: 'equals', value: 'online' }]) })}`,
        {
          token: admin,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(v.parse(DeviceListSchema, res.json()).meta.total).toBe(5);
    } finally {
      await fleet?.stop();
      await t.close();
    }
  });
});
