import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import type { DeviceTaskKind } from '../../../../src/contract/entities/device-task';
import {
  DEVICE_TASKS_TOPIC,
  DeviceTasksChangedEventSchema,
  type RealtimeData,
} from '../../../../src/contract/realtime';
import type { DeviceTasksConfig } from '../../../config';
import type { AppContext } from '../../../context';
import type { DeviceLink } from '../../../mqtt/link';
import type { WorkerReport } from '../../../workers/registry';
import { nowIso } from '../../clock';
import { announceMany } from './announce';
import { type ClaimedTask, claimTasks, devicesToReach, nextDue, parkOffline, parkTasks, unparkTasks } from './claim';
import { REQUEST_OF, REQUEST_TIMEOUT_MS } from './kinds';
import { notifyTaskFailed } from './notify-failed';
import { type Attempt, recordOutcomes } from './outcome';
import { bodiesOf, chunksOf, IDS_PER_STATEMENT } from './payloads';
import { requestIdOf } from './store';
import { syncParts } from './sync-parts';

/** Tasks claimed per statement of a sweep. */
const CLAIM_BATCH = 500;
/**
 * A sweep of the whole queue at least this often: work no event announced (another node's
 * message lost while the bus reconnected). Everything else is looked at when it happens.
 */
const SWEEP_MS = 10_000;
/** Devices coming and going are gathered this long: a wave of connections is one pass. */
const STATUS_WINDOW_MS = 100;
/** Wake-ups for retries are gathered on this grid: a thousand backoffs with jitter wake a few times, not a thousand. */
const WAKE_GRID_MS = 250;

/** A task status that may make a device's head claimable (announced by any node). */
const CLAIMABLE_CHANGE = new Set(['new', 'queued', 'waiting', 'deleted']);

export interface TaskRunner {
  /** This node's name in leases. */
  readonly owner: string;
  /** Requests this node sent for tasks, and answers it recorded as completed (since start). */
  readonly stats: { sent: number; completed: number };
  /** Look for work now: these devices' queues (their tasks were made or changed), or, none named, the whole queue. */
  kick(devices?: Iterable<number>): void;
  /** Resolves when nothing is being looked for, sent or recorded (tests). */
  idle(): Promise<void>;
  /** Stops looking for work; resolves once what is being sent has ended and been recorded (close the link meanwhile). */
  stop(): Promise<void>;
}

/**
 * Sends device tasks (docs/device-protocol.md requests) from the durable queue: one task at a
 * time per device in order, parked while the device is offline and queued again when it comes
 * back, retried with backoff, `error` after the last attempt (with a notification). Every node
 * runs one; they share the queue through leases (claim.ts).
 *
 * Event-driven: a pass looks at the devices something happened to (tasks made or changed here or
 * on another node, an answer recorded, the device came back or left) and claims their heads in
 * a few statements; a timer wakes the devices whose retry came due; a sweep of the whole queue
 * runs at start, when a lease of a dead node runs out, and every SWEEP_MS. Answers are recorded
 * in one transaction per turn of the event loop (recordOutcomes), so a fan-out to thousands of
 * devices costs a few statements per hundreds of devices, not several per task.
 */
