import type { Kysely } from 'kysely';
import { DEVICE_TASK_STATUSES, RESTARTABLE_TASK_STATUSES } from '../../../src/contract/entities/device-task';
import { MAIL_STATUSES, type Queue, type QueueName } from '../../../src/contract/entities/system';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { deleteTasks } from '../devices/tasks/actions';
import { announceMany } from '../devices/tasks/announce';
import { invalidData } from '../errors';

/**
 * Queue management (2.5): the project's device task queue and mail outbox, counted by status;
 * failed items taken up again; items of a finished (or not yet started) status removed. Both
 * queues live in the database and belong to the caller's project: an operator sees and touches
 * only their own project's (docs/decisions.md, "System and metrics").
 */
const QUEUES: Record<
  QueueName,
  { statuses: readonly string[]; retryable: readonly string[]; clearable: readonly string[] }
> = {
  // A task being sent (`started`) is not removed from under its sender.
  device_tasks: {
    statuses: DEVICE_TASK_STATUSES,
    retryable: RESTARTABLE_TASK_STATUSES,
    clearable: ['completed', 'error', 'stopped', 'new', 'queued', 'waiting'],
  },
  // `queued` and `sending` are on their way.
  mail: { statuses: [...MAIL_STATUSES, 'sending'], retryable: ['failed'], clearable: ['sent', 'failed', 'kept'] },
};

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'mailSender' | 'config'>;

async function countsOf(db: Kysely<Database>, queue: QueueName, projectId: number): Promise<Record<string, number>> {
  const rows =
    queue === 'device_tasks'
      ? await db
          .selectFrom('device_tasks')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('project_id', '=', projectId)
          .groupBy('status')
          .execute()
      : await db
          .selectFrom('outbox')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('project_id', '=', projectId)
          .groupBy('status')
          .execute();
  const counts: Record<string, number> = Object.fromEntries(QUEUES[queue].statuses.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function queueSummary(db: Kysely<Database>, auth: Auth): Promise<Queue[]> {
  return Promise.all(
    (Object.keys(QUEUES) as QueueName[]).map(async (queue) => ({
      queue,
      counts: await countsOf(db, queue, auth.projectId),
      retryable: [...QUEUES[queue].retryable],
      clearable: [...QUEUES[queue].clearable],
    })),
  );
}

/**
 * Takes the failed items up again: device tasks in error or stopped are queued with their
 * attempts reset (devices whose protocol is not mqtt are skipped, as the device tasks page
 * does); failed mail is queued for the mail sender. Answers how many.
 */
export async function retryQueue(ctx: Ctx, auth: Auth, queue: QueueName): Promise<number> {
  const now = nowIso();
  if (queue === 'device_tasks') {
    const ids = (
      await ctx.db
        .selectFrom('device_tasks as t')
        .innerJoin('devices as d', 'd.id', 't.device_id')
        .select('t.id')
        .where('t.project_id', '=', auth.projectId)
        .where('d.protocol', '=', 'mqtt')
        .where('t.status', 'in', [...RESTARTABLE_TASK_STATUSES])
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    let retried = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await ctx.db
        .updateTable('device_tasks')
        .set({
          status: 'queued',
          attempts: 0,
          next_attempt_at: null,
          finished_at: null,
          last_error_code: null,
          last_error_message: null,
          updated_at: now,
        })
        .where('id', 'in', ids.slice(i, i + 500))
        .where('status', 'in', [...RESTARTABLE_TASK_STATUSES])
        .returningAll()
        .execute();
      await announceMany(ctx, rows);
      retried += rows.length;
    }
    ctx.deviceTasks.kick();
    return retried;
  }
  const result = await ctx.db
    .updateTable('outbox')
    .set({ status: 'queued' })
    .where('project_id', '=', auth.projectId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  ctx.mailSender.kick();
  return Number(result.numUpdatedRows ?? 0);
}

/** Removes the project's items of one clearable status; answers how many went. */
export async function clearQueue(ctx: Ctx, auth: Auth, queue: QueueName, status: string): Promise<number> {
  if (!QUEUES[queue].clearable.includes(status)) throw invalidData({ status: { code: 'invalid' } });
  if (queue === 'device_tasks') {
    const ids = (
      await ctx.db
        .selectFrom('device_tasks')
        .select('id')
        .where('project_id', '=', auth.projectId)
        .where('status', '=', status)
        .execute()
    ).map((row) => row.id);
    let cleared = 0;
    for (let i = 0; i < ids.length; i += 500) cleared += await deleteTasks(ctx, ids.slice(i, i + 500));
    return cleared;
  }
  const result = await ctx.db
    .deleteFrom('outbox')
    .where('project_id', '=', auth.projectId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
