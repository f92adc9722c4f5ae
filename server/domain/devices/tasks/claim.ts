import { type Kysely, type RawBuilder, sql, type Updateable } from 'kysely';
import { type DialectName, dialectOf, inJsonArray } from '../../../db/dialects';
import type { Database, DeviceTasksTable } from '../../../db/schema';
import { chunksOf } from './payloads';
import type { TaskRow } from './store';

/** A claimed task with what sending it needs. */
export interface ClaimedTask extends TaskRow {
  serial_number: string;
}

/**
 * Which devices' tasks a claim may take: those of the devices with these serials (every device
 * this node reaches: a sweep), or of these devices (ids this node found online: after their
 * tasks were made or answered, or they came back).
 */
export type ClaimScope = { online: readonly string[] } | { devices: readonly number[] };

/**
 * Claims up to `limit` tasks to send now, for this node (`owner`) until `leaseUntil`: the head
 * of each device's queue (its oldest task still to run) when it is due, its device is one this
 * node reaches (`scope`, protocol mqtt), and it is not held by a live lease. A task whose node
 * died (`started`, lease run out) is taken again: it is sent with the same request id, so a
 * device that already did it answers again without acting twice.
 *
 * PostgreSQL: `FOR UPDATE SKIP LOCKED` lets several nodes claim from one queue without taking
 * the same task; SQLite has one writer, and the statement is one write.
 */
export async function claimTasks(
  db: Kysely<Database>,
  owner: string,
  scope: ClaimScope,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<ClaimedTask[]> {
  const dialect: DialectName = dialectOf(db);
  let reached: RawBuilder<unknown>;
  if ('online' in scope) {
    if (scope.online.length === 0) return [];
    reached = inJsonArray(dialect, 'd.serial_number', scope.online);
  } else {
    if (scope.devices.length === 0) return [];
    reached = sql`t.device_id in (${sql.join(scope.devices)})`;
  }
  const lock = dialect === 'postgres' ? sql`for update of t skip locked` : sql``;
  const picked = sql`select t.id from device_tasks t inner join devices d on d.id = t.device_id
    where t.status in ('new', 'queued', 'waiting', 'started')
      and (t.status <> 'started' or t.lease_until is null or t.lease_until < ${now})
      and (t.next_attempt_at is null or t.next_attempt_at <= ${now})
      and d.protocol = 'mqtt'
      and ${reached}
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

/** Whose tasks to move: devices by id, or by serial (the link speaks of serials). */
export type TasksOf = { devices: readonly number[] } | { serials: readonly string[] };

async function moveTasks(
  db: Kysely<Database>,
  of: TasksOf,
  from: readonly string[],
  to: Updateable<DeviceTasksTable>,
): Promise<TaskRow[]> {
  const rows: TaskRow[] = [];
  const keys: readonly (number | string)[] = 'devices' in of ? of.devices : of.serials;
  for (const slice of chunksOf(keys)) {
    rows.push(
      ...(await db
        .updateTable('device_tasks')
        .set(to)
        .where('status', 'in', [...from])
        .where('device_id', 'in', (eb) =>
          'devices' in of
            ? eb
                .selectFrom('devices')
                .select('id')
                .where('id', 'in', slice as number[])
            : eb
                .selectFrom('devices')
                .select('id')
                .where('serial_number', 'in', slice as string[])
                .where('protocol', '=', 'mqtt'),
        )
        .returningAll()
        .execute()),
    );
  }
  return rows;
}

/** These devices are not reached here (or left): their `new` and `queued` tasks wait, as parkOffline. */
export const parkTasks = (db: Kysely<Database>, of: TasksOf, now: string) =>
  moveTasks(db, of, ['new', 'queued'], { status: 'waiting', updated_at: now });

/** These devices are back: their waiting tasks are queued (the runner sends the heads). */
export const unparkTasks = (db: Kysely<Database>, of: TasksOf, now: string) =>
  moveTasks(db, of, ['waiting'], { status: 'queued', updated_at: now, next_attempt_at: null });

/** The mqtt devices among these, with their serial (who is reached is the link's to say). */
export async function devicesToReach(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<{ id: number; serial_number: string | null }[]> {
  const out: { id: number; serial_number: string | null }[] = [];
  for (const slice of chunksOf([...new Set(ids)])) {
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'serial_number'])
      .where('id', 'in', slice)
      .where('protocol', '=', 'mqtt')
      .execute();
    for (const r of rows) out.push({ id: Number(r.id), serial_number: r.serial_number });
  }
  return out;
}

/**
 * When a task next becomes claimable without any event saying so: a retry's backoff ends, or a
 * lease runs out (its node died). Null when nothing waits for time.
 */
export async function nextDue(db: Kysely<Database>, now: string): Promise<string | null> {
  const retry = await db
    .selectFrom('device_tasks')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', 'in', ['new', 'queued'])
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  const lease = await db
    .selectFrom('device_tasks')
    .select((eb) => eb.fn.min('lease_until').as('at'))
    .where('status', '=', 'started')
    .where('lease_until', '>', now)
    .executeTakeFirst();
  const times = [retry?.at, lease?.at].filter((t): t is string => typeof t === 'string');
  return times.length === 0 ? null : (times.sort()[0] ?? null);
}
