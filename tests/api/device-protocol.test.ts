import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedLink } from '../../server/mqtt/embedded-link';
import { DeviceLinkError } from '../../server/mqtt/link';
import { SimulatedDevice, type SimulatedDeviceOptions } from '../../server/simulator/devices/device';
import type { DeviceKind } from '../../server/simulator/devices/kinds';
import { eventStore, eventually, startTestLink } from '../support/devices';

/**
 * The device protocol (docs/device-protocol.md) end to end: the simulator's devices against the
 * embedded broker through the DeviceLink the server uses. No database: the event store here
 * stands for the platform's ingestion.
 */

/** A door list item (server/domain/access/decide/door-items.ts): one allowing rule on these locks. */
const card = (id: string, o: { revoked?: boolean; locks?: number[]; schedules?: number[] } = {}) => ({
  id,
  type: 'card',
  value: id,
  active: true,
  revoked: o.revoked ?? false,
  owner_id: null,
  owner_disabled: false,
  period: null,
  passes: null,
  locks: { allowed: o.locks ?? [1], prohibited: [] },
  rules: [
    { id: 1, prohibition: false, via: { kind: 'identifier' }, locks: o.locks ?? [1], schedule_ids: o.schedules ?? [] },
  ],
});

const DEVICES = [
  { serial: 'PANEL1', password: 'panel-secret', kind: 'panel' },
  { serial: 'AC1', password: 'ac-secret', kind: 'accesscontroller' },
  { serial: 'AC2', password: 'ac2-secret', kind: 'accesscontroller' },
  { serial: 'LIFT1', password: 'lift-secret', kind: 'liftcontroller' },
  { serial: 'CAM1', password: 'cam-secret', kind: 'plate_camera' },
  { serial: 'MON1', password: 'mon-secret', kind: 'monitor' },
] as const;

