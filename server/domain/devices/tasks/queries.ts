import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DeviceTask, DeviceTaskEntity } from '../../../../src/contract/entities/device-task';
import { hasPermission } from '../../../../src/contract/permissions';
import type { RowOf } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { deviceViewScope } from '../devices';

/**
 * Device tasks are seen like their devices (6.2): all of the project's with devices.view_all,
 * else those of the devices the caller reaches (their groups, below them with
 * view_descendants, and the devices they created). The call itself needs view tasks.
 */
export function scopedTasks(db: Kysely<Database>, auth: Auth) {
  let q = db
    .selectFrom('device_tasks as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .where('t.project_id', '=', auth.projectId);
  if (!hasPermission(auth.role.permissions, 'devices.view_all')) q = q.where(deviceViewScope(auth));
  return q;
}

export const TASK_COLUMNS = {
  id: 't.id',
  kind: 't.kind',
  status: 't.status',
  created_at: 't.created_at',
  finished_at: 't.finished_at',
  attempts: 't.attempts',
  batch_id: 't.batch_id',
} as const;

export const TASK_RELATIONS = {
  device: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has' ? sql<SqlBool>`t.device_id in (${sql.join(ids as number[])})` : sql<SqlBool>`1 = 1`,
  domain: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`d.domain_id in (${sql.join(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`d.domain_id is null` : sql<SqlBool>`d.domain_id is not null`;
  },
};

export function selectTasks(q: ReturnType<typeof scopedTasks>) {
  return q
    .leftJoin('domains as g', 'g.id', 'd.domain_id')
    .select([
      't.id',
      't.device_id',
      'd.name as device_name',
      'd.domain_id',
      'g.name as domain_name',
      't.kind',
      't.status',
      't.attempts',
      't.max_attempts',
      't.next_attempt_at',
      't.last_error_code',
      't.last_error_message',
      't.batch_id',
      't.entities',
      't.created_at',
      't.started_at',
      't.finished_at',
      't.updated_at',
    ]);
}
export type TaskListRow = RowOf<ReturnType<typeof selectTasks>>;

export function entitiesOf(json: string): DeviceTaskEntity[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as DeviceTaskEntity[]) : [];
  } catch {
    return [];
  }
}

export function toTasks(rows: TaskListRow[]): DeviceTask[] {
  return rows.map((r) => ({
    id: Number(r.id),
    device_id: Number(r.device_id),
    device: { id: Number(r.device_id), name: r.device_name },
    domain: r.domain_id === null ? null : { id: Number(r.domain_id), name: r.domain_name ?? '' },
    kind: r.kind as DeviceTask['kind'],
    status: r.status as DeviceTask['status'],
    attempts: Number(r.attempts),
    max_attempts: Number(r.max_attempts),
    next_attempt_at: r.next_attempt_at,
    last_error: r.last_error_code === null ? null : { code: r.last_error_code, message: r.last_error_message ?? null },
    batch_id: r.batch_id,
    entities: entitiesOf(r.entities),
    created_at: r.created_at,
    started_at: r.started_at,
    finished_at: r.finished_at,
    updated_at: r.updated_at,
  }));
}

/** Tasks by id as items (after an action made them), in id order. */
export async function tasksByIds(db: Kysely<Database>, ids: number[]): Promise<DeviceTask[]> {
  if (ids.length === 0) return [];
  const q = db
    .selectFrom('device_tasks as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .where('t.id', 'in', ids);
  return toTasks(await selectTasks(q).orderBy('t.id').execute());
}
