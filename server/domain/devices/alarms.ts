import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import {
  ALARM_SENSORS,
  ALARM_STATES,
  type AlarmLogEntry,
  type AlarmSensor,
  type AlarmState,
  type DeviceAlarm,
} from '../../../src/contract/entities/device-alarm';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { conflict, itemNotFound } from '../errors';
import { alarmDeviceScope } from './event-scope';

/**
 * Device alarms (§3, §4): raised and cleared by devices (`applyAlarmEvent`, inside the
 * ingestion's transaction), processed by an operator with a comment (`processAlarm`). States:
 * enabled → disabled (the device cleared it) → processed, or enabled → processed; processed is
 * final (a later clear only records `cleared_at`). Every state change goes to the log.
 */
export function scopedAlarms(db: Kysely<Database>, auth: Auth) {
  const q = db
    .selectFrom('device_alarms as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .where('a.project_id', '=', auth.projectId);
  const scope = alarmDeviceScope(auth);
  return scope ? q.where(scope) : q;
}

export const ALARM_COLUMNS = {
  id: 'a.id',
  sensor: 'a.sensor',
  state: 'a.state',
  raised_at: 'a.raised_at',
  processed_at: 'a.processed_at',
  created_at: 'a.created_at',
  device_name: 'd.name',
} as const;

export const ALARM_RELATIONS = {
  device: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has'
      ? sql<SqlBool>`a.device_id in (${sql.join(ids as number[])})`
      : sql<SqlBool>`${ids === 'null' ? sql`1 = 0` : sql`1 = 1`}`,
};

export function selectAlarms(q: ReturnType<typeof scopedAlarms>) {
  return q
    .leftJoin('domains as g', 'g.id', 'd.domain_id')
    .leftJoin('users as pu', 'pu.id', 'a.processed_by_user_id')
    .select([
      'a.id',
      'a.device_alarm_id',
      'a.device_id',
      'd.name as device_name',
      'd.domain_id',
      'g.name as domain_name',
      'a.sensor',
      'a.state',
      'a.raised_at',
      'a.cleared_at',
      'a.processed_at',
      'a.processed_by_user_id',
      'pu.name as processed_by_name',
      'a.comment',
      'a.created_at',
      'a.updated_at',
    ]);
}
export type AlarmRow = RowOf<ReturnType<typeof selectAlarms>>;

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
const refOf = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id: Number(id), name };

export function toAlarms(rows: AlarmRow[]): DeviceAlarm[] {
  return rows.map((r) => ({
    id: Number(r.id),
    alarm_id: Number(r.id),
    device_alarm_id: r.device_alarm_id,
    device: { id: Number(r.device_id), name: r.device_name },
    domain: refOf(r.domain_id, r.domain_name),
    sensor: oneOf(ALARM_SENSORS, r.sensor, 'panic'),
    state: oneOf(ALARM_STATES, r.state, 'enabled'),
    raised_at: r.raised_at,
    cleared_at: r.cleared_at,
    processed_at: r.processed_at,
    processed_by: refOf(r.processed_by_user_id, r.processed_by_name),
    comment: r.comment,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export async function readAlarm(db: Kysely<Database>, auth: Auth, id: number): Promise<DeviceAlarm> {
  const rows = await selectAlarms(scopedAlarms(db, auth).where('a.id', '=', id)).execute();
  const alarm = toAlarms(rows)[0];
  if (!alarm) throw itemNotFound();
  return alarm;
}

/** GET /alarms/{id}/log: every state change, oldest first (the id is already known visible). */
export async function alarmLog(db: Kysely<Database>, id: number): Promise<AlarmLogEntry[]> {
  const rows = await db
    .selectFrom('device_alarm_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.state', 'l.at', 'l.user_id', 'u.name as user_name', 'l.comment'])
    .where('l.alarm_id', '=', id)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    state: oneOf(ALARM_STATES, r.state, 'enabled'),
    at: r.at,
    user: refOf(r.user_id, r.user_name),
    comment: r.comment,
  }));
}

/** A state change that consoles and subscribers hear of. */
export interface AlarmChange {
  alarmId: number;
  projectId: number;
  deviceId: number;
  state: AlarmState;
  sensor: AlarmSensor;
  deviceAlarmId: string;
  userId: number | null;
}

/**
 * POST /alarms/{id}/process: processed with the caller's comment, logged; 409 `alarm already
 * processed` when someone was first (the update only takes a row not processed yet, so two
 * operators at once cannot both process it).
 */
