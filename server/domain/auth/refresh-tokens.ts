import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isoIn, nowIso } from '../clock';

type Db = Kysely<Database> | Transaction<Database>;

/** Only the hash is stored: a leaked database does not leak usable refresh tokens. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a new single-use refresh token in a family and returns the token itself. */
export async function insertRefreshToken(
  db: Db,
  entry: { familyId: string; userId: number; projectId: number; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashRefreshToken(token),
      family_id: entry.familyId,
      user_id: entry.userId,
      project_id: entry.projectId,
      expires_at: isoIn(entry.ttlSeconds),
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/** A new family: one login session in one project. */
export function newFamilyId(): string {
  return randomUUID();
}

/** Ends a login session: no token of the family refreshes, and its access tokens stop working. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user, except `keepFamilyId` when given (the caller's own). */
export async function revokeUserSessions(db: Db, userId: number, keepFamilyId?: string): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
}

/** Drops a user's expired rows so the table does not grow with every login. */
export async function pruneExpired(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', nowIso()).execute();
}

export type SpendResult =
  | { ok: true; familyId: string; userId: number; projectId: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; familyId: string };

/**
 * Marks a refresh token used. A token seen a second time means it was copied:
 * the whole family is revoked, so both the thief and the owner must log in again.
 * The conditional update makes two concurrent spends of one token count as reuse.
 */
export async function spendRefreshToken(db: Db, token: string): Promise<SpendResult> {
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'reused', familyId: row.family_id };
  }
  if (row.expires_at <= nowIso()) return { ok: false, reason: 'expired' };
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ used_at: nowIso() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'reused', familyId: row.family_id };
  }
  return { ok: true, familyId: row.family_id, userId: row.user_id, projectId: row.project_id };
}
