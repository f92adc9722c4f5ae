import type { FastifyBaseLogger } from 'fastify';
import { COMMUNICATIONS } from '../../../src/contract/constants';
import type { AppContext } from '../../context';
import type { WorkerReport } from '../../workers/registry';
import { startDueAnnounces } from './announce-delivery';

/** Starts announces whose execute_at has come; tests drive `tick` with the time they choose. */
export interface AnnounceScheduler {
  /** Starts what is due at `now` (default: the clock); ticks never overlap. Answers the ids started. */
  tick(now?: Date): Promise<number[]>;
  stop(): void;
}

/**
 * The announce scheduler of one server process: every `intervalMs` it starts
 * the new announces that are due. Several nodes may run it on one database:
 * each start is claimed with a conditional update (announce-delivery.ts).
 */
export function startAnnounceScheduler(
  ctx: AppContext,
  log: FastifyBaseLogger,
  intervalMs: number = COMMUNICATIONS.schedulerIntervalMs,
  report?: WorkerReport,
): AnnounceScheduler {
  let last: Promise<unknown> = Promise.resolve();
  const tick = (now?: Date) => {
    const run = last.then(() =>
      startDueAnnounces(ctx, now ?? new Date(), (id, error) =>
        log.error({ err: error, announce: id }, 'announce start'),
      ),
    );
    last = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    tick()
      .then(() => report?.ran())
      .catch((error) => {
        report?.failed(error);
        log.error({ err: error }, 'announce scheduler');
      });
  }, intervalMs);
  // The scheduler never keeps the process alive on its own.
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
