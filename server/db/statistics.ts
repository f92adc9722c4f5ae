import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialects';
import type { Database } from './schema';

/**
 * Planner statistics (docs/decisions.md, Lists). Without them SQLite cannot tell that
 * walking the users' name index beats sorting a project's members, and PostgreSQL plans
 * a freshly loaded table as if it were empty. Gathered after migrations and every hour.
 */
export async function gatherStatistics(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`analyze`.execute(db);
    return;
  }
  // analysis_limit bounds the rows read per index, so the pause stays short on a big file;
  // 0x10002: every table whose statistics are missing or stale, not only the ones queried.
  await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`pragma optimize = 0x10002`.execute(db);
}

const HOUR = 60 * 60 * 1000;

/** Gathers statistics now and every hour; the timer never keeps the process alive. */
export function keepStatistics(
  db: Kysely<Database>,
  log: (message: string) => void,
  report?: { ran(): void; failed(error: unknown): void },
): () => void {
  const run = () =>
    gatherStatistics(db)
      .then(() => report?.ran())
      .catch((error: unknown) => {
        report?.failed(error);
        log(`planner statistics not gathered: ${error instanceof Error ? error.message : String(error)}`);
      });
  void run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
