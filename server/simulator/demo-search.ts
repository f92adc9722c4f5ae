import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deviceDialUrl } from '../mqtt/dial-url';
import type { DeviceLink } from '../mqtt/link';
import { SimulatedDevice } from './devices/device';
import { type BrokerSettings, type DiscoveryResponder, startDiscoveryResponder } from './devices/discovery';
import { macOf } from './devices/fleet';
import { type DeviceKind, KINDS } from './devices/kinds';

/**
 * Something for the demo's network search to find (GATEHOUSE_SIMULATOR=1): devices not in the
 * project yet that answer discovery on 127.0.2.x at DEVICE_SEARCH_PORT. Once added (put-found),
 * the server sends them broker settings and they connect with them; after a restart, those
 * already added connect with the password stored on their row.
 */

export const DEMO_SEARCH_DEVICES: readonly { serial: string; kind: DeviceKind; ip: string }[] = [
  { serial: 'GH-DEMO-NEW-PANEL', kind: 'panel', ip: '127.0.2.1' },
  { serial: 'GH-DEMO-NEW-AC', kind: 'accesscontroller', ip: '127.0.2.2' },
  { serial: 'GH-DEMO-NEW-MONITOR', kind: 'monitor', ip: '127.0.2.3' },
];

export interface DemoSearchDevices {
  /** The device of this serial once it was told where to connect. */
  get(serial: string): SimulatedDevice | undefined;
  stop(): Promise<void>;
}

export async function startDemoSearchDevices(options: {
  db: Kysely<Database>;
  link: DeviceLink;
  /** DEVICE_SEARCH_PORT: where the search asks. */
  port: number;
  log: (line: string) => void;
  devices?: readonly { serial: string; kind: DeviceKind; ip: string }[];
}): Promise<DemoSearchDevices> {
  const specs = options.devices ?? DEMO_SEARCH_DEVICES;
  const running = new Map<string, SimulatedDevice>();
  const responders: DiscoveryResponder[] = [];

  const connect = (spec: (typeof specs)[number], url: string, password: string) => {
    const before = running.get(spec.serial);
    const device = new SimulatedDevice({ url, serial: spec.serial, password, kind: spec.kind, ip: spec.ip });
    running.set(spec.serial, device);
    void (async () => {
      await before?.stop();
      await device.start().catch((error: unknown) => {
        options.log(`Demo search device ${spec.serial} could not connect: ${String(error)}`);
      });
    })();
  };

  // Already added on an earlier run: connect as the demo devices do.
  const url = deviceDialUrl(options.link);
  const rows = await options.db
    .selectFrom('devices')
    .select(['serial_number', 'mqtt_password'])
    .where(
      'serial_number',
      'in',
      specs.map((s) => s.serial),
    )
    .where('protocol', '=', 'mqtt')
    .execute();
  for (const row of rows) {
    const spec = specs.find((s) => s.serial === row.serial_number);
    if (spec && url && row.mqtt_password) connect(spec, url, row.mqtt_password);
  }

  for (const spec of specs) {
    const onBroker = (settings: BrokerSettings) => {
      if (settings.login !== spec.serial) return false;
      connect(spec, settings.url, settings.password);
      return true;
    };
    try {
      responders.push(
        await startDiscoveryResponder(
          spec.ip,
          options.port,
          (port) => ({
            serial_number: spec.serial,
            type: KINDS[spec.kind].type,
            model: KINDS[spec.kind].model,
            firmware: 'sim-1.0',
            mac: macOf(spec.serial),
            protocol: 'mqtt',
            ip: spec.ip,
            port,
          }),
          onBroker,
        ),
      );
    } catch (error) {
      options.log(
        `Demo search device ${spec.serial} does not answer discovery on ${spec.ip}:${options.port}: ${String(error)}`,
      );
    }
  }
  if (responders.length > 0) {
    options.log(`Demo devices to find on ${responders.map((r) => `${r.address}:${r.port}`).join(', ')}`);
  }
  return {
    get: (serial) => running.get(serial),
    async stop() {
      await Promise.all(responders.map((r) => r.close()));
      await Promise.all([...running.values()].map((d) => d.stop()));
    },
  };
}
