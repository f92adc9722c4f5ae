import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceTaskKind } from '../../../../src/contract/entities/device-task';
import type { DeviceTasksConfig } from '../../../config';
import type { AppContext } from '../../../context';
import type { DeviceLink } from '../../../mqtt/link';
import type { WorkerReport } from '../../../workers/registry';
import { nowIso } from '../../clock';
import { announceMany } from './announce';
import { type ClaimedTask, claimTasks, parkOffline, unparkDevice } from './claim';
import { REQUEST_OF, REQUEST_TIMEOUT_MS } from './kinds';
import { notifyTaskFailed } from './notify-failed';
import { completeTask, failTask } from './outcome';
import { bodyOf } from './payloads';
import { requestIdOf } from './store';

/** Tasks claimed per pass: enough for a fleet to converge in a few passes. */
const CLAIM_BATCH = 500;
/** A pass runs at least this often: retries that came due, leases that ran out, other nodes' tasks. */
const TICK_MS = 1_000;

export interface TaskRunner {
  /** This node's name in leases. */
  readonly owner: string;
  /** Requests this node sent for tasks, and answers it recorded as completed (since start). */
  readonly stats: { sent: number; completed: number };
  /** Look for work now (tasks were made, a device came back). */
  kick(): void;
  /** Resolves when nothing is being sent (tests). */
  idle(): Promise<void>;
  /** Stops looking for work; resolves once what is being sent has ended (close the link meanwhile). */
  stop(): Promise<void>;
}

/**
 * Sends device tasks (docs/device-protocol.md requests) from the durable queue: one task at a
 * time per device in order, parked while the device is offline and queued again when it comes
 * back, retried with backoff, `error` after the last attempt (with a notification). Every node
 * runs one; they share the queue through leases (claim.ts).
 */
export function startTaskRunner(deps: {
  ctx: Pick<AppContext, 'db' | 'realtime'>;
  link: Pick<DeviceLink, 'request' | 'onStatus' | 'onlineSerials'>;
  config: DeviceTasksConfig;
  log: FastifyBaseLogger;
  /** Tells the worker registry of each pass (server/workers). */
  report?: WorkerReport;
}): TaskRunner {
  const { ctx, link, config, log, report } = deps;
  const { db } = ctx;
  const owner = randomUUID();
  const inFlight = new Set<Promise<void>>();
  const stats = { sent: 0, completed: 0 };
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    do {
      again = false;
      const reached = link.onlineSerials();
      const now = nowIso();
      const parked = await parkOffline(db, reached, now);
      await announceMany(ctx, parked);
      const leaseUntil = new Date(Date.now() + config.leaseMs).toISOString();
      const claimed = await claimTasks(db, owner, reached, now, leaseUntil, CLAIM_BATCH);
      if (claimed.length > 0) await announceMany(ctx, claimed);
      for (const task of claimed) track(send(task));
      if (claimed.length === CLAIM_BATCH) again = true;
    } while (again && !stopped);
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .then(() => report?.ran())
      .catch((error: unknown) => {
        report?.failed(error);
        log.warn({ err: error }, 'device task pass failed');
      })
      .finally(() => {
        running = null;
        if (again) kick();
      });
  }

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  async function send(task: ClaimedTask): Promise<void> {
    const kind = task.kind as DeviceTaskKind;
    let body: Record<string, unknown> | null = null;
    try {
      body = await bodyOf(db, task);
      if (body === null) return; // the device is gone (its tasks went with it)
      stats.sent++;
      const answer = await link.request(task.serial_number, REQUEST_OF[kind], body, {
        id: requestIdOf(task),
        timeoutMs: REQUEST_TIMEOUT_MS[kind],
      });
      const row = await completeTask(db, task, owner, body, answer);
      if (row) {
        stats.completed++;
        await announceMany(ctx, [row]);
      }
    } catch (error) {
      const failed = await failTask(db, task, owner, error, config.retryMs).catch((e: unknown) => {
        log.warn({ err: e, task: task.id }, 'device task outcome not recorded');
        return null;
      });
      if (failed) {
        await announceMany(ctx, [failed.row]);
        if (failed.outcome === 'error') {
          await notifyTaskFailed(ctx, failed.row).catch((e: unknown) =>
            log.warn({ err: e, task: task.id }, 'device task failure not notified'),
          );
        }
      }
    } finally {
      kick(); // the device's next task, if any
    }
  }

  const online = new Set<string>();
  const stopStatus = link.onStatus((serial, status) => {
    // Heartbeats repeat the status: only a device coming back matters here.
    if (!status.online) online.delete(serial);
    if (!status.online || online.has(serial) || stopped) return;
    online.add(serial);
    void unparkDevice(db, serial, nowIso())
      .then((rows) => announceMany(ctx, rows))
      .catch((error: unknown) => log.warn({ err: error, serial }, 'device tasks not queued again'))
      .finally(kick);
  });
  const timer = setInterval(kick, TICK_MS);
  timer.unref();
  kick();

  return {
    owner,
    stats,
    kick,
    async idle() {
      while (running || inFlight.size > 0) {
        await running;
        await Promise.all([...inFlight]);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopStatus();
      await running;
      await Promise.allSettled([...inFlight]);
    },
  };
}
