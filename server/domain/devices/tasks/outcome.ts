import { type Insertable, type Kysely, sql } from 'kysely';
import {
  type DeviceTaskKind,
  PENDING_TASK_STATUSES,
  type SyncList,
} from '../../../../src/contract/entities/device-task';
import type { Database, DeviceSyncErrorsTable } from '../../../db/schema';
import { DeviceLinkError } from '../../../mqtt/link';
import { nowIso } from '../../clock';
import { retryDelayMs } from './backoff';
import type { ClaimedTask } from './claim';
import { chunksOf, ensureSyncRows, type SyncChange, updateSyncRows } from './payloads';
import type { TaskRow } from './store';

/** Where a task ended after an attempt. */
export type Outcome = 'completed' | 'retry' | 'waiting' | 'error' | 'lost';

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** One attempt's end: the device's answer to what was sent, or why there is none. */
export type Attempt =
  | { task: ClaimedTask; sent: Record<string, unknown>; answer: Record<string, unknown> }
  | { task: ClaimedTask; error: unknown };

/** A task an attempt moved, and where to. */
export interface Recorded {
  row: TaskRow;
  outcome: Outcome;
}

/**
 * Records the ends of many attempts in one transaction (group commit: a fan-out to thousands
 * of devices answers within milliseconds of each other). An answered task is completed (when
 * this node still holds it: else the lease ran out, another node took it, and its answer
 * counts) and what the answer says is recorded: the settings version the device took, a list's
 * version and the items it could not take (sync errors), and the device's convergence when
 * nothing is left to run. A failed attempt goes where `failTask` says. A few statements per
 * group of devices, not per task.
 */
export async function recordOutcomes(
  db: Kysely<Database>,
  owner: string,
  attempts: readonly Attempt[],
  retryMs: readonly number[],
): Promise<Recorded[]> {
  if (attempts.length === 0) return [];
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const answered = new Map<number, Extract<Attempt, { answer: unknown }>>();
    for (const a of attempts) if ('answer' in a) answered.set(a.task.id, a);
    const completed: TaskRow[] = [];
    for (const ids of chunksOf([...answered.keys()])) {
      const rows = await trx
        .updateTable('device_tasks')
        .set({
          status: 'completed',
          finished_at: now,
          updated_at: now,
          lease_owner: null,
          lease_until: null,
          last_error_code: null,
          last_error_message: null,
        })
        .where('id', 'in', ids)
        .where('status', '=', 'started')
        .where('lease_owner', '=', owner)
        .returningAll()
        .execute();
      completed.push(...rows);
    }
    await recordAnswers(
      trx,
      completed.map((r) => answered.get(Number(r.id))).filter((a) => a !== undefined),
      now,
    );
    await markConverged(trx, [...new Set(completed.map((r) => Number(r.device_id)))], now);
    const out: Recorded[] = completed.map((row) => ({ row, outcome: 'completed' }));
    for (const a of attempts) {
      if ('error' in a) {
        const failed = await failTask(trx, a.task, owner, a.error, retryMs, now);
        if (failed) out.push(failed);
      }
    }
    return out;
  });
}

/** The devices among these with nothing left to run have converged now. */
async function markConverged(db: Kysely<Database>, deviceIds: number[], now: string): Promise<void> {
  if (deviceIds.length === 0) return;
  const busy = new Set<number>();
  for (const ids of chunksOf(deviceIds)) {
    const rows = await db
      .selectFrom('device_tasks')
      .select('device_id')
      .distinct()
      .where('device_id', 'in', ids)
      .where('status', 'in', [...PENDING_TASK_STATUSES])
      .execute();
    for (const r of rows) busy.add(Number(r.device_id));
  }
  const converged = deviceIds.filter((id) => !busy.has(id));
  await ensureSyncRows(db, converged);
  for (const ids of chunksOf(converged)) {
    await db.updateTable('device_sync').set({ converged_at: now }).where('device_id', 'in', ids).execute();
  }
}

