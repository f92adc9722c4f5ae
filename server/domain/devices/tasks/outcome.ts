import { type Kysely, sql } from 'kysely';
import {
  type DeviceTaskKind,
  PENDING_TASK_STATUSES,
  type SyncList,
} from '../../../../src/contract/entities/device-task';
import type { Database } from '../../../db/schema';
import { DeviceLinkError } from '../../../mqtt/link';
import { nowIso } from '../../clock';
import { retryDelayMs } from './backoff';
import type { ClaimedTask } from './claim';
import { syncRow } from './payloads';
import type { TaskRow } from './store';

/** Where a task ended after an attempt. */
export type Outcome = 'completed' | 'retry' | 'waiting' | 'error' | 'lost';

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The device answered ok: the task is completed (when this node still holds it) and what the
 * answer says is recorded: the settings version it took, a list's version and the items it
 * could not take (sync errors), and the device's convergence when nothing is left to run.
 */
export async function completeTask(
  db: Kysely<Database>,
  task: ClaimedTask,
  owner: string,
  sent: Record<string, unknown>,
  answer: Record<string, unknown>,
): Promise<TaskRow | null> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await trx
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
      .where('id', '=', task.id)
      .where('status', '=', 'started')
      .where('lease_owner', '=', owner)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null; // the lease ran out and another node took it: its answer counts
    await recordAnswer(trx, task, sent, answer, now);
    const left = await trx
      .selectFrom('device_tasks')
      .select('id')
      .where('device_id', '=', task.device_id)
      .where('status', 'in', [...PENDING_TASK_STATUSES])
      .executeTakeFirst();
    if (!left) {
      await syncRow(trx, task.device_id);
      await trx.updateTable('device_sync').set({ converged_at: now }).where('device_id', '=', task.device_id).execute();
    }
    return row;
  });
}

async function recordAnswer(
  db: Kysely<Database>,
  task: ClaimedTask,
  sent: Record<string, unknown>,
  answer: Record<string, unknown>,
  now: string,
): Promise<void> {
  const kind = task.kind as DeviceTaskKind;
  if (kind === 'init' || kind === 'settings.apply') {
    const version = num(kind === 'init' ? sent.settings_version : (answer.version ?? sent.version));
    if (version === null) return;
    await syncRow(db, task.device_id);
    await db
      .updateTable('device_sync')
      .set({ applied_version: version })
      .where('device_id', '=', task.device_id)
      .execute();
    if (kind === 'init') {
      // Init resets the device's lists: what it was sent of them before is gone.
      await db
        .updateTable('device_sync')
        .set({ identifiers_version: 0, schedules_version: 0 })
        .where('device_id', '=', task.device_id)
        .execute();
    }
    return;
  }
  if (kind === 'sync.identifiers' || kind === 'sync.schedules') {
    const list: SyncList = kind === 'sync.identifiers' ? 'identifiers' : 'schedules';
    const version = num(answer.version ?? sent.version) ?? 0;
    await syncRow(db, task.device_id);
    await db
      .updateTable('device_sync')
      .set(list === 'identifiers' ? { identifiers_version: version } : { schedules_version: version })
      .where('device_id', '=', task.device_id)
      .execute();
    await db
      .deleteFrom('device_sync_errors')
      .where('device_id', '=', task.device_id)
      .where('list', '=', list)
      .execute();
    const errors = Array.isArray(answer.errors) ? answer.errors.slice(0, 10_000) : [];
    const rows = errors
      .filter((e): e is { id: unknown; code: unknown } => !!e && typeof e === 'object')
      .map((e) => ({
        device_id: task.device_id,
        list,
        item_id: String(e.id ?? '').slice(0, 128),
        code: String(e.code ?? 'error').slice(0, 64),
        task_id: task.id,
        at: now,
      }));
    for (let i = 0; i < rows.length; i += 400) {
      await db
        .insertInto('device_sync_errors')
        .values(rows.slice(i, i + 400))
        .execute();
    }
  }
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
export async function failTask(
  db: Kysely<Database>,
  task: ClaimedTask,
  owner: string,
  error: unknown,
  retryMs: readonly number[],
): Promise<{ row: TaskRow; outcome: Outcome } | null> {
  const now = nowIso();
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
