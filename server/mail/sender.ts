import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { WorkerReport } from '../workers/registry';
import type { Mailer } from './mailer';

/** Messages a round sends at most (a retry of thousands goes over several rounds). */
const BATCH = 50;
/** A round runs at least this often; a retry kicks one at once. */
const TICK_MS = 30_000;
/**
 * A message `queued` this long, never tried, was left by a process that stopped while sending
 * it; a fresh one is being sent by the call that wrote it, so the sender leaves it alone.
 */
const ABANDONED_MS = 5 * 60_000;

/**
 * The mail sender (a worker, server/workers): sends the outbox's messages that wait
 * (`queued`): those a retry put back (they carry their last error) and those a stopped
 * process left. Each is taken with a conditional update (`sending`), so two server nodes never
 * send one twice; one left `sending` by a stopped process is queued again after a while.
 */
export function startMailSender(deps: {
  db: Kysely<Database>;
  mailer: Pick<Mailer, 'deliverStored'>;
  report?: WorkerReport;
}) {
  const { db, mailer, report } = deps;
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;

  async function round(): Promise<void> {
    const stale = new Date(Date.now() - ABANDONED_MS).toISOString();
    await db
      .updateTable('outbox')
      .set({ status: 'queued' })
      .where('status', '=', 'sending')
      .where('created_at', '<', stale)
      .execute();
    const waiting = await db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('error', 'is not', null), eb('created_at', '<', stale)]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const { id } of waiting) {
      if (stopped) return;
      const taken = await db
        .updateTable('outbox')
        .set({ status: 'sending' })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) continue;
      await mailer.deliverStored(id);
    }
    if (waiting.length === BATCH) again = true;
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = round()
      .then(() => report?.ran())
      .catch((error: unknown) => report?.failed(error))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  }

  const timer = setInterval(kick, TICK_MS);
  timer.unref();
  kick();
  return {
    kick,
    /** Resolves when no round runs (tests). */
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type MailSender = ReturnType<typeof startMailSender>;
