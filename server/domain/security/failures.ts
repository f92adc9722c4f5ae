import type { Kysely } from 'kysely';
import type { IpBlockService } from '../../../src/contract/entities/ip-blocking';
import type { Database } from '../../db/schema';
import type { CountedCause } from './rules';

/**
 * Failure counters, one row per failure, in the database: every server node
 * sharing it counts into the same rows, so spreading attempts over nodes
 * behind a load balancer buys an attacker nothing. A failure costs one insert
 * and one count; successes cost nothing here.
 */
export type FailureSubject = 'address' | 'login';

export interface Failure {
  subject: FailureSubject;
  key: string;
  service: IpBlockService;
  cause: CountedCause;
}

/** Counts one failure at `at` and answers how many of its kind happened since `since` (this one included). */
export async function countFailure(db: Kysely<Database>, failure: Failure, at: string, since: string): Promise<number> {
  await db
    .insertInto('ip_block_failures')
    .values({ ...failure, failed_at: at })
    .execute();
  const row = await db
    .selectFrom('ip_block_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject', '=', failure.subject)
    .where('key', '=', failure.key)
    .where('service', '=', failure.service)
    .where('cause', '=', failure.cause)
    .where('failed_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Forgets the failures of an address (for one service) or of a login: after a ban, a lock, an unban or a success. */
export async function forgetFailures(
  db: Kysely<Database>,
  subject: FailureSubject,
  key: string,
  service?: IpBlockService,
): Promise<void> {
  let q = db.deleteFrom('ip_block_failures').where('subject', '=', subject).where('key', '=', key);
  if (service) q = q.where('service', '=', service);
  await q.execute();
}

/** Drops failures older than every counting window. */
export async function pruneFailures(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('ip_block_failures').where('failed_at', '<=', before).execute();
}
