import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  alertRuleErrors,
  type EmergencyAlert,
  type EmergencyAlertCreate,
  type EmergencyAlertPatch,
} from '../../../src/contract/entities/emergency-alert';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, refused } from '../errors';
import { audioExists, audioUrl, removeAudio } from './emergency-audio';

/**
 * Emergency alerts (6.2: view, create, edit, delete, playback). The family has
 * no scope variants, so emergency_alerts.view shows every alert of the project.
 * Starting and stopping store the state; delivery to devices comes with the
 * devices issue (docs/decisions.md).
 */
export function scopedAlerts(db: Kysely<Database>, auth: Auth) {
  return db.selectFrom('emergency_alerts as e').where('e.project_id', '=', auth.projectId);
}

export const ALERT_COLUMNS = {
  id: 'e.id',
  name: 'e.name',
  device_type: 'e.device_type',
  status: 'e.status',
  playback_duration: 'e.playback_duration',
  open_locks: 'e.open_locks',
  started_at: 'e.started_at',
  created_at: 'e.created_at',
} as const;

const linkCondition = (table: string, column: string) => (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => {
  const linked = sql`select 1 from ${sql.table(table)} fl where fl.alert_id = e.id`;
  if (rule === 'has') {
    return sql<SqlBool>`exists (${linked} and ${sql.ref(`fl.${column}`)} in (${sql.join(ids as number[])}))`;
  }
  return ids === 'null' ? sql<SqlBool>`not exists (${linked})` : sql<SqlBool>`exists (${linked})`;
};
export const alertRelations: Record<
  string,
  (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => Expression<SqlBool>
> = {
  domains: linkCondition('emergency_alert_domains', 'domain_id'),
  devices: linkCondition('emergency_alert_devices', 'device_id'),
};

export function selectAlerts(q: ReturnType<typeof scopedAlerts>) {
  return q
    .leftJoin('users as author', 'author.id', 'e.created_by_user_id')
    .selectAll('e')
    .select('author.name as author_name');
}

/** One row as selectAlerts reads it. */
export type AlertRow = RowOf<ReturnType<typeof selectAlerts>>;

export async function toAlerts(db: Kysely<Database>, rows: AlertRow[]): Promise<EmergencyAlert[]> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const domains = await db
    .selectFrom('emergency_alert_domains as l')
    .innerJoin('domains as d', 'd.id', 'l.domain_id')
    .select(['l.alert_id', 'd.id', 'd.name'])
    .where('l.alert_id', 'in', ids)
    .orderBy('d.lft')
    .execute();
  // Devices are joined, so a device deleted since is simply not shown (no foreign key, see migration 0007).
  const devices = await db
    .selectFrom('emergency_alert_devices as l')
    .innerJoin('devices as dv', 'dv.id', 'l.device_id')
    .select(['l.alert_id', 'dv.id', 'dv.name'])
    .where('l.alert_id', 'in', ids)
    .orderBy('dv.name')
    .execute();
  const refs = (list: { alert_id: number; id: number; name: string }[], id: number) =>
    list.filter((x) => Number(x.alert_id) === id).map((x) => ({ id: Number(x.id), name: x.name }));
  return rows.map((r) => {
    const id = Number(r.id);
    const filename = (r.filename as string | null) ?? null;
    return {
      id,
      name: String(r.name),
      device_type: r.device_type as EmergencyAlert['device_type'],
      filename,
      file_url: filename ? audioUrl(filename) : null,
      playback_duration: Number(r.playback_duration),
      open_locks: Number(r.open_locks) === 1,
      domains: refs(domains, id),
      devices: refs(devices, id),
      status: r.status as EmergencyAlert['status'],
      started_at: (r.started_at as string | null) ?? null,
      stopped_at: (r.stopped_at as string | null) ?? null,
      created_by_user: r.created_by_user_id
        ? { id: Number(r.created_by_user_id), name: String(r.author_name ?? '') }
        : null,
      created_at: String(r.created_at),
      updated_at: String(r.updated_at),
    };
  });
}

/** Groups and devices must be of the project; the audio must be stored. */
async function assertRelated(
  db: Kysely<Database>,
  dataDir: string,
  auth: Auth,
  body: { domains?: number[]; devices?: number[]; filename?: string | null },
) {
  if (body.filename && !(await audioExists(dataDir, body.filename))) {
    throw invalidData({ filename: { code: 'invalid' } });
  }
  const entities: string[] = [];
  const domains = [...new Set(body.domains ?? [])];
  if (domains.length > 0) {
    const found = await db
      .selectFrom('domains')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('id', 'in', domains)
      .execute();
    if (found.length !== domains.length) entities.push('domains');
  }
  const devices = [...new Set(body.devices ?? [])];
  if (devices.length > 0) {
    const found = await db
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('id', 'in', devices)
      .execute();
    if (found.length !== devices.length) entities.push('devices');
  }
  if (entities.length > 0) throw invalidRelated(entities);
}

async function writeLinks(db: Kysely<Database>, id: number, domains?: number[], devices?: number[]) {
  if (domains) {
    await db.deleteFrom('emergency_alert_domains').where('alert_id', '=', id).execute();
    const unique = [...new Set(domains)];
    if (unique.length > 0)
      await db
        .insertInto('emergency_alert_domains')
        .values(unique.map((domain_id) => ({ alert_id: id, domain_id })))
        .execute();
  }
  if (devices) {
    await db.deleteFrom('emergency_alert_devices').where('alert_id', '=', id).execute();
    const unique = [...new Set(devices)];
    if (unique.length > 0)
      await db
        .insertInto('emergency_alert_devices')
        .values(unique.map((device_id) => ({ alert_id: id, device_id })))
        .execute();
  }
}

/** Removes stored audio no alert uses any more. */
async function dropUnused(db: Kysely<Database>, dataDir: string, filenames: (string | null)[]) {
  for (const filename of filenames) {
    if (!filename) continue;
    const used = await db
      .selectFrom('emergency_alerts')
      .select('id')
      .where('filename', '=', filename)
      .executeTakeFirst();
    if (!used) await removeAudio(dataDir, filename);
  }
}

export async function createAlert(
  db: Kysely<Database>,
  dataDir: string,
  auth: Auth,
  body: EmergencyAlertCreate,
): Promise<number> {
  await assertRelated(db, dataDir, auth, body);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('emergency_alerts')
      .values({
        project_id: auth.projectId,
        name: body.name,
        device_type: body.device_type,
        filename: body.filename ?? null,
        playback_duration: body.playback_duration,
        open_locks: body.open_locks ? 1 : 0,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, id, body.domains, body.devices);
    return id;
  });
}

