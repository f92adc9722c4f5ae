import { afterEach, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../server/mqtt/broker';
import { createDeviceLink } from '../../server/mqtt/create-link';
import type { DeviceLink } from '../../server/mqtt/link';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { buildTestApp, SMALL_DEMO, type TestApp } from '../support/api-app';
import { credentialsOf, eventually } from '../support/devices';
import { freePort } from '../support/free-port';

/**
 * MQTT_URL's broker is down when the server starts: the start succeeds, /broker/status says not
 * running, and the link connects (and subscribes) in the background once the broker is there.
 * A refused credential still fails at once: that is configuration, not an outage.
 */

const SERVER = { username: 'gatehouse-server', password: 'server-secret' };
const DEVICE = { serial: 'LATE1', password: 'late-secret' };

describe('an external broker that is down at start', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function brokerOn(port: number): Promise<EmbeddedBroker> {
    const broker = await startEmbeddedBroker({ port, authenticate: credentialsOf([DEVICE]), server: SERVER });
    closing.push(() => broker.close());
    return broker;
  }
  const urlOf = (port: number, password = SERVER.password) => `mqtt://${SERVER.username}:${password}@127.0.0.1:${port}`;

  it('the link is made at once and connects when the broker comes', async () => {
    const port = await freePort();
    const started = Date.now();
    const link: DeviceLink = await createDeviceLink({
      url: urlOf(port),
      external: { connect: { reconnectPeriod: 100 } },
    });
    closing.push(() => link.close());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(link.status()).toMatchObject({ mode: 'external', running: false, started_at: null, uptime_s: 0 });

    await brokerOn(port);
    await eventually(() => link.status().running);
    expect(link.status().started_at).not.toBeNull();
    // Subscribed on that first connect: a device's status reaches the link.
    const device = new SimulatedDevice({ url: `mqtt://127.0.0.1:${port}`, ...DEVICE, kind: 'accesscontroller' });
    closing.push(() => device.stop());
    await device.start();
    await eventually(() => link.isOnline('LATE1'));
    expect(await link.request('LATE1', 'init')).toMatchObject({ serial: 'LATE1', type: 'accesscontroller' });
  });

  it('says not running while the broker is away, and is back with it', async () => {
    const port = await freePort();
    const broker = await brokerOn(port);
    const link = await createDeviceLink({ url: urlOf(port), external: { connect: { reconnectPeriod: 100 } } });
    closing.push(() => link.close());
    expect(link.status().running).toBe(true);
    await broker.close();
    await eventually(() => !link.status().running);
    await brokerOn(port);
    await eventually(() => link.status().running);
  });

  it('a refused credential fails the start at once, even with reconnects on', async () => {
    const port = await freePort();
    await brokerOn(port);
    await expect(createDeviceLink({ url: urlOf(port, 'wrong') })).rejects.toMatchObject({ code: 4 });
  });

  it('the server starts, /broker/status says not running, then running once the broker is up', async () => {
    const port = await freePort();
    const t: TestApp = await buildTestApp('sqlite', { env: { ...SMALL_DEMO.env, MQTT_URL: urlOf(port) } });
    closing.push(() => t.close());
    const admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    const status = async () => (await t.call('GET', '/broker/status', { token: admin })).json().data;
    expect(await status()).toMatchObject({
      mode: 'external',
      running: false,
      url: `mqtt://127.0.0.1:${port}`,
      devices_online: 0,
    });
    await brokerOn(port);
    // MQTT.js tries again every second (reconnectPeriod of the link).
    await eventually(async () => (await status()).running === true, 10_000);
  });
});
