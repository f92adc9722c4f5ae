import type { Kysely } from 'kysely';
import {
  type DeviceSyncState,
  PENDING_TASK_STATUSES,
  type SyncError,
  type SyncList,
} from '../../../../src/contract/entities/device-task';
import type { Database } from '../../../db/schema';
import type { DeviceLink } from '../../../mqtt/link';
import { floorMaps, storedSettings } from '../devices';
import { settingsHash } from './payloads';

/**
 * The sync state of devices (DeviceSyncStateSchema): pending and failed tasks, whether the
 * stored settings differ from those the device holds, and when it last converged. The device
 * holds the version it reported in its status (`versions.settings`), or, when it reported none,
 * the version it last answered taking; the stored settings are that version when their
 * fingerprint is the one sent with it.
 */
export async function syncStates(
  db: Kysely<Database>,
  link: Pick<DeviceLink, 'lastStatus'>,
  ids: number[],
): Promise<Map<number, DeviceSyncState>> {
  const out = new Map<number, DeviceSyncState>();
  if (ids.length === 0) return out;
  const [counts, syncs, devices, floors] = await Promise.all([
    db
      .selectFrom('device_tasks')
      .select(['device_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('device_id', 'in', ids)
      .where('status', 'in', [...PENDING_TASK_STATUSES, 'error'])
      .groupBy(['device_id', 'status'])
      .execute(),
    db.selectFrom('device_sync').selectAll().where('device_id', 'in', ids).execute(),
    db
      .selectFrom('devices')
      .select(['id', 'serial_number', 'settings', 'mqtt_password'])
      .where('id', 'in', ids)
      .execute(),
    floorMaps(db, ids),
  ]);
  const sync = new Map(syncs.map((s) => [Number(s.device_id), s]));
  for (const d of devices) {
    const id = Number(d.id);
    const s = sync.get(id);
    const mine = counts.filter((c) => Number(c.device_id) === id);
    const pending = mine.filter((c) => c.status !== 'error').reduce((n, c) => n + Number(c.n), 0);
    const failed = mine.filter((c) => c.status === 'error').reduce((n, c) => n + Number(c.n), 0);
    const reported = d.serial_number ? link.lastStatus(d.serial_number)?.versions?.settings : undefined;
    const held = typeof reported === 'number' ? reported : Number(s?.applied_version ?? 0);
    const current = settingsHash(storedSettings(d.settings, d.mqtt_password, floors.get(id) ?? []));
    const differ = !s || s.settings_hash !== current || held !== Number(s.settings_version);
    out.set(id, {
      pending_tasks: pending,
      failed_tasks: failed,
      settings_differ: differ,
      converged_at: s?.converged_at ?? null,
    });
  }
  return out;
}

/** GET /devices/{id}/sync/errors: per list, what the device could not take at its last sync. */
export async function syncErrors(db: Kysely<Database>, deviceId: number): Promise<Record<SyncList, SyncError[]>> {
  const rows = await db
    .selectFrom('device_sync_errors')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .limit(10_000)
    .execute();
  const of = (list: SyncList) =>
    rows
      .filter((r) => r.list === list)
      .map((r) => ({ item_id: r.item_id, code: r.code, task_id: Number(r.task_id), at: r.at }));
  return { identifiers: of('identifiers'), schedules: of('schedules') };
}

/** Devices (items or list rows) with their sync state. */
export async function withSyncState<T extends { id: number }>(
  ctx: { db: Kysely<Database>; deviceLink: Pick<DeviceLink, 'lastStatus'> },
  devices: T[],
): Promise<(T & { sync: DeviceSyncState })[]> {
  const states = await syncStates(
    ctx.db,
    ctx.deviceLink,
    devices.map((d) => d.id),
  );
  const none: DeviceSyncState = { pending_tasks: 0, failed_tasks: 0, settings_differ: true, converged_at: null };
  return devices.map((d) => ({ ...d, sync: states.get(d.id) ?? none }));
}
