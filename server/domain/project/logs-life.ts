import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { logsLifeOf } from './settings';
import { readSection } from './settings-store';

/**
 * `logs_life` (project settings): the days a project keeps its logs — the events
 * its devices reported (device and access-control events) and its mail outbox.
 * Older rows go, once at start and then hourly. The audit trail is not a log in
 * this sense and is kept. Answers what each project lost.
 */
export async function pruneLogs(db: Kysely<Database>, now: Date): Promise<Map<number, number>> {
  const projects = await db.selectFrom('projects').select('id').where('deleted_at', 'is', null).execute();
  const pruned = new Map<number, number>();
  for (const { id } of projects) {
    const days = logsLifeOf(await readSection(db, id, 'general'));
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    const events = await db
      .deleteFrom('device_events')
      .where('project_id', '=', id)
      .where('occurred_at', '<', cutoff)
      .executeTakeFirst();
    const mail = await db
      .deleteFrom('outbox')
      .where('project_id', '=', id)
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    const total = Number(events.numDeletedRows ?? 0) + Number(mail.numDeletedRows ?? 0);
    if (total > 0) pruned.set(id, total);
  }
  return pruned;
}

const HOUR = 3_600_000;

/** Prunes now and every hour (unref'd: it never keeps the process up); stop() ends it. */
export function startLogPruning(db: Kysely<Database>, clock: Clock, log: FastifyBaseLogger) {
  const run = () =>
    void pruneLogs(db, clock.now()).catch((error: unknown) => log.warn({ err: error }, 'logs not pruned'));
  const first = setTimeout(run, 10_000);
  first.unref();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
