import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { PENDING_TASK_STATUSES } from '../../src/contract/entities/device-task';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { keepStatistics } from '../db/statistics';
import { type AuditRetention, startAuditRetention } from '../domain/audit/retention';
import { type AnnounceScheduler, startAnnounceScheduler } from '../domain/communications/announce-scheduler';
import { startTaskRunner, type TaskRunner } from '../domain/devices/tasks/runner';
import type { IpBlocking } from '../domain/security/ip-blocking';
import { type MailSender, startMailSender } from '../mail/sender';
import type { WorkerRegistry } from './registry';

/**
 * The server's own background workers, registered in the one registry (registry.ts) under
 * stable names. Each hands the rest of the server a stand-in that stays valid across stops
 * and restarts: `ctx.deviceTasks.kick()` wakes whichever task runner is running (none: the
 * tasks wait in the queue), the announce scheduler's `tick` starts nothing while it is stopped.
 *
 * Not workers: the device link's listeners (presence, event ingestion) and the SIP server and
 * broker (they have their own restart calls); stopping a listener would lose what devices
 * report rather than defer it (docs/decisions.md, "System and metrics").
 */

const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);

/** The device task runner (server/domain/devices/tasks) as `device-tasks`. */
export function deviceTasksWorker(
  registry: WorkerRegistry,
  deps: Omit<Parameters<typeof startTaskRunner>[0], 'ctx' | 'report'> & {
    ctx: () => Parameters<typeof startTaskRunner>[0]['ctx'];
  },
): TaskRunner {
  let current: TaskRunner | null = null;
  let lastStats = { sent: 0, completed: 0 };
  registry.register({
    name: 'device-tasks',
    start(report) {
      const mine = startTaskRunner({ ...deps, ctx: deps.ctx(), report });
      current = mine;
      return {
        async stop() {
          if (current === mine) current = null;
          lastStats = mine.stats;
          await mine.stop();
        },
      };
    },
    queueLength: () =>
      count(
        deps
          .ctx()
          .db.selectFrom('device_tasks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', [...PENDING_TASK_STATUSES])
          .executeTakeFirst(),
      ),
  });
  return {
    get owner() {
      return current?.owner ?? '';
    },
    get stats() {
      return current?.stats ?? lastStats;
    },
    kick: (devices) => current?.kick(devices),
    idle: async () => current?.idle(),
    stop: async () => {
      await registry.stop('device-tasks');
    },
  };
}

/** The announce scheduler as `announce-scheduler`. */
export function announceSchedulerWorker(
  registry: WorkerRegistry,
  deps: { ctx: () => AppContext; log: FastifyBaseLogger },
): AnnounceScheduler {
  let current: AnnounceScheduler | null = null;
  registry.register({
    name: 'announce-scheduler',
    start(report) {
      const mine = startAnnounceScheduler(deps.ctx(), deps.log, undefined, report);
      current = mine;
      return {
        stop() {
          if (current === mine) current = null;
          mine.stop();
        },
      };
    },
  });
  return {
    tick: (now) => current?.tick(now) ?? Promise.resolve([]),
    stop: () => void registry.stop('announce-scheduler'),
  };
}

/** The mail sender (server/mail/sender.ts) as `mail-sender`. */
export function mailSenderWorker(
  registry: WorkerRegistry,
  deps: { db: Kysely<Database>; mailer: () => AppContext['mailer'] },
): Pick<MailSender, 'kick' | 'idle'> {
  let current: MailSender | null = null;
  registry.register({
    name: 'mail-sender',
    start(report) {
      const mine = startMailSender({ db: deps.db, mailer: deps.mailer(), report });
      current = mine;
      return {
        async stop() {
          if (current === mine) current = null;
          await mine.stop();
        },
      };
    },
    queueLength: () =>
      count(
        deps.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['queued', 'sending'])
          .executeTakeFirst(),
      ),
  });
  return { kick: () => current?.kick(), idle: async () => current?.idle() };
}

/** The workers without a stand-in: planner statistics, the IP-blocking sweeper, audit retention. */
export function registerPlainWorkers(
  registry: WorkerRegistry,
  deps: {
    db: Kysely<Database>;
    ipBlocking: IpBlocking;
    auditRetention: AuditRetention;
    /** Planner statistics start with the server (main.ts); test apps leave them to the test. */
    statistics: boolean;
    log: FastifyBaseLogger;
  },
): void {
  registry.register({
    name: 'planner-statistics',
    autoStart: deps.statistics,
    start: (report) => ({ stop: keepStatistics(deps.db, (message) => deps.log.warn(message), report) }),
  });
  registry.register({
    name: 'ip-blocking-sweeper',
    start(report) {
      deps.ipBlocking.start(report);
      return { stop: () => deps.ipBlocking.stop() };
    },
  });
  registry.register({
    name: 'audit-retention',
    start: (report) => startAuditRetention({ db: deps.db, retention: deps.auditRetention, report }),
  });
}
