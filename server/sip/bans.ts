import type { Kysely } from 'kysely';
import type { BLOCK_CAUSES } from '../../src/contract/constants';
import type { Database } from '../db/schema';
import { nowIso } from '../domain/clock';

/** A reason to count against an address (section 9 block causes). */
export type BanCause = Exclude<(typeof BLOCK_CAUSES)[number], 'UNKNOWN'>;

/**
 * How many failures of one cause from one address, within how long, ban it
 * for how long. Wrong numbers are more forgiving than wrong passwords: a
 * person mistyping a number is common, a password guesser is not.
 */
export const SIP_BAN_RULES: Record<BanCause, { attempts: number; windowMs: number; banMs: number }> = {
  AUTH_FAILED: { attempts: 5, windowMs: 60_000, banMs: 15 * 60_000 },
  WRONG_NUMBER: { attempts: 10, windowMs: 60_000, banMs: 15 * 60_000 },
};

/** The `service` column value of SIP bans (ip_bans is shared with other services). */
export const SIP_SERVICE = 'sip';

/**
 * The SIP server's IP blocking hooks: counts failures per address and cause in
 * memory (a sliding window), writes a ban into `ip_bans` when a rule trips, and
 * answers whether an address is banned. Whitelisted addresses are never banned.
 */
export function createIpBans(db: Kysely<Database>, onBan: (ip: string) => void) {
  const failures = new Map<string, number[]>();

  const isWhitelisted = async (ip: string) =>
    (await db.selectFrom('ip_whitelist').select('id').where('ip', '=', ip).executeTakeFirst()) !== undefined;

  return {
    async isBanned(ip: string): Promise<boolean> {
      const now = nowIso();
      const ban = await db
        .selectFrom('ip_bans')
        .select('id')
        .where('ip', '=', ip)
        .where('service', '=', SIP_SERVICE)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
      return ban !== undefined && !(await isWhitelisted(ip));
    },

    /** Counts one failure; true when this one banned the address. */
    async record(ip: string, cause: BanCause): Promise<boolean> {
      const rule = SIP_BAN_RULES[cause];
      const key = `${cause} ${ip}`;
      const now = Date.now();
      const recent = (failures.get(key) ?? []).filter((t) => now - t < rule.windowMs);
      recent.push(now);
      failures.set(key, recent);
      if (recent.length < rule.attempts) return false;
      failures.delete(key);
      if (await isWhitelisted(ip)) return false;
      const bannedAt = new Date(now).toISOString();
      const expiresAt = new Date(now + rule.banMs).toISOString();
      // One row per address and service: a new ban replaces an old one (portable upsert).
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('ip_bans').where('ip', '=', ip).where('service', '=', SIP_SERVICE).execute();
        await trx
          .insertInto('ip_bans')
          .values({ ip, service: SIP_SERVICE, cause, banned_at: bannedAt, expires_at: expiresAt })
          .execute();
      });
      onBan(ip);
      return true;
    },

    /** Forgets the counters (the ban rows stay); for a SIP reinit. */
    reset() {
      failures.clear();
    },
  };
}

export type IpBans = ReturnType<typeof createIpBans>;
