import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WorkerReport } from '../../workers/registry';

const DAY_MS = 86_400_000;
/** Rows removed per statement, so a first prune of years of events never holds a long lock. */
const BATCH = 5_000;

/**
 * How many days a project's audit events are kept: AUDIT_RETENTION_DAYS for every project by
 * default; a resolver may answer per project (a project setting such as logs_life).
 */
export type AuditRetention = number | ((projectId: number) => Promise<number>);

async function pruneBefore(db: Kysely<Database>, cutoff: string, projectId?: number | null): Promise<number> {
  let removed = 0;
  for (;;) {
    let doomed = db.selectFrom('audit_events').select('id').where('created_at', '<', cutoff);
    if (projectId !== undefined) {
      doomed = projectId === null ? doomed.where('project_id', 'is', null) : doomed.where('project_id', '=', projectId);
    }
    const ids = (await doomed.limit(BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) return removed;
    await db.deleteFrom('audit_events').where('id', 'in', ids).execute();
    removed += ids.length;
    if (ids.length < BATCH) return removed;
  }
}

/** Removes the audit events older than their retention; answers how many went. */
export async function pruneAuditTrail(db: Kysely<Database>, now: Date, retention: AuditRetention): Promise<number> {
  const cutoffOf = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  if (typeof retention === 'number') return pruneBefore(db, cutoffOf(retention));
  let removed = 0;
  const projects = await db.selectFrom('projects').select('id').execute();
  for (const { id } of projects) removed += await pruneBefore(db, cutoffOf(await retention(id)), id);
  return removed;
}

const HOUR_MS = 3_600_000;

/** The audit retention worker: prunes shortly after start, then hourly. */
export function startAuditRetention(deps: {
  db: Kysely<Database>;
  retention: AuditRetention;
  now?: () => Date;
  report?: WorkerReport;
}) {
  const { db, retention, report } = deps;
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= pruneAuditTrail(db, deps.now?.() ?? new Date(), retention)
      .then(() => report?.ran())
      .catch((error: unknown) => report?.failed(error))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 10_000);
  first.unref();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
