import type { BlockCause, IpBlockService } from '../../../src/contract/entities/ip-blocking';

/** A cause the server counts (UNKNOWN is only for bans whose reason is not known). */
export type CountedCause = Exclude<BlockCause, 'UNKNOWN'>;

/** How many failures within how many seconds ban an address. */
export interface FailureRule {
  attempts: number;
  windowSeconds: number;
}

/**
 * Failures of one cause from one address, per service, that ban it.
 * Console logins are more forgiving than SIP: an office behind one NAT
 * address shares it, and people mistype passwords; a SIP client with a wrong
 * password retries in a loop. Wrong numbers are more forgiving than wrong
 * passwords on SIP: mistyping a number is common, guessing passwords is not.
 */
export const BAN_RULES: Record<IpBlockService, Partial<Record<CountedCause, FailureRule>>> = {
  http: { AUTH_FAILED: { attempts: 20, windowSeconds: 15 * 60 } },
  sip: {
    AUTH_FAILED: { attempts: 5, windowSeconds: 60 },
    WRONG_NUMBER: { attempts: 10, windowSeconds: 60 },
  },
};

/**
 * Ban lengths by escalation step: a ban made within ESCALATION_MEMORY_SECONDS
 * of the end of the previous ban of the same address and service steps up;
 * after the last step it stays there.
 */
export const BAN_STEPS_SECONDS = [15 * 60, 60 * 60, 24 * 60 * 60] as const;
export const ESCALATION_MEMORY_SECONDS = 24 * 60 * 60;

/**
 * Failed logins on one login, from any addresses, that lock it for a while:
 * a guesser spreading attempts over many addresses still meets a limit. The
 * lock does not escalate (anyone may provoke it, so it stays short), and it
 * applies to logins that do not exist exactly as to those that do.
 */
export const LOGIN_LOCK_RULE = { attempts: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

/** How often each node looks for bans that ran out (and forgets old counters). */
export const SWEEP_INTERVAL_MS = 30_000;

/** The longest counting window: older failures count for nothing. */
export const LONGEST_WINDOW_SECONDS = Math.max(
  LOGIN_LOCK_RULE.windowSeconds,
  ...Object.values(BAN_RULES).flatMap((rules) => Object.values(rules).map((rule) => rule.windowSeconds)),
);

/** The ban length of an escalation step (1-based). */
export const banSecondsOf = (level: number) =>
  BAN_STEPS_SECONDS[Math.min(Math.max(level, 1), BAN_STEPS_SECONDS.length) - 1] as number;
