import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isoAfter } from '../clock';
import { LOGIN_LOCK_RULE } from './rules';

/**
 * Logins locked after repeated failures from any addresses (`login_locks`).
 * The key is the login as typed: whether it names a user is never looked at,
 * so a lock says nothing about which logins exist.
 */

/** When the lock of a login ends, or null when it is not locked at `now`. */
export async function lockedUntil(db: Kysely<Database>, login: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('login_locks')
    .select('expires_at')
    .where('login', '=', login)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.expires_at ?? null;
}

/** Locks a login from `now` for LOGIN_LOCK_RULE.lockSeconds (a lock in force is renewed by a new one). */
export async function lockLogin(db: Kysely<Database>, login: string, now: Date): Promise<void> {
  const values = { locked_at: now.toISOString(), expires_at: isoAfter(now, LOGIN_LOCK_RULE.lockSeconds) };
  await db
    .insertInto('login_locks')
    .values({ login, ...values })
    .onConflict((oc) => oc.column('login').doUpdateSet(values))
    .execute();
}

/** Drops locks that ended. */
export async function pruneLoginLocks(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('login_locks').where('expires_at', '<=', now.toISOString()).execute();
}
