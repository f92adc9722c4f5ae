import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AddressNotAllowedError, discoveryProber } from '../../server/domain/devices/discovery-probe';
import { type DemoSearchDevices, startDemoSearchDevices } from '../../server/simulator/demo-search';
import type { RealtimeData } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { eventually } from '../support/eventually';
import { addProjectUser, demoIds } from '../support/project-users';

/**
 * Network search (7.4 POST /devices/search): the range's rules as field errors, DEVICE_SEARCH_ALLOW
 * (loopback only here: nothing is sent elsewhere), results streamed over realtime with the
 * request id, devices already added marked, and a found device added with put-found connecting
 * with the broker settings the server sends it.
 */

/** A port free on the loopback addresses the suite's devices use. */
function freePort(address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, address, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.each(dialects)('network search (%s)', (dialect) => {
  // Each dialect its own block of addresses, so a run on both never collides with itself.
  const net = dialect === 'sqlite' ? '127.0.3' : '127.0.4';
  const DEVICES = [
    { serial: `SRCH-${dialect}-PANEL`, kind: 'panel', ip: `${net}.2` },
    { serial: `SRCH-${dialect}-AC`, kind: 'accesscontroller', ip: `${net}.5` },
    { serial: `SRCH-${dialect}-MON`, kind: 'monitor', ip: `${net}.9` },
  ] as const;
  let t: TestApp;
  let admin = '';
  let adminId = 0;
  let groups: Record<string, number> = {};
  let projectId = 0;
  let fleet: DemoSearchDevices;
  const events: { topic: string; data: RealtimeData; projectId: number | null }[] = [];
  const search = (body: unknown, token = admin) => t.call('POST', '/devices/search', { token, body });
  const ofRequest = (id: string) => events.filter((e) => e.data.request_id === id);

  beforeAll(async () => {
    const port = await freePort(`${net}.2`);
    t = await buildTestApp(dialect, {
      ...SMALL_DEMO,
      env: { ...SMALL_DEMO.env, DEVICE_SEARCH_PORT: String(port) },
      brokerPorts: { port: 0, websocketPort: null },
    });
    admin = (await t.session('admin')).token;
    adminId = (await t.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
    ({ groups, projectId } = await demoIds(t));
    fleet = await startDemoSearchDevices({
      db: t.db,
      link: t.app.ctx.deviceLink,
      port,
      log: () => {},
      devices: DEVICES,
    });
    const publish = t.app.ctx.realtime.publish.bind(t.app.ctx.realtime);
    vi.spyOn(t.app.ctx.realtime, 'publish').mockImplementation((topic, data, scope) => {
      events.push({ topic, data, projectId: scope.projectId });
      publish(topic, data, scope);
    });
  });
  afterAll(async () => {
    await fleet.stop();
    await t.close();
  });

  it('refuses malformed ranges with field errors', async () => {
    const bad = await search({ start_ip: '127.0.0.300', end_ip: 'x', request_id: 'r1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { start_ip: { code: 'ip' }, end_ip: { code: 'ip' } },
    });
    const order = await search({ start_ip: '127.0.0.9', end_ip: '127.0.0.1', request_id: 'r1' });
    expect(order.json()).toMatchObject({ errors: { end_ip: { code: 'ip_range_order' } } });
    const big = await search({ start_ip: '127.0.0.0', end_ip: '127.0.4.0', request_id: 'r1' });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ errors: { end_ip: { code: 'ip_range_size', params: { max: 1024 } } } });
    const noId = await search({ start_ip: '127.0.0.1', end_ip: '127.0.0.1' });
    expect(noId.json()).toMatchObject({ errors: { request_id: { code: 'required' } } });
    const badId = await search({ start_ip: '127.0.0.1', end_ip: '127.0.0.1', request_id: 'a b' });
    expect(badId.json()).toMatchObject({ errors: { request_id: { code: 'invalid' } } });
  });

  it('refuses a range outside 127.0.0.0/8 without probing anything', async () => {
    const probe = vi.fn(async () => null);
    t.app.deviceSearchProbe = probe;
    try {
      for (const [start_ip, end_ip] of [
        ['10.0.0.1', '10.0.0.5'],
        ['192.168.1.1', '192.168.1.1'],
        ['127.255.255.254', '128.0.0.1'],
      ]) {
        const res = await search({ start_ip, end_ip, request_id: 'outside' });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'invalid data sent',
          errors: { start_ip: { code: 'ip_range_not_allowed' }, end_ip: { code: 'ip_range_not_allowed' } },
        });
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(probe).not.toHaveBeenCalled();
      expect(ofRequest('outside')).toEqual([]);
    } finally {
      t.app.deviceSearchProbe = undefined;
    }
  });

  it('the prober itself refuses an address outside the allowed blocks', async () => {
    const probe = discoveryProber(['127.0.0.0/8']);
    await expect(probe('10.1.2.3', 80, 100)).rejects.toBeInstanceOf(AddressNotAllowedError);
    await expect(probe('127.0.0.1', 9, 100)).resolves.toBeNull();
  });

  it('needs a permission to add devices', async () => {
    const viewer = await addProjectUser(t, {
      login: `search-viewer-${dialect}`,
      permissions: ['devices.view'],
      group: 'Building A',
    });
    const res = await search({ start_ip: `${net}.1`, end_ip: `${net}.2`, request_id: 'r2' }, viewer.token);
    expect(res.statusCode).toBe(403);
  });

  it('streams the devices of a loopback range to the caller, marking those already added', async () => {
    const added = await t.call('PUT', '/devices', {
      token: admin,
      body: { name: 'Known AC', serial_number: DEVICES[1].serial, domain_id: groups['Building A'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const res = await search({ start_ip: `${net}.1`, end_ip: `${net}.20`, request_id: 'scan-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { request_id: 'scan-1', addresses: 20 } });
    const finished = await eventually(
      () => ofRequest('scan-1').find((e) => e.data.type === 'DeviceSearchFinished'),
      8000,
    );
    expect(finished.data).toEqual({ type: 'DeviceSearchFinished', request_id: 'scan-1', addresses: 20, found: 3 });
    const found = ofRequest('scan-1').filter((e) => e.data.type === 'DeviceSearchFound');
    expect(found.every((e) => e.topic === `private-users.${adminId}`)).toBe(true);
    expect(found.every((e) => e.projectId === projectId)).toBe(true);
    const bySerial = new Map(
      found.map((e) => [(e.data.device as { serial_number: string }).serial_number, e.data.device]),
    );
    expect(bySerial.get(DEVICES[0].serial)).toMatchObject({
      ip: `${net}.2`,
      type: 'panel',
      model: 'AA12',
      protocol: 'mqtt',
      state: 'new',
      device_id: null,
    });
    expect(bySerial.get(DEVICES[1].serial)).toMatchObject({
      ip: `${net}.5`,
      state: 'added',
      device_id: added.json().data,
    });
    expect(bySerial.get(DEVICES[2].serial)).toMatchObject({ ip: `${net}.9`, type: 'monitor', state: 'new' });
  });

  it('a found device added with put-found gets broker settings and comes online', async () => {
    const panel = DEVICES[0];
    const res = await t.call('PUT', '/devices/items/found', {
      token: admin,
      body: {
        domain_id: groups['Building A'],
        items: [
          {
            serial_number: panel.serial,
            type: 'panel',
            model: 'AA12',
            ip_address: panel.ip,
            port: t.config.deviceSearch.port,
            protocol: 'mqtt',
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().data as number[];
    const sent = await eventually(
      () => events.find((e) => e.data.type === 'BrokerSettingsSent' && e.data.device_id === id),
      5000,
    );
    expect(sent.data).toEqual({ type: 'BrokerSettingsSent', device_id: id, ok: true });
    expect(sent.topic).toBe(`private-users.${adminId}`);
    await eventually(() => t.app.ctx.deviceLink.isOnline(panel.serial), 5000);
    const row = await t.db
      .selectFrom('devices')
      .select('mqtt_password')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.mqtt_password).toMatch(/^[\w-]{32}$/);
    const item = await t.call('GET', `/devices/${id}`, { token: admin });
    expect(item.json().data.device_info.status).toBe('online');
  });
});
