import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_DEVICES } from '../db/seed/demo-devices';
import { floorMaps } from '../domain/devices/devices';
import type { DeviceLink } from '../mqtt/link';
import { type FleetDevice, type SimulatedFleet, startSimulatedFleet } from './devices/fleet';
import type { DeviceKind } from './devices/kinds';

/**
 * Demo mode's devices (GATEHOUSE_SIMULATOR=1): the demo's MQTT hardware (db/seed/demo-devices.ts)
 * comes to life on the embedded broker with the credentials stored on its rows, so the devices
 * list shows them online. Rows deleted or re-keyed by hand are simply not played.
 */

const KIND_OF_TYPE: Record<string, DeviceKind> = {
  panel: 'panel',
  monitor: 'monitor',
  accesscontroller: 'accesscontroller',
  liftcontroller: 'liftcontroller',
  ip_camera: 'plate_camera',
};

/** Where a device of this machine reaches the embedded broker, or null (external broker, no listener). */
export function brokerUrlFor(link: DeviceLink): string | null {
  if (link.mode !== 'embedded') return null;
  const listener = link.status().listeners.find((l) => l.protocol === 'mqtt' || l.protocol === 'mqtts');
  if (listener) return `${listener.protocol}://${dialHost(listener.host)}:${listener.port}`;
  const ws = link.status().listeners.find((l) => l.protocol === 'ws' || l.protocol === 'wss');
  return ws ? `${ws.protocol}://${dialHost(ws.host)}:${ws.port}/mqtt` : null;
}

function dialHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The demo devices found in the database, as a fleet (empty when the demo has none). */
export async function demoFleetDevices(db: Kysely<Database>): Promise<FleetDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'serial_number', 'mqtt_password', 'type'])
    .where(
      'serial_number',
      'in',
      DEMO_DEVICES.map((d) => d.serial),
    )
    .where('protocol', '=', 'mqtt')
    .orderBy('id')
    .execute();
  // Lift controllers play the floor map stored for them (lift calls check it).
  const maps = await floorMaps(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.flatMap((r) => {
    const kind = KIND_OF_TYPE[r.type];
    const floorMap = maps.get(Number(r.id))?.map((f) => ({ ...f, name: f.name ?? undefined }));
    return r.serial_number && r.mqtt_password && kind
      ? [{ serial: r.serial_number, password: r.mqtt_password, kind, ...(floorMap ? { floorMap } : {}) }]
      : [];
  });
}

/** Starts the demo fleet; null when there is nothing to play or nowhere to connect. */
export async function startDemoDevices(options: {
  db: Kysely<Database>;
  link: DeviceLink;
  log: (line: string) => void;
}): Promise<SimulatedFleet | null> {
  const url = brokerUrlFor(options.link);
  if (!url) {
    options.log('Demo devices not started: they need the embedded broker with MQTT_PORT or MQTT_WS_PORT on.');
    return null;
  }
  const devices = await demoFleetDevices(options.db);
  if (devices.length === 0) return null;
  const fleet = await startSimulatedFleet({ url, devices, heartbeatS: 30 });
  options.log(`Demo devices online on ${url}: ${devices.map((d) => d.serial).join(', ')}`);
  return fleet;
}