/** PATCH: any time (a running alert changes for the next start); recipients checked on the merged alert. */
export async function updateAlert(
  db: Kysely<Database>,
  dataDir: string,
  auth: Auth,
  id: number,
  body: EmergencyAlertPatch,
  current: EmergencyAlert,
): Promise<void> {
  const errors = alertRuleErrors({
    domains: body.domains ?? current.domains,
    devices: body.devices ?? current.devices,
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  await assertRelated(db, dataDir, auth, body);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('emergency_alerts')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.device_type !== undefined ? { device_type: body.device_type } : {}),
        ...(body.filename !== undefined ? { filename: body.filename } : {}),
        ...(body.playback_duration !== undefined ? { playback_duration: body.playback_duration } : {}),
        ...(body.open_locks !== undefined ? { open_locks: body.open_locks ? 1 : 0 } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, body.domains, body.devices);
  });
  if (body.filename !== undefined && body.filename !== current.filename) {
    await dropUnused(db, dataDir, [current.filename]);
  }
}

export async function deleteAlerts(db: Kysely<Database>, dataDir: string, ids: number[]): Promise<number> {
  const files = await db.selectFrom('emergency_alerts').select('filename').where('id', 'in', ids).execute();
  const result = await db.deleteFrom('emergency_alerts').where('id', 'in', ids).executeTakeFirst();
  await dropUnused(
    db,
    dataDir,
    files.map((f) => f.filename),
  );
  return Number(result.numDeletedRows);
}

/** Starts (from new or stopped) or stops (from started) an alert; anything else cannot be done. */
export async function setAlertState(db: Kysely<Database>, id: number, to: 'started' | 'stopped'): Promise<void> {
  const at = nowIso();
  const result = await db
    .updateTable('emergency_alerts')
    .set(
      to === 'started'
        ? { status: 'started', started_at: at, stopped_at: null, updated_at: at }
        : { status: 'stopped', stopped_at: at, updated_at: at },
    )
    .where('id', '=', id)
    .where('status', 'in', to === 'started' ? ['new', 'stopped'] : ['started'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw refused(ERROR_CODES.cannotPerformAction);
}

/** The devices the alert's picker lists: the project's devices. */
export function scopedDevices(db: Kysely<Database>, auth: Auth) {
  return db.selectFrom('devices as dv').where('dv.project_id', '=', auth.projectId);
}