export async function processAlarm(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  comment: string,
): Promise<AlarmChange> {
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('device_alarms')
      .set({ state: 'processed', processed_at: at, processed_by_user_id: auth.userId, comment, updated_at: at })
      .where('id', '=', id)
      .where('project_id', '=', auth.projectId)
      .where('state', '!=', 'processed')
      .returning(['id', 'device_id', 'sensor', 'device_alarm_id'])
      .executeTakeFirst();
    if (!updated) throw conflict(ERROR_CODES.alarmAlreadyProcessed);
    await trx
      .insertInto('device_alarm_log')
      .values({ alarm_id: id, state: 'processed', at, user_id: auth.userId, comment })
      .execute();
    return {
      alarmId: id,
      projectId: auth.projectId,
      deviceId: Number(updated.device_id),
      state: 'processed' as const,
      sensor: oneOf(ALARM_SENSORS, updated.sensor, 'panic'),
      deviceAlarmId: updated.device_alarm_id,
      userId: auth.userId,
    };
  });
}

export async function deleteAlarms(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('device_alarms').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An alarm event of the device protocol, as stored. */
export interface AlarmEvent {
  projectId: number;
  deviceId: number;
  type: 'alarm.raised' | 'alarm.cleared';
  deviceAlarmId: string;
  sensor: AlarmSensor;
  at: string;
}

/** Reads an alarm event's data; null when it is not one we can act on (the event is still stored). */
export function alarmEventOf(
  event: { type: string; data: Record<string, unknown>; occurred_at: string },
  device: { id: number; projectId: number },
): AlarmEvent | null {
  if (event.type !== 'alarm.raised' && event.type !== 'alarm.cleared') return null;
  const { alarm_id: alarmId, sensor } = event.data;
  if (typeof alarmId !== 'string' || alarmId.length === 0 || alarmId.length > 128) return null;
  if (!(ALARM_SENSORS as readonly unknown[]).includes(sensor)) return null;
  return {
    projectId: device.projectId,
    deviceId: device.id,
    type: event.type,
    deviceAlarmId: alarmId,
    sensor: sensor as AlarmSensor,
    at: event.occurred_at,
  };
}

/**
 * A raise creates the alarm (enabled); a clear disables an enabled one, or creates it disabled
 * when the raise never arrived (a dropped backlog). A raise after its clear (a replay out of
 * order) only fills `raised_at`. Answers the state change, if any.
 */
export async function applyAlarmEvent(trx: Transaction<Database>, event: AlarmEvent): Promise<AlarmChange | null> {
  const now = nowIso();
  const existing = await trx
    .selectFrom('device_alarms')
    .select(['id', 'state', 'raised_at'])
    .where('device_id', '=', event.deviceId)
    .where('device_alarm_id', '=', event.deviceAlarmId)
    .executeTakeFirst();
  const change = (alarmId: number, state: AlarmState): AlarmChange => ({
    alarmId,
    projectId: event.projectId,
    deviceId: event.deviceId,
    state,
    sensor: event.sensor,
    deviceAlarmId: event.deviceAlarmId,
    userId: null,
  });
  const log = (alarmId: number, state: AlarmState) =>
    trx
      .insertInto('device_alarm_log')
      .values({ alarm_id: alarmId, state, at: event.at, user_id: null, comment: null })
      .execute();

  if (!existing) {
    const state: AlarmState = event.type === 'alarm.raised' ? 'enabled' : 'disabled';
    const row = await trx
      .insertInto('device_alarms')
      .values({
        project_id: event.projectId,
        device_id: event.deviceId,
        device_alarm_id: event.deviceAlarmId,
        sensor: event.sensor,
        state,
        raised_at: event.type === 'alarm.raised' ? event.at : null,
        cleared_at: event.type === 'alarm.cleared' ? event.at : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await log(Number(row.id), state);
    return change(Number(row.id), state);
  }
  const id = Number(existing.id);
  if (event.type === 'alarm.raised') {
    if (existing.raised_at === null)
      await trx
        .updateTable('device_alarms')
        .set({ raised_at: event.at, updated_at: now })
        .where('id', '=', id)
        .execute();
    return null;
  }
  if (existing.state === 'enabled') {
    await trx
      .updateTable('device_alarms')
      .set({ state: 'disabled', cleared_at: event.at, updated_at: now })
      .where('id', '=', id)
      .execute();
    await log(id, 'disabled');
    return change(id, 'disabled');
  }
  await trx.updateTable('device_alarms').set({ cleared_at: event.at, updated_at: now }).where('id', '=', id).execute();
  return null;
}
