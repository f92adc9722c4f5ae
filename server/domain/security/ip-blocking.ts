import type { Kysely } from 'kysely';
import type { IpBlockService } from '../../../src/contract/entities/ip-blocking';
import { normaliseAddress } from '../../../src/contract/ip-address';
import { IP_BLOCKING_TOPIC, type IpBansChangedEvent } from '../../../src/contract/realtime';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import { type Clock, isoAfter, systemClock } from '../clock';
import { tooManyRequests } from '../errors';
import { banAddress, banInForce, forgetOldBans, markLapsed } from './bans';
import { countFailure, forgetFailures, pruneFailures } from './failures';
import { lockedUntil, lockLogin, pruneLoginLocks } from './login-locks';
import {
  BAN_RULES,
  BAN_STEPS_SECONDS,
  type CountedCause,
  LOGIN_LOCK_RULE,
  LONGEST_WINDOW_SECONDS,
  SWEEP_INTERVAL_MS,
} from './rules';
import { isWhitelisted } from './whitelist-match';

/** One attempt at a credential: the client's address, the service, and for logins the login typed. */
export interface Attempt {
  ip: string;
  service: IpBlockService;
  login?: string;
}

export interface IpBlockingOptions {
  db: Kysely<Database>;
  realtime: Pick<Realtime, 'publish'>;
  clock?: Clock;
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * IP blocking (7.8), one store for the console's credential calls and the SIP
 * server: failures are counted per address and cause (and per login), a ban
 * is a row of `ip_bans` every node reads, bans step up on repeat, and
 * whitelisted addresses are never counted, banned or refused. Changes of the
 * banned list are announced on IP_BLOCKING_TOPIC.
 */
export function createIpBlocking(options: IpBlockingOptions) {
  const { db, realtime } = options;
  const clock = options.clock ?? systemClock;
  let timer: NodeJS.Timeout | undefined;
  const announce = (reason: IpBansChangedEvent['reason']) => {
    const event: IpBansChangedEvent = { type: 'IpBansChanged', reason };
    // Bans are the installation's, not one project's (docs/decisions.md, security).
    realtime.publish(IP_BLOCKING_TOPIC, event, { projectId: null });
  };
  // Addresses are compared in one spelling (`::ffff:10.0.0.1` is 10.0.0.1).
  const addressOf = (ip: string) => normaliseAddress(ip) ?? ip;

  const sweep = async (): Promise<number> => {
    const now = clock.now();
    const lapsed = await markLapsed(db, now);
    await forgetOldBans(db, now);
    await pruneFailures(db, isoAfter(now, -LONGEST_WINDOW_SECONDS));
    await pruneLoginLocks(db, now);
    if (lapsed > 0) announce('expired');
    return lapsed;
  };

  return {
    db,
    clock,
    announce,

    /**
     * Refuses an attempt from a banned address, or on a locked login, with
     * 429 `too many requests` and the seconds left (the same answer for
     * both, and for logins that do not exist). Whitelisted addresses pass.
     */
    async assertAllowed(attempt: Attempt): Promise<void> {
      const ip = addressOf(attempt.ip);
      const now = clock.now();
      const ban = await banInForce(db, ip, attempt.service, now);
      const locked = attempt.login === undefined ? null : await lockedUntil(db, attempt.login, now);
      if (!ban && !locked) return;
      if (await isWhitelisted(db, ip)) return;
      // A ban without an end (none is made so, but a row may say so) is retried after the longest step.
      const ends = [ban && (ban.expires_at ?? isoAfter(now, BAN_STEPS_SECONDS.at(-1) as number)), locked]
        .filter((end): end is string => typeof end === 'string')
        .map((end) => Date.parse(end));
      throw tooManyRequests((Math.max(...ends) - now.getTime()) / 1000);
    },

    /** Whether an address is banned from a service now (and not whitelisted). */
    async isBanned(rawIp: string, service: IpBlockService): Promise<boolean> {
      const ip = addressOf(rawIp);
      return (await banInForce(db, ip, service, clock.now())) !== undefined && !(await isWhitelisted(db, ip));
    },

    /**
     * Counts a failure against the address (and the login); bans the address
     * or locks the login when its rule trips. Answers whether the address is
     * banned from the service now, so the SIP server can drop its connections.
     */
    async recordFailure(attempt: Attempt & { cause: CountedCause }): Promise<{ banned: boolean }> {
      const ip = addressOf(attempt.ip);
      if (await isWhitelisted(db, ip)) return { banned: false };
      const now = clock.now();
      const at = now.toISOString();
      const { service, cause } = attempt;
      // Banned meanwhile (by another node, or an earlier failure on this connection).
      if (await banInForce(db, ip, service, now)) return { banned: true };
      let banned = false;
      const rule = BAN_RULES[service][cause];
      if (rule) {
        const since = isoAfter(now, -rule.windowSeconds);
        const count = await countFailure(db, { subject: 'address', key: ip, service, cause }, at, since);
        if (count >= rule.attempts) {
          const { created } = await banAddress(db, { ip, service, cause }, now);
          await forgetFailures(db, 'address', ip, service);
          if (created) announce('banned');
          banned = true;
        }
      }
      if (attempt.login !== undefined) {
        const since = isoAfter(now, -LOGIN_LOCK_RULE.windowSeconds);
        const key = attempt.login;
        const count = await countFailure(db, { subject: 'login', key, service, cause }, at, since);
        if (count >= LOGIN_LOCK_RULE.attempts) {
          await lockLogin(db, key, now);
          await forgetFailures(db, 'login', key);
        }
      }
      return { banned };
    },

    /** A login that succeeded: its earlier failures no longer count toward a lock (the address's still do). */
    async recordSuccess(login: string): Promise<void> {
      await forgetFailures(db, 'login', login);
    },

    /** Notices bans that ran out (announcing them once across nodes) and forgets stale counters, locks and bans. */
    sweep,

    /** Sweeps every SWEEP_INTERVAL_MS until stop(), telling `report` (the worker registry) of each sweep. */
    start(report?: { ran(): void; failed(error: unknown): void }) {
      timer ??= setInterval(() => {
        sweep()
          .then(() => report?.ran())
          .catch((error) => {
            report?.failed(error);
            options.log?.warn({ err: error }, 'ip blocking: sweep failed');
          });
      }, SWEEP_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type IpBlocking = ReturnType<typeof createIpBlocking>;
