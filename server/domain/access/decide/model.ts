import type { ACCESS_DECISION_REASONS } from '../../../../src/contract/entities/access-explain';
import type { ScheduleVerdict } from '../schedule/verdict';

/**
 * What the one access evaluator (`decide`) reads: plain facts, loaded from the database on the
 * server (load.ts) or rebuilt from the lists a door holds (door-model.ts). docs/decisions.md,
 * "Access management › Decisions", says what they mean.
 */

/** An identifier as the evaluator sees it. `key` is its stable name on doors: `type:value`. */
export interface Credential {
  key: string;
  /** identifiers.id on the server; null on a door (it knows the key only). */
  id: number | null;
  type: string;
  value: string;
  active: boolean;
  revoked: boolean;
  /** period_restrict: ISO instants (either may be open); null when the period is not restricted. */
  period: { from: string | null; to: string | null } | null;
  /**
   * Validity windows (ISO instants, end exclusive) inside the period: it opens only during one of
   * them (an amenity reservation's QR, during its slots). Absent: no windows.
   */
  windows?: readonly { from: string; to: string }[] | null;
  /** The pass limit: null when passes are not restricted. */
  passes: { max: number; used: number } | null;
  /** The owning user whose rules it inherits (owner identifiers only; a guest key inherits nothing). */
  owner_id: number | null;
}

/** A user as the evaluator sees it. */
export interface Holder {
  id: number;
  /** A deleted user's identifiers open nothing. */
  disabled: boolean;
}

/** A door: a device's lock (relay). */
export interface Door {
  device_id: number;
  lock: number;
}

/** An access rule, with its doors and time rules. */
export interface Rule {
  id: number;
  prohibition: boolean;
  doors: readonly Door[];
  time_rule_ids: readonly number[];
}

/** Why a rule applies to the subject: it names the identifier, its user, or a group of the user. */
export type Via = { kind: 'identifier' } | { kind: 'user' } | { kind: 'group'; group_id: number };

/** Who asks: an identifier (by id, or by type and value / door key) or a user. */
export type Who = { identifier_id: number } | { type: string; value: string } | { key: string } | { user_id: number };

/** The schedule evaluator, injected: undefined when the schedule is not known (a gap on a door). */
export type ScheduleJudge = (timeRuleId: number, at: Date) => ScheduleVerdict | undefined;

export interface AccessModel {
  credential(who: Exclude<Who, { user_id: number }>): Credential | undefined;
  user(id: number): Holder | undefined;
  /** The rules that apply to this identifier (with its owner) or user, each once with why. */
  rulesFor(subject: { credential: Credential | null; user: Holder | null }): readonly { rule: Rule; via: Via }[];
  scheduleVerdict: ScheduleJudge;
}

/** Stable reason codes of a decision (the explain call and door events show them). */
export type AccessReason = (typeof ACCESS_DECISION_REASONS)[number];

/** One schedule of a rule: its verdict at the instant, or `missing` when it is not known. */
export interface ChainSchedule {
  time_rule_id: number;
  verdict: ScheduleVerdict | null;
  missing: boolean;
}

/** One rule the evaluator considered. `open` is null when the rule does not cover the door. */
export interface ChainRule {
  rule_id: number;
  prohibition: boolean;
  via: Via;
  covers_door: boolean;
  open: boolean | null;
  schedules: ChainSchedule[];
}

export interface Decision {
  granted: boolean;
  reason: AccessReason;
  chain: ChainRule[];
}

/** The stable key of an identifier on doors. */
export const credentialKey = (type: string, value: string): string => `${type}:${value}`;
