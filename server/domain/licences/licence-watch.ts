import type { FastifyBaseLogger } from 'fastify';
import { LICENCE_LIMITS } from '../../../src/contract/entities/licence';
import type { AppContext } from '../../context';
import { sendDueNotices } from './licence-notices';
import { type LicenceEnv, refreshProjectFeatures } from './licence-store';

/** Keeps licence effects on time; tests drive `tick` after moving their clock. */
export interface LicenceWatch {
  /** Derives again the features whose licences started or ended, then sends due notices. */
  tick(): Promise<void>;
  /** Stops the timer; resolves when a tick in flight is over. */
  stop(): Promise<void>;
}

/**
 * The licence watch of one server process: every `intervalMs` (a minute) it derives again the
 * features of projects whose licences started or stopped granting since (`features_until`),
 * and sends the licence notices that are due. Several nodes may run it: deriving twice gives
 * the same features, and a notice is recorded per episode before the next tick looks.
 */
export function startLicenceWatch(
  ctx: AppContext,
  env: LicenceEnv,
  log: FastifyBaseLogger,
  intervalMs: number = LICENCE_LIMITS.watchIntervalMs,
): LicenceWatch {
  let last: Promise<unknown> = Promise.resolve();
  const once = async () => {
    const now = env.clock.now();
    const due = await ctx.db
      .selectFrom('licence_settings')
      .select('project_id')
      .where('features_until', 'is not', null)
      .where('features_until', '<=', now.toISOString())
      .execute();
    for (const { project_id } of due) await refreshProjectFeatures(env, project_id);
    // Notices concern projects with licences or with groups that have licence settings.
    const projects = await ctx.db
      .selectFrom('licences')
      .select('project_id')
      .union(ctx.db.selectFrom('domain_licences').select('project_id'))
      .execute();
    for (const { project_id } of projects) {
      try {
        await sendDueNotices(ctx, env, project_id, now.getTime());
      } catch (error) {
        log.error({ err: error, project: project_id }, 'licence notices');
      }
    }
  };
  const tick = () => {
    const run = last.then(once);
    last = run.catch(() => undefined);
    return run;
  };
  const timer = setInterval(() => {
    tick().catch((error) => log.error({ err: error }, 'licence watch'));
  }, intervalMs);
  // The watch never keeps the process alive on its own.
  timer.unref();
  // At start too: licences may have started or ended while the server was down.
  const first = setTimeout(() => {
    tick().catch((error) => log.error({ err: error }, 'licence watch'));
  }, 0);
  first.unref();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      await last;
    },
  };
}
