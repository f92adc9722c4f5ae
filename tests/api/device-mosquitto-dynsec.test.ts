import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoHardware, startDemoHardware } from '../../server/simulator/demo-run';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { buildTestApp, SMALL_DEMO, type TestApp } from '../support/api-app';
import { eventually } from '../support/devices';
import { dynsecPlugin, mosquittoBinary, startMosquittoDynsec, type TestMosquitto } from '../support/mosquitto';
import { demoIds } from '../support/project-users';

/**
 * MQTT_DYNSEC: the server keeps the devices' logins in Mosquitto's dynamic security plugin
 * itself (server/domain/devices/mosquitto-sync.ts), so a device added, changed or removed in the
 * console is let in, moved to its new password or shut out without anyone writing files. The
 * demo's devices come online through logins the server made at start.
 */

const SERVER = { username: 'gatehouse-server', password: 'dynsec server pass' };
const installed = mosquittoBinary() !== null && dynsecPlugin() !== null;

describe('Mosquitto dynamic security in CI', () => {
  it('is installed where CI runs (.ci/run installs mosquitto)', () => {
    expect(installed || process.env.CI !== 'true', 'CI=true but mosquitto or its dynsec plugin is missing').toBe(true);
  });
});

describe.runIf(installed)('devices kept in Mosquitto by the server (MQTT_DYNSEC)', () => {
  let broker: TestMosquitto;
  let t: TestApp;
  let hardware: DemoHardware;
  let admin: string;
  let group: number;
  const devices: SimulatedDevice[] = [];
  const problems: string[] = [];
  const device = (serial: string, password: string) => {
    const made = new SimulatedDevice({ url: broker.url, serial, password, kind: 'accesscontroller' });
    devices.push(made);
    return made;
  };
  /** A device's start: 'online', or the CONNACK code of its refusal. */
  const tryStart = (made: SimulatedDevice) =>
    made.start().then(
      () => 'online',
      (error: { code?: number }) => error.code,
    );

  beforeAll(async () => {
    broker = await startMosquittoDynsec(SERVER);
    t = await buildTestApp('sqlite', {
      env: {
        ...SMALL_DEMO.env,
        MQTT_URL: `mqtt://${SERVER.username}:${encodeURIComponent(SERVER.password)}@127.0.0.1:${broker.port}`,
        MQTT_DYNSEC: '1',
      },
    });
    hardware = await startDemoHardware({
      db: t.db,
      simulator: { enabled: true, sip: false, callInterval: 0, activity: null },
      link: t.app.ctx.deviceLink,
      sip: null,
      media: t.config.media,
      log: () => {},
      error: (line) => problems.push(line),
    });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    group = (await demoIds(t)).groups['Building A'] as number;
  }, 40_000);
  afterAll(async () => {
    for (const made of devices) await made.stop();
    await hardware?.stop();
    await t?.close();
    await broker?.close();
  });

  it('the demo devices log in with the logins the server made at start', async () => {
    expect(problems).toEqual([]);
    await eventually(
      () => t.app.ctx.deviceLink.onlineSerials().filter((s) => s.startsWith('GH-DEMO-')).length === 5,
      10_000,
    );
  });

  it('a device added through the API logs in; its new password replaces the old; deleted, it is shut out', async () => {
    const added = await t.call('PUT', '/devices', {
      token: admin,
      body: {
        name: 'Dynsec door',
        serial_number: 'DYN-1',
        domain_id: group,
        device_settings: { mqtt_password: 'dyn-first-pass' },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data as number;
    await eventually(async () => (await tryStart(device('DYN-1', 'dyn-first-pass'))) === 'online', 10_000);
    await eventually(() => t.app.ctx.deviceLink.isOnline('DYN-1'));

    const changed = await t.call('PATCH', `/devices/${id}`, {
      token: admin,
      body: { device_settings: { mqtt_password: 'dyn-second-pass' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await eventually(async () => (await tryStart(device('DYN-1', 'dyn-first-pass'))) === 5, 10_000);
    expect(await tryStart(device('DYN-1', 'dyn-second-pass'))).toBe('online');

    const removed = await t.call('DELETE', `/devices/${id}`, { token: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    await eventually(async () => (await tryStart(device('DYN-1', 'dyn-second-pass'))) === 5, 10_000);
  }, 40_000);

  it("a device may not publish on another device's topics", async () => {
    const serials = t.app.ctx.deviceLink.onlineSerials().filter((s) => s.startsWith('GH-DEMO-'));
    const [victim, impostorSerial] = serials as [string, string];
    const password = (
      await t.db
        .selectFrom('devices')
        .select('mqtt_password')
        .where('serial_number', '=', impostorSerial)
        .executeTakeFirstOrThrow()
    ).mqtt_password as string;
    const impostor = await mqtt.connectAsync(broker.url, {
      clientId: 'impostor',
      username: impostorSerial,
      password,
      reconnectPeriod: 0,
    });
    try {
      await impostor.publishAsync(`gh/v0/${victim}/status`, JSON.stringify({ online: false, reason: 'forged' }), {
        qos: 1,
        retain: true,
      });
      const lines: string[] = [];
      t.app.ctx.deviceLink.onLog((serial, line) => lines.push(`${serial} ${line.text}`));
      await impostor.publishAsync(
        `gh/v0/${impostorSerial}/log`,
        JSON.stringify({ at: new Date().toISOString(), level: 'info', text: 'mine' }),
        { qos: 1 },
      );
      await eventually(() => lines.includes(`${impostorSerial} mine`));
      expect(t.app.ctx.deviceLink.isOnline(victim)).toBe(true);
    } finally {
      await impostor.endAsync(true);
    }
  });
});
