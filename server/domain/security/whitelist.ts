import type { Kysely } from 'kysely';
import type { IpWhitelistEntry } from '../../../src/contract/entities/ip-blocking';
import { ERROR_CODES } from '../../../src/contract/errors';
import { entryCovers } from '../../../src/contract/ip-address';
import { blankToNull } from '../../../src/contract/validation';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import { recordAuditEvent } from '../audit/audit-events';
import type { Auth } from '../auth/auth-context';
import { refused } from '../errors';
import { inForce } from './bans';
import type { IpBlocking } from './ip-blocking';
import { AUDIT_ACTIONS } from './unban';

/**
 * The whitelist (7.8): addresses and CIDR ranges that are never counted,
 * banned or refused. It belongs to the installation: every project's
 * settings holders see and change the same list.
 */
export const scopedWhitelist = (db: Kysely<Database>) => db.selectFrom('ip_whitelist as w');

export const WHITELIST_COLUMNS = {
  id: 'w.id',
  ip: 'w.ip',
  description: 'w.description',
  created_at: 'w.created_at',
} as const;

export function selectWhitelist(q: ReturnType<typeof scopedWhitelist>) {
  return q
    .leftJoin('users as author', 'author.id', 'w.created_by_user_id')
    .select(['w.id', 'w.ip', 'w.description', 'w.created_at', 'author.id as author_id', 'author.name as author_name']);
}

export type WhitelistRow = RowOf<ReturnType<typeof selectWhitelist>>;

export const toWhitelistEntry = (row: WhitelistRow): IpWhitelistEntry => ({
  id: Number(row.id),
  ip: row.ip,
  description: row.description ?? null,
  created_at: row.created_at,
  created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
});

/**
 * Adds an address or range (already in its stored spelling) to the
 * whitelist. The bans in force on addresses it covers are lifted with it:
 * a whitelisted address is never refused, so it should not be listed as
 * banned either. Answers the new entry's id.
 */
export async function addToWhitelist(
  blocking: IpBlocking,
  auth: Auth,
  body: { ip: string; description?: string | null },
): Promise<number> {
  const now = blocking.clock.now().toISOString();
  const id = await blocking.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('ip_whitelist').select('id').where('ip', '=', body.ip).executeTakeFirst();
    if (taken) throw refused(ERROR_CODES.ipAlreadyWhitelisted, { errors: { ip: { code: 'not_unique' } } });
    const description = blankToNull(body.description);
    const row = await trx
      .insertInto('ip_whitelist')
      .values({ ip: body.ip, description, created_by_user_id: auth.userId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bans = await trx.selectFrom('ip_bans').select(['id', 'ip', 'service']).where(inForce(now)).execute();
    const covered = bans.filter((ban) => entryCovers(body.ip, ban.ip));
    const coveredIds = covered.map((ban) => ban.id);
    if (coveredIds.length > 0) await trx.deleteFrom('ip_bans').where('id', 'in', coveredIds).execute();
    await recordAuditEvent(trx, {
      projectId: auth.projectId,
      userId: auth.userId,
      action: AUDIT_ACTIONS.whitelistAdd,
      entity: 'ip_whitelist',
      entityId: row.id,
      entityKey: body.ip,
      details: { ip: body.ip, description, lifted: covered.map((ban) => ({ ip: ban.ip, service: ban.service })) },
      at: now,
    });
    return row.id;
  });
  // Every console showing the list or the status learns of it (the whitelist's size is on the status).
  blocking.announce('whitelisted');
  return id;
}

/** Removes whitelist entries (one audit row each); answers how many went. */
export async function removeFromWhitelist(blocking: IpBlocking, auth: Auth, ids: number[]): Promise<number> {
  const now = blocking.clock.now().toISOString();
  const removed = await blocking.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('ip_whitelist')
      .select(['id', 'ip', 'description'])
      .where('id', 'in', ids)
      .execute();
    if (rows.length === 0) return 0;
    const found = rows.map((row) => row.id);
    await trx.deleteFrom('ip_whitelist').where('id', 'in', found).execute();
    for (const row of rows) {
      await recordAuditEvent(trx, {
        projectId: auth.projectId,
        userId: auth.userId,
        action: AUDIT_ACTIONS.whitelistDelete,
        entity: 'ip_whitelist',
        entityId: row.id,
        entityKey: row.ip,
        details: { ip: row.ip, description: row.description },
        at: now,
      });
    }
    return rows.length;
  });
  // Announced after the commit, so a console reloading on it reads the list without them.
  if (removed > 0) blocking.announce('unwhitelisted');
  return removed;
}
