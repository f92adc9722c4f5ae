import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStatusSource } from '../../server/domain/devices/status';
import { DeviceListSchema, DeviceSchema } from '../../src/contract/entities/device';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Devices (issue 11; doc 1 §3, §5; doc 2 §6.2, §7.4, §8.2): every call, the defaults of
 * section 9, the rules of section 5 as field errors, the device messages of 8.2, scopes,
 * and live status through the DeviceStatusSource port.
 */
describe.each(dialects)('devices (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let groups: Record<string, number> = {};
  let projectId = 0;
  const put = (body: unknown, token = admin) => t.call('PUT', '/devices', { token, body });
  const patch = (id: number, body: unknown, token = admin) => t.call('PATCH', `/devices/${id}`, { token, body });
  const get = (id: number, token = admin) => t.call('GET', `/devices/${id}`, { token });
  const list = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/devices/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(DeviceListSchema, res.json());
  };
  const created = async (body: Record<string, unknown>, token = admin) => {
    const res = await put({ domain_id: groups['Building A'], ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const freeNumber = async (number: string) =>
    (
      await t.db
        .insertInto('sip_numbers')
        .values({
          project_id: projectId,
          number,
          password: 'Secret123abc',
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin')).token;
    ({ groups, projectId } = await demoIds(t));
  });
  afterAll(() => t.close());

  it('creates a device with the defaults of sections 3 and 9; fetch by id answers protocol, logins and status', async () => {
    const id = await created({ name: 'Gate panel', serial_number: 'SN-DEF-1' });
    const res = await get(id);
    expect(res.statusCode, res.body).toBe(200);
    const d = v.parse(DeviceSchema, res.json().data);
    expect(d).toMatchObject({
      name: 'Gate panel',
      type: 'panel',
      model: 'AA12',
      port: 80,
      protocol: 'mqtt',
      login: 'SN-DEF-1',
      serial_number: 'SN-DEF-1',
      password: null,
      device_login: null,
      device_password: null,
      domain: { id: groups['Building A'], name: 'Building A' },
      get_logs: false,
      management: { heartbeat: true, realtime_logging: false },
      location_latitude: null,
      sip_number: null,
      device_info: { status: 'offline' },
      access_rules: [],
    });
    expect(d.device_settings.additional.button_numbers).toEqual(['', '', '', '']);
    expect(d.device_settings.sip).toMatchObject({ talk_timeout: 120, transport: 'UDP', password: null });
    expect(d.device_settings.address.reregister_interval).toBe(600);
    expect(d.device_settings.lift_controller.settings.relay_open_time).toBe(10);
    expect(d.device_settings.lift_controller.floor_map).toEqual([]);
    expect(d.device_settings.mqtt_password).toBeNull();
  });

  it('stored secrets come back as the placeholder; null or the placeholder keeps them, a new value replaces them', async () => {
    const id = await created({
      name: 'Secret panel',
      serial_number: 'SN-SEC-1',
      password: 'p4ss',
      device_login: 'admin',
      device_password: 'dev-pass',
      device_settings: { mqtt_password: 'mqtt-pass', sip: { password: 'Abc123def' } },
    });
    const d = (await get(id)).json().data;
    expect(d).toMatchObject({ password: '********', device_login: 'admin', device_password: '********' });
    expect(d.device_settings.mqtt_password).toBe('********');
    expect(d.device_settings.sip.password).toBe('********');
    const kept = await patch(id, {
      password: null,
      device_password: '********',
      device_settings: { mqtt_password: null, sip: { password: '********', talk_timeout: 90 } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.device_settings.sip.talk_timeout).toBe(90);
    const row = await t.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.password, row.device_password, row.mqtt_password]).toEqual(['p4ss', 'dev-pass', 'mqtt-pass']);
    expect(JSON.parse(row.settings).sip.password).toBe('Abc123def');
    await patch(id, { device_password: 'new-dev-pass', device_settings: { sip: { password: 'Xyz987abc' } } });
    const after = await t.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.device_password).toBe('new-dev-pass');
    expect(JSON.parse(after.settings).sip).toMatchObject({ password: 'Xyz987abc', talk_timeout: 90 });
  });

  it('accepts a comma as decimal separator for coordinates (7.9) and keeps settings sections it was not sent', async () => {
    const id = await created({
      name: 'Lift',
      type: 'liftcontroller',
      serial_number: 'SN-LIFT-1',
      location_latitude: '56,9496',
      location_longitude: 24.1052,
      device_settings: {
        network: { is_dhcp: false, ip: '10.0.0.20', gateway: '10.0.0.1' },
        lift_controller: {
          enabled: true,
          settings: { device_mode: 'call-up-down' },
          floor_map: [
            { floor: 1, name: 'Lobby', is_public: true, ports: [1] },
            { floor: 2, apartments: ['21', '22'], ports: [2, 3] },
            { floor: -1, is_panel_floor: true, ports: [32] },
          ],
        },
      },
    });
    const d = (await get(id)).json().data;
    expect(d.location_latitude).toBeCloseTo(56.9496, 6);
    expect(d.location_longitude).toBeCloseTo(24.1052, 6);
    expect(d.device_settings.lift_controller.floor_map).toEqual([
      { floor: -1, name: null, is_public: false, is_panel_floor: true, apartments: [], ports: [32] },
      { floor: 1, name: 'Lobby', is_public: true, is_panel_floor: false, apartments: [], ports: [1] },
      { floor: 2, name: null, is_public: false, is_panel_floor: false, apartments: ['21', '22'], ports: [2, 3] },
    ]);
    const res = await patch(id, { location_latitude: '-33,8', device_settings: { network: { dns: '1.1.1.1' } } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.location_latitude).toBeCloseTo(-33.8, 6);
    expect(p.device_settings.network).toEqual({
      is_dhcp: false,
      ip: '10.0.0.20',
      subnet: null,
      gateway: '10.0.0.1',
      dns: '1.1.1.1',
    });
    expect(p.device_settings.lift_controller.floor_map).toHaveLength(3);
    expect(p.device_settings.lift_controller.settings).toMatchObject({
      device_mode: 'call-up-down',
      relay_open_time: 10,
    });
  });

  it('section 5: field errors for shapes and ranges (never a 5xx)', async () => {
    const res = await put({
      name: '',
      domain_id: groups['Building A'],
      port: 0,
      ip_address: 'not-an-ip',
      type: 'toaster',
      location_latitude: '91,5',
      device_settings: {
        sip: { password: 'abc' },
        additional: { button_numbers: ['1', '2'] },
        lift_controller: { floor_map: [{ floor: 500 }] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'invalid data sent',
      errors: {
        name: { code: 'required' },
        port: { code: 'min_value', params: { min: 1 } },
        ip_address: { code: 'ip' },
        type: { code: 'invalid' },
        location_latitude: { code: 'number' },
        'device_settings.sip.password': { code: 'min_length', params: { length: 6 } },
        'device_settings.additional.button_numbers': { code: 'invalid' },
        'device_settings.lift_controller.floor_map.0.floor': { code: 'max_value', params: { max: 200 } },
      },
    });
    const pattern = await put({
      name: 'x',
      domain_id: groups['Building A'],
      device_settings: { sip: { password: 'abcdefgh' } },
    });
    expect(pattern.json().errors).toEqual({ 'device_settings.sip.password': { code: 'sip_password' } });
    const long = await put({
      name: 'x',
      domain_id: groups['Building A'],
      device_settings: { sip: { password: `Ab1${'c'.repeat(29)}` } },
    });
    expect(long.json().errors).toEqual({
      'device_settings.sip.password': { code: 'max_length', params: { length: 31 } },
    });
    const missing = await put({ name: 'No group' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ domain_id: { code: 'required' } });
    for (const body of [
      null,
      [],
      'x',
      { name: 'x', domain_id: groups['Building A'], device_settings: 'x' },
      { name: 'x', domain_id: 'A' },
    ]) {
      const bad = await put(body);
      expect(bad.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('section 5: relays and floors in range, floor rules, lift mode and integrator required', async () => {
    const res = await put({
      name: 'Bad lift',
      domain_id: groups['Building A'],
      type: 'panel',
      device_settings: {
        lift_controller: {
          enabled: true,
          floor_map: [
            { floor: 1, ports: [1, 3] },
            { floor: 1, is_public: true, is_panel_floor: true },
            { floor: 2, is_panel_floor: true, apartments: ['20'] },
          ],
        },
        integration_axxon: { camera_name: 'Entrance cam' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'invalid data sent',
      errors: {
        // A panel has two relays.
        'device_settings.lift_controller.floor_map.0.ports.1': { code: 'range', params: { min: 1, max: 2 } },
        'device_settings.lift_controller.floor_map.1.floor': { code: 'not_unique' },
        'device_settings.lift_controller.floor_map.1.is_panel_floor': { code: 'invalid' },
        'device_settings.lift_controller.floor_map.2.apartments': { code: 'invalid' },
        'device_settings.lift_controller.settings.device_mode': { code: 'required' },
        'device_settings.integration_axxon.integration_id': { code: 'required' },
      },
    });
    // A patch is checked against the stored settings too: turning a lift controller into a panel.
    const lift = await created({
      name: 'Lift 2',
      type: 'liftcontroller',
      device_settings: { lift_controller: { floor_map: [{ floor: 3, ports: [16] }] } },
    });
    const narrowed = await patch(lift, { type: 'panel' });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json().errors).toEqual({
      'device_settings.lift_controller.floor_map.0.ports.0': { code: 'range', params: { min: 1, max: 2 } },
    });
    const manualSip = await patch(lift, { device_settings: { sip: { manual: true } } });
    expect(manualSip.json().errors).toEqual({
      'device_settings.sip.login': { code: 'required' },
      'device_settings.sip.proxy_address': { code: 'required' },
    });
  });

  it('8.2: serial number in use (create, update, on the whole server)', async () => {
    const first = await created({ name: 'Serial A', serial_number: 'SN-DUP-1' });
    const again = await put({ name: 'Serial B', domain_id: groups['Unit 101'], serial_number: 'SN-DUP-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'serial number in use',
      errors: { serial_number: { code: 'not_unique' } },
    });
    const other = await created({ name: 'Serial C', serial_number: 'SN-DUP-2' });
    const moved = await patch(other, { serial_number: 'SN-DUP-1' });
    expect(moved.json().message).toBe('serial number in use');
    // Its own serial is not "in use" by itself.
    expect((await patch(first, { serial_number: 'SN-DUP-1', name: 'Serial A2' })).statusCode).toBe(200);
  });

  it('section 5: the internal subnetwork address is unique in the project (value not unique)', async () => {
    const address = { building: '1', unit: '2', device: '7' };
    await created({ name: 'Addr 1', device_settings: { address } });
    const clash = await put({ name: 'Addr 2', domain_id: groups['Unit 102'], device_settings: { address } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({
      message: 'value not unique',
      errors: { 'device_settings.address.device': { code: 'not_unique' } },
    });
    const elsewhere = await created({ name: 'Addr 3', device_settings: { address: { ...address, device: '8' } } });
    const moved = await patch(elsewhere, { device_settings: { address: { device: '7' } } });
    expect(moved.json().message).toBe('value not unique');
  });

  it('8.2: virtual number not free; device already has a virtual number; null releases it', async () => {
    const free = await freeNumber('7770001');
    const other = await freeNumber('7770002');
    const id = await created({ name: 'Numbered', sip_number_id: free });
    expect((await get(id)).json().data.sip_number).toEqual({ id: free, number: '7770001' });
    const taken = await put({ name: 'Second', domain_id: groups['Building A'], sip_number_id: free });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      message: 'virtual number not free',
      errors: { sip_number_id: { code: 'not_unique' } },
    });
    const swap = await patch(id, { sip_number_id: other });
    expect(swap.json()).toEqual({
      message: 'device already has a virtual number',
      errors: { sip_number_id: { code: 'not_unique' } },
    });
    expect((await patch(id, { sip_number_id: null })).json().data.sip_number).toBeNull();
    expect((await patch(id, { sip_number_id: other })).json().data.sip_number_id).toBe(other);
    const unknown = await patch(id, { sip_number_id: 999_999 });
    expect(unknown.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['sip_number'] });
  });

  it('lists with filters by type, group and status, search, sort and keyset paging; status is live', async () => {
    const group = groups['Unit 201']!;
    for (const [name, type, serial] of [
      ['L-monitor', 'monitor', 'SN-L-1'],
      ['L-panel', 'panel', 'SN-L-2'],
      ['L-barrier', 'barrier', 'SN-L-3'],
    ]) {
      await created({ name, type, serial_number: serial, domain_id: group });
    }
    const inGroup = { field: 'domain', rule: 'has', value: [group] };
    const page = await list({ filters: [inGroup], sort: 'name' });
    expect(page.data.map((d) => d.name)).toEqual(['L-barrier', 'L-monitor', 'L-panel']);
    expect(page.meta.total).toBe(3);
    expect(page.data[0]).toMatchObject({ type: 'barrier', domain: { id: group }, device_info: { status: 'offline' } });
    const monitors = await list({ filters: [inGroup, { field: 'type', rule: 'equals', value: 'monitor' }] });
    expect(monitors.data.map((d) => d.name)).toEqual(['L-monitor']);
    const searched = await list({ filters: [{ field: 'search', rule: 'contains', value: 'sn-l-' }], sort: '-name' });
    expect(searched.data.map((d) => d.name)).toEqual(['L-panel', 'L-monitor', 'L-barrier']);
    const first = await list({ filters: [inGroup], sort: 'name', size: 2 });
    expect(first.meta.next).toBeTruthy();
    const second = await list({ filters: [inGroup], sort: 'name', size: 2, after: first.meta.next });
    expect(second.data.map((d) => d.name)).toEqual(['L-panel']);

    const live: DeviceStatusSource = {
      statusOf: (serial) => (serial === 'SN-L-2' ? 'online' : 'offline'),
      onlineSerials: () => ['SN-L-2'],
    };
    t.app.ctx.deviceStatus = live;
    try {
      const online = await list({ filters: [inGroup, { field: 'status', rule: 'equals', value: 'online' }] });
      expect(online.data.map((d) => [d.name, d.device_info.status])).toEqual([['L-panel', 'online']]);
      const offline = await list({ filters: [inGroup, { field: 'status', rule: 'equals', value: 'offline' }] });
      expect(offline.data.map((d) => d.name).sort()).toEqual(['L-barrier', 'L-monitor']);
      const item = (await get(online.data[0]!.id)).json().data;
      expect(item.device_info.status).toBe('online');
    } finally {
      t.app.ctx.deviceStatus = { statusOf: () => 'offline', onlineSerials: () => [] };
    }
    const bad = await t.call(
      'GET',
      `/devices/items?${q({ filters: [{ field: 'status', rule: 'equals', value: 'x' }] })}`,
      {
        token: admin,
      },
    );
    expect(bad.statusCode).toBe(400);
    const badType = await t.call(
      'GET',
      `/devices/items?${q({ filters: [{ field: 'type', rule: 'has', value: 1 }] })}`,
      {
        token: admin,
      },
    );
    expect(badType.statusCode).toBe(400);
  });

  it('deletes one device and several; its number is released, its floor map goes', async () => {
    const number = await freeNumber('7770010');
    const a = await created({
      name: 'Del A',
      type: 'liftcontroller',
      sip_number_id: number,
      device_settings: { lift_controller: { floor_map: [{ floor: 1, ports: [1] }] } },
    });
    const b = await created({ name: 'Del B' });
    const c = await created({ name: 'Del C' });
    expect((await t.call('DELETE', `/devices/${a}`, { token: admin })).json()).toEqual({ data: true });
    expect((await get(a)).statusCode).toBe(404);
    const n = await t.db
      .selectFrom('sip_numbers')
      .select('device_id')
      .where('id', '=', number)
      .executeTakeFirstOrThrow();
    expect(n.device_id).toBeNull();
    expect(await t.db.selectFrom('device_floors').select('id').where('device_id', '=', a).execute()).toEqual([]);
    const all = await t.call('POST', '/devices/delete-all', { token: admin, body: { items: [b, c, 999_999] } });
    expect(all.json()).toEqual({ data: { deleted: 2 } });
  });

  it('put-found adds the chosen devices with defaults; serials in use are named per row', async () => {
    const res = await t.call('PUT', '/devices/items/found', {
      token: admin,
      body: {
        domain_id: groups['Unit 101'],
        items: [
          { serial_number: 'SN-F-1', ip_address: '127.0.0.21' },
          {
            serial_number: 'SN-F-2',
            ip_address: '127.0.0.22',
            type: 'accesscontroller',
            name: 'Back door',
            port: 8080,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [one, two] = res.json().data as number[];
    expect((await get(one!)).json().data).toMatchObject({
      name: 'SN-F-1',
      type: 'panel',
      model: 'AA12',
      port: 80,
      protocol: 'mqtt',
      ip_address: '127.0.0.21',
      domain: { id: groups['Unit 101'] },
    });
    expect((await get(two!)).json().data).toMatchObject({ name: 'Back door', type: 'accesscontroller', port: 8080 });
    const again = await t.call('PUT', '/devices/items/found', {
      token: admin,
      body: {
        domain_id: groups['Unit 101'],
        items: [{ serial_number: 'SN-F-3' }, { serial_number: 'SN-F-2' }, { serial_number: 'SN-F-3' }],
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'serial number in use',
      errors: { 'items.1.serial_number': { code: 'not_unique' }, 'items.2.serial_number': { code: 'not_unique' } },
    });
    expect(await t.db.selectFrom('devices').select('id').where('serial_number', '=', 'SN-F-3').execute()).toEqual([]);
    const empty = await t.call('PUT', '/devices/items/found', {
      token: admin,
      body: { domain_id: groups['Unit 101'], items: [] },
    });
    expect(empty.json().errors).toEqual({ items: { code: 'required' } });
  });

  it('the pool: raw list, from-pool adds them and they leave the pool', async () => {
    const now = '2026-01-02T00:00:00.000Z';
    const pooled = await t.db
      .insertInto('device_pool')
      .values([
        {
          project_id: projectId,
          serial_number: 'SN-P-1',
          type: 'monitor',
          model: 'MM1',
          ip_address: null,
          created_at: now,
        },
        {
          project_id: projectId,
          serial_number: 'SN-P-2',
          type: 'panel',
          model: 'AA12',
          ip_address: '127.0.0.30',
          created_at: now,
        },
      ])
      .returning('id')
      .execute();
    const raw = await t.call('GET', `/devices/raw/items?${q({ sort: 'serial_number' })}`, { token: admin });
    expect(raw.statusCode, raw.body).toBe(200);
    expect(raw.json().data.map((r: { serial_number: string; type: string }) => [r.serial_number, r.type])).toEqual([
      ['SN-P-1', 'monitor'],
      ['SN-P-2', 'panel'],
    ]);
    const ids = pooled.map((p) => p.id);
    const missing = await t.call('PUT', '/devices/from-pool', {
      token: admin,
      body: { domain_id: groups['Unit 102'], items: [ids[0], 999_999] },
    });
    expect(missing.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['items'] });
    const added = await t.call('PUT', '/devices/from-pool', {
      token: admin,
      body: { domain_id: groups['Unit 102'], items: ids },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [monitor] = added.json().data as number[];
    expect((await get(monitor!)).json().data).toMatchObject({ serial_number: 'SN-P-1', type: 'monitor', model: 'MM1' });
    expect((await t.call('GET', '/devices/raw/items', { token: admin })).json().data).toEqual([]);
  });

  describe('scopes (6.2)', () => {
    let unit101 = 0;
    let buildingA = 0;
    let viewer = '';
    let branch = '';
    let creator = '';
    beforeAll(async () => {
      unit101 = await created({ name: 'Scope 101', domain_id: groups['Unit 101'] });
      buildingA = await created({ name: 'Scope A', domain_id: groups['Building A'] });
      viewer = (
        await addProjectUser(t, {
          login: 'dev-viewer',
          permissions: ['devices.view', 'devices.edit', 'devices.create', 'devices.delete'],
          group: 'Unit 101',
        })
      ).token;
      branch = (
        await addProjectUser(t, { login: 'dev-branch', permissions: ['devices.view_descendants'], group: 'Building A' })
      ).token;
      creator = (await addProjectUser(t, { login: 'dev-creator', permissions: ['devices.create'], group: 'Unit 102' }))
        .token;
    });

    it('devices.view sees its own groups only; outside, items answer 404 and writes too', async () => {
      const names = (await list({ filters: [{ field: 'search', rule: 'contains', value: 'scope' }] }, viewer)).data.map(
        (d) => d.name,
      );
      expect(names).toEqual(['Scope 101']);
      expect((await get(unit101, viewer)).statusCode).toBe(200);
      expect((await get(buildingA, viewer)).statusCode).toBe(404);
      expect((await patch(buildingA, { name: 'Hijack' }, viewer)).statusCode).toBe(404);
      expect((await t.call('DELETE', `/devices/${buildingA}`, { token: viewer })).statusCode).toBe(404);
      const all = await t.call('POST', '/devices/delete-all', { token: viewer, body: { items: [buildingA] } });
      expect(all.json()).toEqual({ data: { deleted: 0 } });
      // A group outside its reach cannot be given.
      const outside = await put({ name: 'Out', domain_id: groups['Building A'] }, viewer);
      expect(outside.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['domain'] });
      const moved = await patch(unit101, { domain_id: groups['Building A'] }, viewer);
      expect(moved.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['domain'] });
    });

    it('devices.view_descendants sees its groups and those below', async () => {
      const names = (
        await list({ filters: [{ field: 'search', rule: 'contains', value: 'scope' }], sort: 'name' }, branch)
      ).data.map((d) => d.name);
      expect(names).toEqual(['Scope 101', 'Scope A']);
    });

    it('self_domain.manage_devices manages the devices of its own groups', async () => {
      const manager = (
        await addProjectUser(t, {
          login: 'dev-manager',
          permissions: ['self_domain.manage_devices'],
          group: 'Unit 101',
        })
      ).token;
      const names = (
        await list({ filters: [{ field: 'search', rule: 'contains', value: 'scope' }] }, manager)
      ).data.map((d) => d.name);
      expect(names).toEqual(['Scope 101']);
      expect((await patch(unit101, { description: 'Managed' }, manager)).json().data.description).toBe('Managed');
      expect((await patch(buildingA, { description: 'No' }, manager)).statusCode).toBe(404);
    });

    it('a caller may create only in its reach; without a view permission it cannot list', async () => {
      const res = await put({ name: 'Mine', domain_id: groups['Unit 102'] }, creator);
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.call('GET', '/devices/items', { token: creator })).statusCode).toBe(403);
      expect((await put({ name: 'Not mine', domain_id: groups['Unit 101'] }, creator)).json().entities).toEqual([
        'domain',
      ]);
    });
  });
});
