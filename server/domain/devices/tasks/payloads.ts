import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeviceSettings } from '../../../../src/contract/entities/device';
import type { DeviceTaskKind, SyncList } from '../../../../src/contract/entities/device-task';
import type { Database } from '../../../db/schema';
import { floorMaps, storedSettings } from '../devices';
import { listForDevice } from './sync-lists';

/** The settings the server holds for a device, as the device takes them (secrets in clear). */
export async function settingsOf(db: Kysely<Database>, deviceId: number): Promise<DeviceSettings | null> {
  const row = await db
    .selectFrom('devices')
    .select(['settings', 'mqtt_password'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!row) return null;
  const floors = await floorMaps(db, [deviceId]);
  return storedSettings(row.settings, row.mqtt_password, floors.get(deviceId) ?? []);
}

/** A fingerprint of settings: a change of any field makes a new settings version. */
export const settingsHash = (settings: DeviceSettings): string =>
  createHash('sha256').update(JSON.stringify(settings)).digest('hex');

/** The device's sync row, made on first use. */
export async function syncRow(db: Kysely<Database>, deviceId: number) {
  await db
    .insertInto('device_sync')
    .values({ device_id: deviceId })
    .onConflict((oc) => oc.column('device_id').doNothing())
    .execute();
  return db.selectFrom('device_sync').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow();
}

/**
 * The settings to send with their version: the stored version when they have not changed since
 * it was given, else the next one (kept with their fingerprint).
 */
async function versionedSettings(db: Kysely<Database>, deviceId: number, settings: DeviceSettings) {
  const hash = settingsHash(settings);
  const sync = await syncRow(db, deviceId);
  if (sync.settings_hash === hash && Number(sync.settings_version) > 0) return Number(sync.settings_version);
  const version = Number(sync.settings_version) + 1;
  await db
    .updateTable('device_sync')
    .set({ settings_version: version, settings_hash: hash })
    .where('device_id', '=', deviceId)
    .execute();
  return version;
}

/** What a task sends, read when it is sent (so a later change of the settings is what goes out). */
export async function bodyOf(
  db: Kysely<Database>,
  task: { device_id: number; kind: string; payload: string },
): Promise<Record<string, unknown> | null> {
  const kind = task.kind as DeviceTaskKind;
  const payload = JSON.parse(task.payload) as Record<string, unknown>;
  if (kind === 'emergency.play' || kind === 'emergency.stop') return payload;
  const settings = await settingsOf(db, task.device_id);
  if (!settings) return null;
  if (kind === 'init') {
    const version = await versionedSettings(db, task.device_id, settings);
    return { settings, settings_version: version, time: new Date().toISOString() };
  }
  if (kind === 'settings.apply') {
    return { version: await versionedSettings(db, task.device_id, settings), settings };
  }
  const list: SyncList = kind === 'sync.identifiers' ? 'identifiers' : 'schedules';
  const sync = await syncRow(db, task.device_id);
  const version = Number(list === 'identifiers' ? sync.identifiers_version : sync.schedules_version) + 1;
  const { items } = await listForDevice(db, task.device_id, list);
  return { list, version, mode: 'full', items };
}
