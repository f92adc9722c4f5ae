import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceLink } from '../../server/mqtt/create-link';
import type { DeviceLink } from '../../server/mqtt/link';
import { mosquittoHash } from '../../server/mqtt/mosquitto-files';
import { type DemoHardware, startDemoHardware } from '../../server/simulator/demo-run';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { writeMosquittoFiles } from '../../server/tools/mosquitto-files';
import { buildTestApp, SMALL_DEMO } from '../support/api-app';
import { eventStore, eventually } from '../support/devices';
import { freePort } from '../support/free-port';
import { loginFiles, mosquittoBinary, startMosquitto, type TestMosquitto } from '../support/mosquitto';

/**
 * The device link over a real Mosquitto (MQTT_URL): the broker Gatehouse documents for external
 * use, with per-device logins from the password file and per-device topics from the ACL file
 * Gatehouse writes (server/mqtt/mosquitto-files.ts). CI installs mosquitto (.ci/run); there a
 * missing broker fails this suite instead of leaving the external path unproved.
 */

const SERVER = { username: 'gatehouse-server', password: 'server secret:with colon' };
const DEVICES = [
  { username: 'MOSQ-1', password: 'first-device-pass' },
  { username: 'MOSQ-2', password: 'second-device-pass' },
];
const installed = mosquittoBinary() !== null;

describe('Mosquitto in CI', () => {
  it('is installed where CI runs (.ci/run installs it): the external-broker path must not pass unproved', () => {
    expect(installed || process.env.CI !== 'true', 'CI=true but mosquitto is not in /usr/sbin or MOSQUITTO_BIN').toBe(
      true,
    );
  });
});

describe.runIf(installed)('device link over Mosquitto', () => {
  let broker: TestMosquitto;
  let link: DeviceLink;
  let store: ReturnType<typeof eventStore>;
  const devices: SimulatedDevice[] = [];
  const device = (serial: string, password: string) => {
    const made = new SimulatedDevice({ url: broker.url, serial, password, kind: 'accesscontroller', resendMs: 200 });
    devices.push(made);
    return made;
  };

  beforeAll(async () => {
    broker = await startMosquitto(loginFiles(SERVER, DEVICES));
    link = await createDeviceLink({
      url: `mqtt://${SERVER.username}:${encodeURIComponent(SERVER.password)}@127.0.0.1:${broker.port}`,
    });
    store = eventStore(link);
    await device('MOSQ-1', 'first-device-pass').start();
    await device('MOSQ-2', 'second-device-pass').start();
    await eventually(() => link.isOnline('MOSQ-1') && link.isOnline('MOSQ-2'));
  }, 30_000);
  afterAll(async () => {
    for (const made of devices) await made.stop();
    await link?.close();
    await broker?.close();
  });

  it('writes hashes Mosquitto 2 reads: PBKDF2-SHA512 with the salt given', () => {
    // Worked out apart (Python hashlib.pbkdf2_hmac('sha512', b'secret', b'\0' * 12, 101)).
    expect(mosquittoHash('secret', Buffer.alloc(12))).toBe(
      '$7$101$AAAAAAAAAAAAAAAA$GKi4qDyk9y4EWmYPwoG2Z68xDS4geZItBOL+r9OzoRFUOftyza0bBNYPi42rbBMws2OTLsfxYvabe/4weVE1LQ==',
    );
  });

  it('status: external, connected, the URL without the credential', () => {
    expect(link.status()).toMatchObject({
      mode: 'external',
      running: true,
      url: `mqtt://127.0.0.1:${broker.port}`,
      devices_online: 2,
    });
  });

  it('requests reach the device and its answers come back', async () => {
    expect(await link.request('MOSQ-1', 'init')).toEqual({
      serial: 'MOSQ-1',
      type: 'accesscontroller',
      model: 'AC02',
      firmware: 'sim-1.0',
      relays: 2,
      floors: [],
    });
    await expect(link.request('MOSQ-2', 'relay.open', { relay: 9 })).rejects.toMatchObject({
      deviceCode: 'relay_out_of_range',
    });
  });

  it('events are stored and acked; after a lost connection the will says so and the backlog is replayed', async () => {
    const [first] = devices;
    first!.present('CARD-X');
    await eventually(() => first!.backlog.size === 0);
    first!.dropConnection();
    await eventually(() => link.lastStatus('MOSQ-1')?.reason === 'lost');
    first!.present('CARD-Y');
    await first!.reconnect();
    await eventually(() => first!.backlog.size === 0 && link.isOnline('MOSQ-1'));
    expect(store.of('MOSQ-1').map((event) => event.data.identifier)).toEqual(['CARD-X', 'CARD-Y']);
  });

  it('refuses a wrong device password', async () => {
    await expect(device('MOSQ-1', 'not-its-password').start()).rejects.toMatchObject({ code: 5 });
  });

  it('a device may publish only on its own topics (the ACL file)', async () => {
    const impostor = await mqtt.connectAsync(broker.url, {
      clientId: 'impostor',
      username: 'MOSQ-2',
      password: 'second-device-pass',
      reconnectPeriod: 0,
    });
    try {
      // As MOSQ-1: a status and an event. Mosquitto drops both silently (QoS 1 is still acked).
      await impostor.publishAsync('gh/v0/MOSQ-1/status', JSON.stringify({ online: false, reason: 'forged' }), {
        qos: 1,
        retain: true,
      });
      await impostor.publishAsync(
        'gh/v0/MOSQ-1/event',
        JSON.stringify({ events: [{ id: 'forged-1', at: new Date().toISOString(), type: 'door.opened', data: {} }] }),
        { qos: 1 },
      );
      // Its own log line goes through after them: proof the messages above were not merely slow.
      const lines: string[] = [];
      link.onLog((serial, line) => lines.push(`${serial} ${line.text}`));
      await impostor.publishAsync(
        'gh/v0/MOSQ-2/log',
        JSON.stringify({ at: new Date().toISOString(), level: 'info', text: 'mine' }),
        {
          qos: 1,
        },
      );
      await eventually(() => lines.includes('MOSQ-2 mine'));
      expect(link.isOnline('MOSQ-1')).toBe(true);
      expect(store.of('MOSQ-1').some((event) => event.id === 'forged-1')).toBe(false);
    } finally {
      await impostor.endAsync(true);
    }
  });

  it('a device added later logs in once the password file is written again (SIGHUP)', async () => {
    const late = device('MOSQ-3', 'third-device-pass');
    await expect(late.start()).rejects.toMatchObject({ code: 5 });
    await broker.rewrite(loginFiles(SERVER, [...DEVICES, { username: 'MOSQ-3', password: 'third-device-pass' }]));
    await late.reconnect();
    await eventually(() => link.isOnline('MOSQ-3'));
  });
});