/** What the answers say about the devices' sync rows and sync errors. */
async function recordAnswers(
  db: Kysely<Database>,
  answers: { task: ClaimedTask; sent: Record<string, unknown>; answer: Record<string, unknown> }[],
  now: string,
): Promise<void> {
  const changes = new Map<number, SyncChange>();
  const replaced: Record<SyncList, number[]> = { identifiers: [], schedules: [] };
  const errors: Insertable<DeviceSyncErrorsTable>[] = [];
  for (const { task, sent, answer } of answers) {
    const kind = task.kind as DeviceTaskKind;
    if (kind === 'init' || kind === 'settings.apply') {
      const version = num(kind === 'init' ? sent.settings_version : (answer.version ?? sent.version));
      if (version === null) continue;
      // Init resets the device's lists: what it was sent of them before is gone.
      changes.set(
        task.device_id,
        kind === 'init'
          ? { applied_version: version, identifiers_version: 0, schedules_version: 0 }
          : { applied_version: version },
      );
    } else if (kind === 'sync.identifiers' || kind === 'sync.schedules') {
      const list: SyncList = kind === 'sync.identifiers' ? 'identifiers' : 'schedules';
      const version = num(answer.version ?? sent.version) ?? 0;
      changes.set(
        task.device_id,
        list === 'identifiers' ? { identifiers_version: version } : { schedules_version: version },
      );
      replaced[list].push(task.device_id);
      const items = Array.isArray(answer.errors) ? answer.errors.slice(0, 10_000) : [];
      for (const e of items) {
        if (!e || typeof e !== 'object') continue;
        const { id, code } = e as { id?: unknown; code?: unknown };
        errors.push({
          device_id: task.device_id,
          list,
          item_id: String(id ?? '').slice(0, 128),
          code: String(code ?? 'error').slice(0, 64),
          task_id: task.id,
          at: now,
        });
      }
    }
  }
  await ensureSyncRows(db, [...changes.keys()]);
  await updateSyncRows(db, changes);
  // A completed sync of a list replaces that list's errors.
  for (const list of ['identifiers', 'schedules'] as const) {
    for (const ids of chunksOf(replaced[list])) {
      await db.deleteFrom('device_sync_errors').where('list', '=', list).where('device_id', 'in', ids).execute();
    }
  }
  for (const rows of chunksOf(errors, 400)) await db.insertInto('device_sync_errors').values(rows).execute();
}

/** A new request id after a refusal: `{batch}:{task}.{n}`, n counting every refusal of the task (restarts too). */
function nextRequestId(task: ClaimedTask): string {
  const n = Number(/\.(\d+)$/.exec(task.request_id ?? '')?.[1] ?? 0);
  return `${task.batch_id}:${task.id}.${n + 1}`;
}

/**
 * An attempt failed. Offline: the task waits for the device (the attempt does not count).
 * Refused: the next attempt is a new request (a new id), since the device's answer to this one
 * is final. Timeout or a closed link: the next attempt repeats the request id (the device may
 * have acted). Then: queued again after the backoff, or `error` after the last attempt.
 */
async function failTask(
  db: Kysely<Database>,
  task: ClaimedTask,
  owner: string,
  error: unknown,
  retryMs: readonly number[],
  now: string,
): Promise<Recorded | null> {
  const link = error instanceof DeviceLinkError ? error : null;
  const code = link ? (link.code === 'refused' ? (link.deviceCode ?? 'refused') : link.code) : 'error';
  const message = error instanceof Error ? error.message.slice(0, 500) : null;
  const base = db
    .updateTable('device_tasks')
    .where('id', '=', task.id)
    .where('status', '=', 'started')
    .where('lease_owner', '=', owner);
  const released = {
    lease_owner: null,
    lease_until: null,
    updated_at: now,
    last_error_code: code,
    last_error_message: message,
  };
  if (link?.code === 'offline') {
    const row = await base
      .set({ ...released, status: 'waiting', attempts: sql<number>`attempts - 1` })
      .returningAll()
      .executeTakeFirst();
    return row ? { row, outcome: 'waiting' } : null;
  }
  const request_id = link?.code === 'refused' ? nextRequestId(task) : task.request_id;
  if (task.attempts >= task.max_attempts) {
    const row = await base
      .set({ ...released, request_id, status: 'error', finished_at: now })
      .returningAll()
      .executeTakeFirst();
    return row ? { row, outcome: 'error' } : null;
  }
  const next = new Date(Date.now() + retryDelayMs(retryMs, task.attempts)).toISOString();
  const row = await base
    .set({ ...released, request_id, status: 'queued', next_attempt_at: next })
    .returningAll()
    .executeTakeFirst();
  return row ? { row, outcome: 'retry' } : null;
}
