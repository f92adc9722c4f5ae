import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_DEVICES } from '../db/seed/demo-devices';
import { floorMaps } from '../domain/devices/devices';
import { deviceDialUrl } from '../mqtt/dial-url';
import type { DeviceLink } from '../mqtt/link';
import type { SyncItem } from './devices/access-decision';
import { type FleetDevice, type SimulatedFleet, startSimulatedFleet } from './devices/fleet';
import type { DeviceKind, FloorMapEntry } from './devices/kinds';

/**
 * Demo mode's devices (GATEHOUSE_SIMULATOR, on with demo content): the demo's MQTT hardware (db/seed/demo-devices.ts)
 * comes to life on the device link's broker with the credentials stored on its rows, so the devices
 * list shows them online. Rows deleted or re-keyed by hand are simply not played.
 */

const KIND_OF_TYPE: Record<string, DeviceKind> = {
  panel: 'panel',
  monitor: 'monitor',
  accesscontroller: 'accesscontroller',
  liftcontroller: 'liftcontroller',
  ip_camera: 'plate_camera',
};

/**
 * What the demo devices hold before the server ever syncs them (as if synced at the factory), so
 * the living demo (demo-life.ts) has residents to let in: a real `sync` or `settings.apply`
 * replaces both. Items have the shape of the server's door lists
 * (server/domain/access/decide/door-items.ts): one rule on locks 1–3 (a door's relay, a lift's
 * floors), no schedule; `type` tells cards from plates; one card is revoked.
 */
const factoryItem = (value: string, type: 'card' | 'plate', revoked = false): SyncItem => ({
  id: value,
  type,
  value,
  active: true,
  revoked,
  owner_id: null,
  owner_disabled: false,
  period: null,
  passes: null,
  locks: { allowed: [1, 2, 3], prohibited: [] },
  rules: [{ id: 0, prohibition: false, via: { kind: 'identifier' }, locks: [1, 2, 3], schedule_ids: [] }],
});
export const DEMO_IDENTIFIERS: readonly SyncItem[] = [
  factoryItem('CARD-1001', 'card'),
  factoryItem('CARD-1002', 'card'),
  factoryItem('CARD-1003', 'card'),
  factoryItem('CARD-1099', 'card', true),
  factoryItem('AB1234', 'plate'),
  factoryItem('CD5678', 'plate'),
];
export const DEMO_FLOOR_MAP: readonly FloorMapEntry[] = [
  { floor: 1, name: 'Lobby', is_panel_floor: true, ports: [1] },
  { floor: 2, name: 'Second floor', apartments: ['201'], ports: [2] },
  { floor: 3, name: 'Roof terrace', is_public: true, ports: [3] },
];

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
    if (!r.serial_number || !r.mqtt_password || !kind) return [];
    const device: FleetDevice = { serial: r.serial_number, password: r.mqtt_password, kind };
    if (kind !== 'liftcontroller') return [device];
    // The map stored for it (lift calls check it), else the factory map.
    const stored = maps.get(Number(r.id))?.map((f) => ({ ...f, name: f.name ?? undefined }));
    return [{ ...device, floorMap: stored ?? DEMO_FLOOR_MAP.map((entry) => ({ ...entry })) }];
  });
}

/** Starts the demo fleet; null when there is nothing to play or nowhere to connect. */
export async function startDemoDevices(options: {
  db: Kysely<Database>;
  link: DeviceLink;
  log: (line: string) => void;
}): Promise<SimulatedFleet | null> {
  const url = deviceDialUrl(options.link);
  if (!url) {
    options.log('Demo devices not started: they need MQTT_PORT or MQTT_WS_PORT on (or MQTT_URL).');
    return null;
  }
  const devices = await demoFleetDevices(options.db);
  if (devices.length === 0) return null;
  const fleet = await startSimulatedFleet({ url, devices, heartbeatS: 30 });
  for (const device of fleet.devices) {
    // Only what nothing synced yet: a device the server already synced keeps the server's lists.
    if (device.versions.identifiers === 0 && device.lists.identifiers.size === 0)
      for (const item of DEMO_IDENTIFIERS) device.lists.identifiers.set(item.id, { ...item });
  }
  options.log(`Demo devices online on ${url}: ${devices.map((d) => d.serial).join(', ')}`);
  return fleet;
}