describe.runIf(installed)('the demo on Mosquitto (MQTT_URL)', () => {
  it('starts before its broker; the files written from its database let the demo devices in', async () => {
    const port = await freePort();
    const t = await buildTestApp('sqlite', {
      env: {
        ...SMALL_DEMO.env,
        MQTT_URL: `mqtt://gatehouse-server:${encodeURIComponent('demo server pass')}@127.0.0.1:${port}`,
      },
    });
    let broker: TestMosquitto | null = null;
    let hardware: DemoHardware | null = null;
    try {
      expect(t.app.ctx.deviceLink.status().running).toBe(false);
      broker = await startMosquitto((dir) => writeMosquittoFiles(t.db, t.config, dir), port);
      await eventually(() => t.app.ctx.deviceLink.status().running, 10_000);
      const problems: string[] = [];
      hardware = await startDemoHardware({
        db: t.db,
        simulator: { enabled: true, sip: false, callInterval: 0, activity: null },
        link: t.app.ctx.deviceLink,
        sip: null,
        media: t.config.media,
        log: () => {},
        error: (line) => problems.push(line),
      });
      expect(problems).toEqual([]);
      await eventually(() => t.app.ctx.deviceLink.onlineSerials().length === 5, 10_000);
      const admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
      await eventually(async () => {
        const res = await t.call('GET', '/devices/items?limit=50', { token: admin });
        const demo = (
          res.json().data as Array<{ serial_number: string | null; device_info: { status: string } }>
        ).filter((d) => d.serial_number?.startsWith('GH-DEMO-'));
        return demo.length === 5 && demo.every((d) => d.device_info.status === 'online');
      }, 5_000);
    } finally {
      await hardware?.stop();
      await t.close();
      await broker?.close();
    }
  }, 40_000);
});
