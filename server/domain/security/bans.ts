import type { ExpressionBuilder, Kysely } from 'kysely';
import type { BlockCause, IpBlockService } from '../../../src/contract/entities/ip-blocking';
import type { Database } from '../../db/schema';
import { isoAfter } from '../clock';
import { BAN_STEPS_SECONDS, banSecondsOf, ESCALATION_MEMORY_SECONDS } from './rules';

/**
 * The ban rows (`ip_bans`, one per address and service): the shared truth
 * every node and both services read. A row outlives its ban by a day, so a
 * repeat offender's next ban steps up; lifting a ban by hand deletes the row,
 * which also forgives the past.
 */
export interface Ban {
  id: number;
  ip: string;
  service: IpBlockService;
  cause: BlockCause;
  level: number;
  banned_at: string;
  expires_at: string | null;
}

const COLUMNS = ['id', 'ip', 'service', 'cause', 'level', 'banned_at', 'expires_at'] as const;

/** Bans in force at `now` (null expiry: until lifted). */
export const inForce = (now: string) => (eb: ExpressionBuilder<Database, 'ip_bans'>) =>
  eb.or([eb('ip_bans.expires_at', 'is', null), eb('ip_bans.expires_at', '>', now)]);

const asBan = (row: { [K in (typeof COLUMNS)[number]]: unknown }): Ban => ({
  id: Number(row.id),
  ip: String(row.ip),
  service: row.service as IpBlockService,
  cause: row.cause as BlockCause,
  level: Number(row.level),
  banned_at: String(row.banned_at),
  expires_at: (row.expires_at as string | null) ?? null,
});

/** The ban in force on an address for a service, if any. */
export async function banInForce(
  db: Kysely<Database>,
  ip: string,
  service: IpBlockService,
  now: Date,
): Promise<Ban | undefined> {
  const row = await db
    .selectFrom('ip_bans')
    .select(COLUMNS)
    .where('ip', '=', ip)
    .where('service', '=', service)
    .where(inForce(now.toISOString()))
    .executeTakeFirst();
  return row ? asBan(row) : undefined;
}

/**
 * Bans an address for a service from `now`. A ban still in force is left as
 * it is (another node, or an earlier failure, was first). A previous ban that
 * ended less than ESCALATION_MEMORY_SECONDS ago makes this one a step longer.
 */
export async function banAddress(
  db: Kysely<Database>,
  target: { ip: string; service: IpBlockService; cause: BlockCause },
  now: Date,
): Promise<{ ban: Ban; created: boolean }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('ip_bans')
      .select([...COLUMNS, 'lapsed_at'])
      .where('ip', '=', target.ip)
      .where('service', '=', target.service)
      .executeTakeFirst();
    if (previous && (previous.expires_at === null || previous.expires_at > at)) {
      return { ban: asBan(previous), created: false };
    }
    const remembered =
      previous?.expires_at !== undefined &&
      previous.expires_at !== null &&
      previous.expires_at > isoAfter(now, -ESCALATION_MEMORY_SECONDS);
    const level = remembered ? Math.min(Number(previous.level) + 1, BAN_STEPS_SECONDS.length) : 1;
    const values = {
      cause: target.cause,
      level,
      banned_at: at,
      expires_at: isoAfter(now, banSecondsOf(level)),
      lapsed_at: null,
    };
    // One row per address and service: a new ban takes the place of the old one.
    const row = await trx
      .insertInto('ip_bans')
      .values({ ip: target.ip, service: target.service, ...values })
      .onConflict((oc) => oc.columns(['ip', 'service']).doUpdateSet(values))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { ban: asBan(row), created: true };
  });
}

/** Lifts the ban in force on an address for a service; answers it, or undefined when there was none. */
export async function liftBan(
  db: Kysely<Database>,
  ip: string,
  service: IpBlockService,
  now: Date,
): Promise<Ban | undefined> {
  const row = await db
    .deleteFrom('ip_bans')
    .where('ip', '=', ip)
    .where('service', '=', service)
    .where(inForce(now.toISOString()))
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? asBan(row) : undefined;
}

/**
 * Lifts every ban (of one service, when given) and forgets the ones that ran
 * out too; answers the bans that were in force.
 */
export async function liftAllBans(
  db: Kysely<Database>,
  service: IpBlockService | undefined,
  now: Date,
): Promise<Ban[]> {
  let q = db.deleteFrom('ip_bans');
  if (service) q = q.where('service', '=', service);
  const rows = await q.returning([...COLUMNS]).execute();
  const at = now.toISOString();
  return rows.map(asBan).filter((ban) => ban.expires_at === null || ban.expires_at > at);
}

/**
 * Marks the bans that ran out by `now` as lapsed and answers how many. The
 * update is the claim: when several nodes sweep at once, each lapse is
 * counted by one of them only.
 */
export async function markLapsed(db: Kysely<Database>, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('ip_bans')
    .set({ lapsed_at: at })
    .where('lapsed_at', 'is', null)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Forgets bans that ended longer ago than the escalation remembers. */
export async function forgetOldBans(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('ip_bans')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', isoAfter(now, -ESCALATION_MEMORY_SECONDS))
    .execute();
}
