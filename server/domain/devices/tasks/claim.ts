import { type Kysely, sql } from 'kysely';
import { type DialectName, dialectOf, inJsonArray } from '../../../db/dialects';
import type { Database } from '../../../db/schema';
import type { TaskRow } from './store';

/** A claimed task with what sending it needs. */
export interface ClaimedTask extends TaskRow {
  serial_number: string;
}

/**
 * Claims up to `limit` tasks to send now, for this node (`owner`) until `leaseUntil`: the head
 * of each device's queue (its oldest task still to run) when it is due, its device is one this
 * node reaches (`online` serials, protocol mqtt), and it is not held by a live lease. A task
 * whose node died (`started`, lease run out) is taken again: it is sent with the same request
 * id, so a device that already did it answers again without acting twice.
 *
 * PostgreSQL: `FOR UPDATE SKIP LOCKED` lets several nodes claim from one queue without taking
 * the same task; SQLite has one writer, and the statement is one write.
 */
export async function claimTasks(
  db: Kysely<Database>,
  owner: string,
  online: readonly string[],
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedTask[]> {
  if (online.length === 0) return [];
  const dialect: DialectName = dialectOf(db);
  const lock = dialect === 'postgres' ? sql`for update of t skip locked` : sql``;
  const picked = sql`select t.id from device_tasks t inner join devices d on d.id = t.device_id
    where t.status in ('new', 'queued', 'waiting', 'started')
      and (t.status <> 'started' or t.lease_until is null or t.lease_until < ${now})
      and (t.next_attempt_at is null or t.next_attempt_at <= ${now})
      and d.protocol = 'mqtt'
      and ${inJsonArray(dialect, 'd.serial_number', online)}
      and not exists (select 1 from device_tasks e where e.device_id = t.device_id and e.id < t.id
        and e.status in ('new', 'queued', 'waiting', 'started'))
    order by t.id limit ${limit} ${lock}`;
  const result = await sql<TaskRow>`update device_tasks set status = 'started', attempts = attempts + 1,
      lease_owner = ${owner}, lease_until = ${leaseUntil}, next_attempt_at = null,
      started_at = coalesce(started_at, ${now}), updated_at = ${now}
    where id in (${picked}) returning *`.execute(db);
  const rows = result.rows;
  if (rows.length === 0) return [];
  const serials = new Map(
    (
      await db
        .selectFrom('devices')
        .select(['id', 'serial_number'])
        .where(
          'id',
          'in',
          rows.map((r) => r.device_id),
        )
        .execute()
    ).map((d) => [d.id, d.serial_number ?? '']),
  );
  return rows
    .map((r) => ({
      ...r,
      id: Number(r.id),
      device_id: Number(r.device_id),
      project_id: Number(r.project_id),
      attempts: Number(r.attempts),
      max_attempts: Number(r.max_attempts),
      serial_number: serials.get(r.device_id) ?? '',
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Parks the tasks this node cannot send because their device is not online here: `new` and
 * `queued` become `waiting` (a node that reaches the device still claims them). Answers them.
 */
export async function parkOffline(db: Kysely<Database>, online: readonly string[], now: string): Promise<TaskRow[]> {
  const dialect = dialectOf(db);
  const reached = online.length > 0 ? inJsonArray(dialect, 'd.serial_number', online) : sql`1 = 0`;
  const result = await sql<TaskRow>`update device_tasks set status = 'waiting', updated_at = ${now}
    where status in ('new', 'queued') and device_id in (select d.id from devices d
      where d.protocol = 'mqtt' and (d.serial_number is null or not ${reached}))
    returning *`.execute(db);
  return result.rows;
}

/** The device is back: its waiting tasks are queued (and the runner sends the head). */
export async function unparkDevice(db: Kysely<Database>, serial: string, now: string): Promise<TaskRow[]> {
  const result = await sql<TaskRow>`update device_tasks set status = 'queued', updated_at = ${now}
    , next_attempt_at = null where status = 'waiting' and device_id in (select d.id from devices d where d.serial_number = ${serial})
    returning *`.execute(db);
  return result.rows;
}
