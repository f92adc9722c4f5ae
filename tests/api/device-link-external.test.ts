import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../server/mqtt/broker';
import { createDeviceLink } from '../../server/mqtt/create-link';
import type { DeviceLink } from '../../server/mqtt/link';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { credentialsOf, eventStore, eventually } from '../support/devices';

/**
 * MQTT_URL: the same DeviceLink over a broker that is not ours. A second aedes on a free port
 * plays the external broker (CI also runs Mosquitto); the server connects to it with its own
 * credential, like any client.
 */

const DEVICES = [{ serial: 'EXT1', password: 'ext-secret' }];
const SERVER = { username: 'gatehouse-server', password: 's3rver secret' };

describe('device link over an external broker', () => {
  let external: EmbeddedBroker;
  let link: DeviceLink;
  let url: string;
  let device: SimulatedDevice;

  beforeAll(async () => {
    external = await startEmbeddedBroker({ port: 0, authenticate: credentialsOf(DEVICES), server: SERVER });
    url = `mqtt://127.0.0.1:${external.listeners[0]?.port}`;
    const withCredential = `mqtt://${SERVER.username}:${encodeURIComponent(SERVER.password)}@127.0.0.1:${external.listeners[0]?.port}`;
    link = await createDeviceLink({ url: withCredential });
    device = new SimulatedDevice({
      url,
      serial: 'EXT1',
      password: 'ext-secret',
      kind: 'accesscontroller',
      resendMs: 150,
    });
    await device.start();
    await eventually(() => link.isOnline('EXT1'));
  });
  afterAll(async () => {
    await device.stop();
    await link.close();
    await external.close();
  });

  it('refuses the server with a wrong credential', async () => {
    const bad = `mqtt://${SERVER.username}:wrong@127.0.0.1:${external.listeners[0]?.port}`;
    await expect(createDeviceLink({ url: bad, external: { connect: { reconnectPeriod: 0 } } })).rejects.toMatchObject({
      code: 4,
    });
  });

  it('requests and responses', async () => {
    expect(link.mode).toBe('external');
    expect(await link.request('EXT1', 'init')).toEqual({
      serial: 'EXT1',
      type: 'accesscontroller',
      model: 'AC02',
      firmware: 'sim-1.0',
      relays: 2,
      floors: [],
    });
    await expect(link.request('EXT1', 'relay.open', { relay: 5 })).rejects.toMatchObject({
      deviceCode: 'relay_out_of_range',
    });
  });

  it('events are acked once stored, and replayed after an outage', async () => {
    const store = eventStore(link);
    device.dropConnection();
    await eventually(() => link.lastStatus('EXT1')?.reason === 'lost');
    device.present('UNKNOWN');
    await device.reconnect();
    await eventually(() => device.backlog.size === 0);
    expect(store.of('EXT1').map((e) => [e.type, e.data])).toEqual([
      ['access.denied', { identifier: 'UNKNOWN', relay: 1, reason: 'unknown_identifier' }],
    ]);
  });

  it('status tells the broker URL without the credential; restart reconnects and learns who is online again', async () => {
    const status = link.status();
    expect(status).toMatchObject({ mode: 'external', running: true, clients: null, devices_online: 1, listeners: [] });
    expect(status.url).toBe(`mqtt://127.0.0.1:${external.listeners[0]?.port}`);
    await link.restart();
    await eventually(() => link.isOnline('EXT1')); // from the retained status
    expect(await link.request('EXT1', 'screen.state').catch((e: { deviceCode?: string }) => e.deviceCode)).toBe(
      'not_supported',
    );
  });
});