export function startTaskRunner(deps: {
  ctx: Pick<AppContext, 'db' | 'realtime'> & Partial<Pick<AppContext, 'mailer' | 'config'>>;
  link: Pick<DeviceLink, 'request' | 'onStatus' | 'onlineSerials' | 'isOnline'>;
  config: DeviceTasksConfig;
  log: FastifyBaseLogger;
  /** What every node announces (the realtime bus): tasks another node made or freed are looked at here too. */
  listen?: (listener: (topic: string, data: RealtimeData) => void) => () => void;
  /** Tells the worker registry of each pass (server/workers). */
  report?: WorkerReport;
}): TaskRunner {
  const { ctx, link, config, log, report } = deps;
  const { db } = ctx;
  const owner = randomUUID();
  const stats = { sent: 0, completed: 0 };
  let stopped = false;

  // What the next pass looks at.
  let sweep = true;
  const devices = new Set<number>();
  const back = new Set<string>();
  const left = new Set<string>();
  const hasWork = () => sweep || devices.size > 0 || back.size > 0 || left.size > 0;
  let scheduled = false;
  let running: Promise<void> | null = null;

  function schedule(): void {
    if (stopped || scheduled || running) return;
    scheduled = true;
    // After this turn: kicks of one burst (a thousand answers, a thousand devices back) are one pass.
    setImmediate(() => {
      scheduled = false;
      if (stopped || running) return;
      running = pass()
        .then(() => report?.ran())
        .catch((error: unknown) => {
          report?.failed(error);
          log.warn({ err: error }, 'device task pass failed');
        })
        .finally(() => {
          running = null;
          if (hasWork()) schedule();
        });
    });
  }

  function kick(ids?: Iterable<number>): void {
    if (stopped) return;
    if (ids === undefined) sweep = true;
    else for (const id of ids) devices.add(id);
    schedule();
  }

  async function pass(): Promise<void> {
    const now = nowIso();
    const leaseUntil = new Date(Date.now() + config.leaseMs).toISOString();
    if (back.size > 0 || left.size > 0) {
      // Decided by where each device is now: one that left and came back meanwhile is back.
      const serials = [...new Set([...back, ...left])];
      back.clear();
      left.clear();
      const cameBack = serials.filter((serial) => link.isOnline(serial));
      const went = serials.filter((serial) => !link.isOnline(serial));
      const unparked = await unparkTasks(db, { serials: cameBack }, now);
      await announceMany(ctx, [...unparked, ...(await parkTasks(db, { serials: went }, now))]);
      for (const row of unparked) devices.add(Number(row.device_id));
    }
    if (devices.size > 0) {
      const ids = [...devices];
      devices.clear();
      const reached: number[] = [];
      const unreached: number[] = [];
      for (const d of await devicesToReach(db, ids))
        (d.serial_number && link.isOnline(d.serial_number) ? reached : unreached).push(d.id);
      await announceMany(ctx, await parkTasks(db, { devices: unreached }, now));
      for (const slice of chunksOf(reached, IDS_PER_STATEMENT)) {
        await dispatch(await claimTasks(db, owner, { devices: slice }, now, leaseUntil, slice.length));
      }
    }
    if (sweep) {
      sweep = false;
      const online = link.onlineSerials();
      await announceMany(ctx, await parkOffline(db, online, now));
      let claimed: ClaimedTask[];
      do {
        claimed = await claimTasks(db, owner, { online }, now, leaseUntil, CLAIM_BATCH);
        await dispatch(claimed);
      } while (claimed.length === CLAIM_BATCH && !stopped);
      const due = await nextDue(db, now);
      if (due) wakeAt('sweep', Date.parse(due));
    }
  }

  // Sends: bodies read for a whole claim, then one request per task, each answer recorded in a group.
  const inFlight = new Set<Promise<void>>();

  async function dispatch(claimed: ClaimedTask[]): Promise<void> {
    if (claimed.length === 0) return;
    await announceMany(ctx, claimed);
    let bodies: Map<number, Record<string, unknown> | null>;
    try {
      bodies = await bodiesOf(db, claimed);
    } catch (error) {
      for (const task of claimed) track(settle({ task, error }));
      return;
    }
    for (const task of claimed) {
      const body = bodies.get(task.id) ?? null;
      if (body !== null) track(send(task, body)); // null: the device is gone (its tasks went with it)
    }
  }

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  async function send(task: ClaimedTask, body: Record<string, unknown>): Promise<void> {
    const kind = task.kind as DeviceTaskKind;
    stats.sent++;
    let attempt: Attempt;
    try {
      // A long list goes in parts, one after the other, each with its own id under the task's
      // (a re-send of a part is answered from the device's cache); the last part's answer, with
      // every part's errors, is the task's.
      const parts = syncParts(body);
      const errors: unknown[] = [];
      let answer: Record<string, unknown> = {};
      for (const [k, part] of parts.entries()) {
        answer = await link.request(task.serial_number, REQUEST_OF[kind], part, {
          id: parts.length === 1 ? requestIdOf(task) : `${requestIdOf(task)}/${k + 1}`,
          timeoutMs: REQUEST_TIMEOUT_MS[kind],
        });
        if (Array.isArray(answer.errors)) errors.push(...answer.errors);
      }
      attempt = { task, sent: body, answer: parts.length === 1 ? answer : { ...answer, errors } };
    } catch (error) {
      attempt = { task, error };
    }
    await settle(attempt);
  }

  // Outcomes: gathered for the rest of this turn, then recorded in one transaction.
  let outcomes: { attempt: Attempt; recorded: () => void }[] = [];
  let flushQueued = false;
  let flushing: Promise<void> | null = null;

  function settle(attempt: Attempt): Promise<void> {
    return new Promise((recorded) => {
      outcomes.push({ attempt, recorded });
      scheduleFlush();
    });
  }

  function scheduleFlush(): void {
    if (flushQueued || flushing) return;
    flushQueued = true;
    setImmediate(() => {
      flushQueued = false;
      flushing = flush().finally(() => {
        flushing = null;
        if (outcomes.length > 0) scheduleFlush();
      });
    });
  }

  async function flush(): Promise<void> {
    const batch = outcomes;
    outcomes = [];
    try {
      const recorded = await recordOutcomes(
        db,
        owner,
        batch.map((b) => b.attempt),
        config.retryMs,
      );
      stats.completed += recorded.filter((r) => r.outcome === 'completed').length;
      await announceMany(
        ctx,
        recorded.map((r) => r.row),
      );
      for (const { row, outcome } of recorded) {
        if (outcome === 'retry' && row.next_attempt_at) wakeAt(Number(row.device_id), Date.parse(row.next_attempt_at));
        if (outcome === 'error') {
          await notifyTaskFailed(ctx, row).catch((e: unknown) =>
            log.warn({ err: e, task: row.id }, 'device task failure not notified'),
          );
        }
      }
    } catch (error) {
      // Still `started` under this node's lease: when it runs out they are sent again with the
      // same request ids, and a device that acted answers from its cache without acting twice.
      log.warn({ err: error, tasks: batch.length }, 'device task outcomes not recorded');
      wakeAt('sweep', Date.now() + config.leaseMs);
    } finally {
      kick(batch.map((b) => b.attempt.task.device_id)); // each device's next task, if any
      for (const b of batch) b.recorded();
    }
  }

  // Wake-ups: a device whose retry came due, or a sweep (a lease runs out).
  const due = new Map<number | 'sweep', number>();
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Number.POSITIVE_INFINITY;

  function wakeAt(what: number | 'sweep', at: number): void {
    if (stopped) return;
    const when = Math.ceil(at / WAKE_GRID_MS) * WAKE_GRID_MS + 5;
    const was = due.get(what);
    if (was === undefined || when < was) due.set(what, when);
    if (when < timerAt) arm(when);
  }

  function arm(at: number): void {
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(wake, Math.max(0, at - Date.now()));
    timer.unref();
  }

  function wake(): void {
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const [what, at] of due) {
      if (at > now) next = Math.min(next, at);
      else {
        due.delete(what);
        if (what === 'sweep') sweep = true;
        else devices.add(what);
      }
    }
    if (next < Number.POSITIVE_INFINITY) arm(next);
    schedule();
  }

  // Devices coming back or leaving (a change, not each heartbeat).
  const online = new Set<string>();
  let statusTimer: NodeJS.Timeout | null = null;
  const soon = () => {
    statusTimer ??= setTimeout(() => {
      statusTimer = null;
      schedule();
    }, STATUS_WINDOW_MS);
  };
  const stopStatus = link.onStatus((serial, status) => {
    if (stopped) return;
    if (!status.online) {
      if (online.delete(serial)) {
        left.add(serial);
        soon();
      }
      return;
    }
    if (online.has(serial)) return;
    online.add(serial);
    back.add(serial);
    soon();
  });
  // Tasks made, restarted, freed or parked by any node (this one's too: merged with its own kicks).
  const stopListening = deps.listen?.((topic, data) => {
    if (topic !== DEVICE_TASKS_TOPIC || data.type !== 'DeviceTasksChanged') return;
    const changed = v.safeParse(DeviceTasksChangedEventSchema, data);
    if (changed.success && changed.output.tasks.some((t) => CLAIMABLE_CHANGE.has(t.status)))
      kick([changed.output.device_id]);
  });
  const sweeper = setInterval(() => kick(), SWEEP_MS);
  sweeper.unref();
  schedule();

  const settled = async () => {
    while (scheduled || running || inFlight.size > 0 || flushing || flushQueued || outcomes.length > 0) {
      await running;
      await Promise.allSettled([...inFlight]);
      await flushing;
      await new Promise((r) => setImmediate(r));
    }
  };

  return {
    owner,
    stats,
    kick,
    idle: settled,
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      if (timer) clearTimeout(timer);
      if (statusTimer) clearTimeout(statusTimer);
      stopStatus();
      stopListening?.();
      await settled();
    },
  };
}
