import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DeviceSettings } from '../../../../src/contract/entities/device';
import type { DeviceTaskKind, SyncList } from '../../../../src/contract/entities/device-task';
import type { Database, DeviceSyncTable } from '../../../db/schema';
import { floorMaps, storedSettings } from '../devices';
import { syncListReader } from './sync-lists';

/** Ids per statement: well under both dialects' bound-parameter limits. */
export const IDS_PER_STATEMENT = 500;

/** `ids` in slices of IDS_PER_STATEMENT. */
export function* chunksOf<T>(ids: readonly T[], size = IDS_PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}

export type SyncRow = Selectable<DeviceSyncTable>;

/** A fingerprint of settings: a change of any field makes a new settings version. */
export const settingsHash = (settings: DeviceSettings): string =>
  createHash('sha256').update(JSON.stringify(settings)).digest('hex');

/** Makes the devices' sync rows that do not exist yet: one insert per IDS_PER_STATEMENT devices. */
export async function ensureSyncRows(db: Kysely<Database>, deviceIds: readonly number[]): Promise<void> {
  for (const ids of chunksOf([...new Set(deviceIds)])) {
    await db
      .insertInto('device_sync')
      .values(ids.map((device_id) => ({ device_id })))
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  }
}

/** The devices' sync rows, made on first use. */
export async function syncRows(db: Kysely<Database>, deviceIds: readonly number[]): Promise<Map<number, SyncRow>> {
  const out = new Map<number, SyncRow>();
  await ensureSyncRows(db, deviceIds);
  for (const ids of chunksOf([...new Set(deviceIds)])) {
    const rows = await db.selectFrom('device_sync').selectAll().where('device_id', 'in', ids).execute();
    for (const r of rows) out.set(Number(r.device_id), r);
  }
  return out;
}

type SyncColumn =
  | 'settings_version'
  | 'settings_hash'
  | 'applied_version'
  | 'identifiers_version'
  | 'schedules_version';

/** What changes in one device's sync row. */
export type SyncChange = Partial<Record<SyncColumn, number | string>>;

/**
 * Writes a change per device into device_sync, one statement per IDS_PER_STATEMENT / 2 devices:
 * `column = case device_id when … then … else column end` for each column some device changes
 * (the cast types a value on PostgreSQL). The rows must exist (syncRows).
 */
export async function updateSyncRows(db: Kysely<Database>, changes: ReadonlyMap<number, SyncChange>): Promise<void> {
  for (const slice of chunksOf([...changes], IDS_PER_STATEMENT / 2)) {
    const columns = [...new Set(slice.flatMap(([, change]) => Object.keys(change) as SyncColumn[]))];
    if (columns.length === 0) continue;
    const sets = columns.map((column) => {
      const type = column === 'settings_hash' ? sql`text` : sql`integer`;
      const cases = slice.flatMap(([id, change]) =>
        change[column] === undefined ? [] : [sql`when ${id} then cast(${change[column]} as ${type})`],
      );
      return sql`${sql.ref(column)} = case device_id ${sql.join(cases, sql` `)} else ${sql.ref(column)} end`;
    });
    await sql`update device_sync set ${sql.join(sets)}
      where device_id in (${sql.join(slice.map(([id]) => id))})`.execute(db);
  }
}

/** A task whose body is to be read. */
export interface BodyTask {
  id: number;
  device_id: number;
  kind: string;
  payload: string;
}

/**
 * What each task sends, read when it is sent (so a later change of the settings is what goes
 * out), for a whole claim at once: the devices' settings, floor maps and sync rows in a few
 * statements, new settings versions in one, each distinct access list compiled once for the
 * doors that hold it (sync-lists.ts `syncListReader`). Settings carry the stored version when they have
 * not changed since it was given, else the next one (kept with their fingerprint). A task whose
 * device is gone answers null (its tasks went with it). At most one task per device (the
 * device's head).
 */
export async function bodiesOf(
  db: Kysely<Database>,
  tasks: readonly BodyTask[],
): Promise<Map<number, Record<string, unknown> | null>> {
  const out = new Map<number, Record<string, unknown> | null>();
  const talking = tasks.filter((t) => t.kind !== 'emergency.play' && t.kind !== 'emergency.stop');
  for (const t of tasks) if (!talking.includes(t)) out.set(t.id, JSON.parse(t.payload) as Record<string, unknown>);
  if (talking.length === 0) return out;
  const deviceIds = [...new Set(talking.map((t) => t.device_id))];
  const withSettings = new Set(
    talking.filter((t) => t.kind === 'init' || t.kind === 'settings.apply').map((t) => t.device_id),
  );
  const devices = new Map<number, { settings: string; mqtt_password: string | null }>();
  for (const ids of chunksOf(deviceIds)) {
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'settings', 'mqtt_password'])
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) devices.set(Number(r.id), r);
  }
  const floors = await floorMaps(
    db,
    [...withSettings].filter((id) => devices.has(id)),
  );
  const sync = await syncRows(db, [...devices.keys()]);
  const syncing = talking.filter((t) => t.kind === 'sync.identifiers' || t.kind === 'sync.schedules');
  const lists =
    syncing.length === 0
      ? null
      : await syncListReader(
          db,
          syncing.map((t) => t.device_id),
        );
  const changes = new Map<number, SyncChange>();
  const time = new Date().toISOString();
  for (const task of talking) {
    const device = devices.get(task.device_id);
    const row = sync.get(task.device_id);
    if (!device || !row) {
      out.set(task.id, null);
      continue;
    }
    const kind = task.kind as DeviceTaskKind;
    if (kind === 'init' || kind === 'settings.apply') {
      const settings = storedSettings(device.settings, device.mqtt_password, floors.get(task.device_id) ?? []);
      const hash = settingsHash(settings);
      let version = Number(row.settings_version);
      if (row.settings_hash !== hash || version === 0) {
        version += 1;
        changes.set(task.device_id, { settings_version: version, settings_hash: hash });
      }
      out.set(task.id, kind === 'init' ? { settings, settings_version: version, time } : { version, settings });
      continue;
    }
    const list: SyncList = kind === 'sync.identifiers' ? 'identifiers' : 'schedules';
    const version = Number(list === 'identifiers' ? row.identifiers_version : row.schedules_version) + 1;
    // Doors with the same inputs get the same array (compiled once, cut into parts once).
    const items = (await lists?.list(task.device_id, list)) ?? [];
    out.set(task.id, { list, version, mode: 'full', items });
  }
  await updateSyncRows(db, changes);
  return out;
}