describe('device protocol over the embedded broker', () => {
  let link: EmbeddedLink;
  let url: string;
  let wsUrl: string;
  let store: ReturnType<typeof eventStore>;
  const started: SimulatedDevice[] = [];

  const device = async (serial: (typeof DEVICES)[number]['serial'], extra: Partial<SimulatedDeviceOptions> = {}) => {
    const spec = DEVICES.find((d) => d.serial === serial) as (typeof DEVICES)[number];
    const created = new SimulatedDevice({
      url,
      serial,
      password: spec.password,
      kind: spec.kind as DeviceKind,
      resendMs: 150,
      reconnectMs: 100,
      rebootDelayMs: 200,
      ...extra,
    });
    started.push(created);
    await created.start();
    await eventually(() => link.isOnline(serial));
    return created;
  };

  beforeAll(async () => {
    ({ link, url, wsUrl } = await startTestLink(DEVICES.map((d) => ({ serial: d.serial, password: d.password }))));
    store = eventStore(link);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((d) => d.stop()));
  });
  afterAll(async () => {
    await link.close();
  });

  it('init answers what the device is, and empties its lists', async () => {
    const panel = await device('PANEL1');
    panel.lists.identifiers.set('old', { id: 'old' });
    const body = await link.request('PANEL1', 'init', { time: new Date().toISOString() });
    expect(body).toEqual({
      serial: 'PANEL1',
      type: 'panel',
      model: 'AA12',
      firmware: 'sim-1.0',
      relays: 2,
      floors: [],
    });
    expect(panel.lists.identifiers.size).toBe(0);
  });

  it('applies settings and reports their version in its status', async () => {
    const panel = await device('PANEL1');
    const settings = {
      sip: { talk_timeout: 120, transport: 'UDP' },
      additional: { button_numbers: ['1', '2', '3', '4'] },
    };
    expect(await link.request('PANEL1', 'settings.apply', { version: 7, settings })).toEqual({ version: 7 });
    expect(panel.settings).toEqual(settings);
    await eventually(() => link.lastStatus('PANEL1')?.versions?.settings === 7);
    await expect(link.request('PANEL1', 'settings.apply', { settings })).rejects.toMatchObject({
      code: 'refused',
      deviceCode: 'bad_request',
    });
  });

  it('syncs identifiers and schedules (full and delta) and decides access from them, offline too', async () => {
    const ac = await device('AC1');
    const full = await link.request('AC1', 'sync', {
      list: 'identifiers',
      version: 3,
      mode: 'full',
      items: [card('CARD-1'), card('CARD-2', { revoked: true }), card('CARD-3', { schedules: [8] }), { nope: 1 }],
    });
    expect(full).toEqual({ version: 3, count: 3, errors: [{ id: '3', code: 'no_id' }] });
    await link.request('AC1', 'sync', {
      list: 'schedules',
      version: 1,
      mode: 'full',
      items: [{ id: '9', name: 'Night', definition: {}, time_zone: 'UTC', days: {} }],
    });
    const delta = await link.request('AC1', 'sync', {
      list: 'identifiers',
      version: 4,
      mode: 'delta',
      upsert: [card('CARD-4', { locks: [1, 2] })],
      remove: ['CARD-1'],
    });
    expect(delta).toEqual({ version: 4, count: 3, errors: [] });
    await eventually(() => link.lastStatus('AC1')?.versions?.identifiers === 4);

    expect(ac.present('CARD-4', 2)).toEqual({ granted: true });
    expect(ac.present('CARD-1')).toEqual({ granted: false, reason: 'unknown_identifier' });
    expect(ac.present('CARD-2')).toEqual({ granted: false, reason: 'revoked' });
    expect(ac.present('CARD-3')).toEqual({ granted: false, reason: 'schedule_closed' }); // schedule 8 is not held: a gap
    await eventually(() => store.of('AC1', 'access.denied').length === 3);
    expect(store.of('AC1', 'door.opened').map((e) => e.data)).toEqual([{ relay: 2, reason: 'identifier' }]);
    // A decision names the held item the presented value matched (the ACS log resolves by it).
    expect(store.of('AC1', 'identifier.used').map((e) => e.data)).toEqual([
      { identifier: 'CARD-4', relay: 2, key: 'CARD-4' },
    ]);
    expect(store.of('AC1', 'access.denied').map((e) => e.data.key)).toEqual([undefined, 'CARD-2', 'CARD-3']);

    ac.dropConnection();
    await eventually(() => !link.isOnline('AC1'));
    expect(ac.present('CARD-4')).toEqual({ granted: true }); // the door still works
  });

  it('reboots: answers, goes offline, comes back; requests meanwhile fail as offline', async () => {
    await device('AC1');
    const seen: string[] = [];
    const off = link.onStatus(
      (serial, status) => serial === 'AC1' && seen.push(status.online ? 'online' : `offline:${status.reason}`),
    );
    expect(await link.request('AC1', 'reboot', { delay_s: 0.3 })).toEqual({});
    await eventually(() => !link.isOnline('AC1'));
    await expect(link.request('AC1', 'relay.open', { relay: 1 })).rejects.toMatchObject({ code: 'offline' });
    await eventually(() => link.isOnline('AC1'));
    off();
    expect(seen).toEqual(['offline:reboot', 'online']);
    expect(await link.request('AC1', 'relay.open', { relay: 1 })).toEqual({});
  });

  it('opens a relay on request and says so; refuses one it does not have', async () => {
    await device('AC2');
    expect(await link.request('AC2', 'relay.open', { relay: 2 })).toEqual({});
    await eventually(() => store.of('AC2', 'door.opened').length === 1);
    expect(store.of('AC2', 'door.opened')[0]?.data).toEqual({ relay: 2, reason: 'remote' });
    const refusal = await link.request('AC2', 'relay.open', { relay: 3 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DeviceLinkError);
    expect(refusal).toMatchObject({ code: 'refused', deviceCode: 'relay_out_of_range', serial: 'AC2' });
    await expect(link.request('AC2', 'lift.call', { floor: 2 })).rejects.toMatchObject({ deviceCode: 'not_supported' });
  });

  it('answers panel requests: screen state, call button, SIP reboot, emergency playback', async () => {
    await device('PANEL1');
    expect(await link.request('PANEL1', 'screen.state')).toEqual({ screen: 'idle' });
    expect(
      await link.request('PANEL1', 'emergency.play', {
        file_url: 'http://x/siren.wav',
        duration_s: 60,
        open_locks: true,
      }),
    ).toEqual({});
    expect(await link.request('PANEL1', 'screen.state')).toEqual({ screen: 'emergency' });
    await link.request('PANEL1', 'emergency.stop');
    expect(await link.request('PANEL1', 'screen.state')).toEqual({ screen: 'idle' });
    await link.request('PANEL1', 'call.button', { button: 3 });
    await link.request('PANEL1', 'sip.reboot');
    await eventually(() => store.of('PANEL1', 'sip.rebooted').length === 1);
    expect(store.of('PANEL1', 'button.pressed').map((e) => e.data)).toEqual([{ button: 3 }]);
    expect(
      store
        .of('PANEL1', 'door.opened')
        .map((e) => e.data)
        .filter((d) => d.reason === 'emergency'),
    ).toEqual([
      { relay: 1, reason: 'emergency' },
      { relay: 2, reason: 'emergency' },
    ]);
    await expect(link.request('PANEL1', 'no.such' as 'init')).rejects.toMatchObject({ deviceCode: 'unknown_kind' });
  });

  it('calls the lift to a mapped floor only', async () => {
    const lift = await device('LIFT1', {
      floorMap: [
        { floor: 1, ports: [1] },
        { floor: 5, ports: [5], apartments: ['51'] },
      ],
    });
    expect(await link.request('LIFT1', 'lift.call', { floor: 5, apartment: '51', direction: 'up' })).toEqual({});
    await expect(link.request('LIFT1', 'lift.call', { floor: 9 })).rejects.toMatchObject({
      deviceCode: 'floor_not_mapped',
    });
    expect(lift.callLift(1)).toEqual({ granted: true });
    await eventually(() => store.of('LIFT1', 'lift.called').length === 2);
    expect(store.of('LIFT1', 'lift.called').map((e) => e.data)).toEqual([
      { floor: 5, apartment: '51', direction: 'up', source: 'server' },
      { floor: 1, source: 'identifier' },
    ]);
  });

  it('reads plates and opens its barrier for known ones', async () => {
    const cam = await device('CAM1');
    await link.request('CAM1', 'sync', {
      list: 'identifiers',
      version: 1,
      mode: 'full',
      items: [{ ...card('plate:A123BC77'), type: 'plate', value: 'A123BC77' }],
    });
    // The camera reads a bare plate: it matches the item's value (the key is type:value).
    expect(cam.readPlate('A123BC77')).toEqual({ granted: true });
    expect(cam.readPlate('X000XX00')).toEqual({ granted: false, reason: 'unknown_identifier' });
    await eventually(() => store.of('CAM1', 'plate.read').length === 2);
    expect(store.of('CAM1', 'plate.read').map((e) => e.data)).toEqual([
      { plate: 'A123BC77', granted: true, key: 'plate:A123BC77' },
      { plate: 'X000XX00', granted: false, reason: 'unknown_identifier' },
    ]);
    expect(store.of('CAM1', 'barrier.opened').map((e) => e.data)).toEqual([{ plate: 'A123BC77' }]);
  });

  it('events are stored exactly once: replayed after an outage and after a failed store, acked, gone from the backlog', async () => {
    const ac = await device('AC2');
    const before = store.of('AC2').length;
    ac.dropConnection();
    await eventually(() => link.lastStatus('AC2')?.reason === 'lost'); // the will
    for (let i = 0; i < 5; i++) ac.pressButton(1);
    expect(ac.backlog.size).toBe(5);
    store.refuseNext(1); // the first replay is not stored: no ack, sent again
    await ac.reconnect();
    await eventually(() => ac.backlog.size === 0, 5000);
    const pressed = store.of('AC2').slice(before);
    expect(pressed.map((e) => e.type)).toEqual([
      'button.pressed',
      'button.pressed',
      'button.pressed',
      'button.pressed',
      'button.pressed',
    ]);
    expect(new Set(pressed.map((e) => e.id)).size).toBe(5);
    expect(store.deliveries).toBeGreaterThan(store.all().length); // duplicates did arrive
    // Each event keeps the device's time and an id of the device.
    for (const event of pressed) {
      expect(event.id.startsWith('AC2-')).toBe(true);
      expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    }
  });

  it('raises and clears alarms, listed in the status meanwhile', async () => {
    const mon = await device('MON1');
    const alarmId = mon.raiseAlarm('smoke');
    await eventually(() => link.lastStatus('MON1')?.alarms?.length === 1);
    expect(link.lastStatus('MON1')?.alarms).toEqual([{ alarm_id: alarmId, sensor: 'smoke' }]);
    expect(mon.clearAlarm(alarmId)).toBe(true);
    expect(mon.clearAlarm(alarmId)).toBe(false);
    await eventually(() => link.lastStatus('MON1')?.alarms?.length === 0);
    await eventually(() => store.of('MON1', 'alarm.cleared').length === 1);
    expect(store.of('MON1', 'alarm.raised').map((e) => e.data)).toEqual([{ alarm_id: alarmId, sensor: 'smoke' }]);
    expect(store.of('MON1', 'alarm.cleared').map((e) => e.data)).toEqual([{ alarm_id: alarmId, sensor: 'smoke' }]);
  });

  it('refuses wrong credentials and a client id that is not the serial', async () => {
    const wrong = new SimulatedDevice({ url, serial: 'AC1', password: 'not-it', kind: 'accesscontroller' });
    await expect(wrong.start()).rejects.toMatchObject({ code: 4 });
    const unknown = new SimulatedDevice({ url, serial: 'NOBODY', password: 'x', kind: 'accesscontroller' });
    await expect(unknown.start()).rejects.toMatchObject({ code: 4 });
    await wrong.stop();
    await unknown.stop();
    const impostor = mqtt.connect(url, { clientId: 'AC2', username: 'AC1', password: 'ac-secret', reconnectPeriod: 0 });
    const error = await new Promise((resolve) => impostor.once('error', resolve));
    impostor.end(true);
    expect(error).toMatchObject({ code: 5 });
    expect(link.isOnline('AC1')).toBe(false);
  });

  it('a device cannot publish or subscribe under another serial', async () => {
    await device('AC2');
    const rogue = await mqtt.connectAsync(url, {
      clientId: 'AC1',
      username: 'AC1',
      password: 'ac-secret',
      reconnectPeriod: 0,
    });
    // MQTT.js rejects a SUBACK with a failure in it; the packet tells which filters were refused.
    const suback = await rogue
      .subscribeAsync(['gh/v0/AC2/req', 'gh/v0/AC1/req', 'gh/v0/+/req'], { qos: 1 })
      .catch((e: { packet?: { granted?: number[] } }) => e.packet);
    expect(suback && 'granted' in suback ? suback.granted : suback).toEqual([128, 1, 128]);
    await rogue
      .publishAsync('gh/v0/AC2/status', JSON.stringify({ online: false, reason: 'forged' }), { qos: 0 })
      .catch(() => {});
    await rogue
      .publishAsync('gh/v0/AC2/event', JSON.stringify({ events: [{ id: 'forged', at: 'x', type: 'door.opened' }] }), {
        qos: 0,
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    rogue.end(true);
    expect(link.isOnline('AC2')).toBe(true);
    expect(store.of('AC2').some((e) => e.id === 'forged')).toBe(false);
  });

  it('a request to an offline device fails at once, one nobody answers times out', async () => {
    await expect(link.request('NOBODY', 'init')).rejects.toMatchObject({ code: 'offline' });
    const mute = await mqtt.connectAsync(url, {
      clientId: 'AC1',
      username: 'AC1',
      password: 'ac-secret',
      reconnectPeriod: 0,
    });
    await mute.publishAsync('gh/v0/AC1/status', JSON.stringify({ online: true }), { qos: 1, retain: true });
    await eventually(() => link.isOnline('AC1'));
    const started = Date.now();
    await expect(link.request('AC1', 'init', {}, { timeoutMs: 200 })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await mute.endAsync(); // clean, without a status: the broker says offline for it
    await eventually(() => link.lastStatus('AC1')?.reason === 'disconnected');
    expect(link.status().requests_pending).toBe(0);
  });

  it('works over MQTT over WebSocket', async () => {
    await device('MON1', { url: wsUrl });
    expect(await link.request('MON1', 'screen.state')).toEqual({ screen: 'idle' });
  });

  it('broker status and restart: devices come back on the same port', async () => {
    await device('AC1');
    await device('AC2');
    const status = link.status();
    expect(status).toMatchObject({
      mode: 'embedded',
      running: true,
      url: null,
      devices_online: 2,
      clients: 2,
      requests_pending: 0,
    });
    expect(status.listeners.map((l) => l.protocol)).toEqual(['mqtt', 'ws']);
    const ports = status.listeners.map((l) => l.port);
    await link.restart();
    expect(link.isOnline('AC1')).toBe(false);
    await eventually(() => link.isOnline('AC1') && link.isOnline('AC2'), 5000);
    expect(link.status().listeners.map((l) => l.port)).toEqual(ports);
    expect(link.onlineSerials().sort()).toEqual(['AC1', 'AC2']);
    expect(await link.request('AC2', 'relay.open', { relay: 1 })).toEqual({});
  });
});
