import type { Via } from './model';

/**
 * What a door holds to decide offline (the `sync` lists of docs/device-protocol.md), compiled on
 * the server (../door-list.ts) and read back by the door's evaluator (door-model.ts).
 */

/** One rule as a door holds it for one identifier: its locks of this door and its schedules. */
export interface DoorRuleItem {
  id: number;
  prohibition: boolean;
  via: Via;
  locks: number[];
  schedule_ids: number[];
}

/** An identifier item: `id` is the stable key `type:value`. */
export interface DoorIdentifierItem {
  id: string;
  type: string;
  value: string;
  active: boolean;
  /** Revoked identifiers stay on the list, flagged: the door refuses them and reports the use. */
  revoked: boolean;
  owner_id: number | null;
  owner_disabled: boolean;
  period: { from: string | null; to: string | null } | null;
  /** Validity windows inside the period (a reservation's QR: its slots); absent when it has none. */
  windows?: { from: string; to: string }[];
  passes: { max: number; used: number } | null;
  /** Summary: the locks an allowing rule names, the locks a prohibition names (at any time). */
  locks: { allowed: number[]; prohibited: number[] };
  rules: DoorRuleItem[];
}

/** A schedule item: `id` is the time rule's id; with the project's calendar, judged locally. */
export interface DoorScheduleItem {
  id: string;
  name: string;
  definition: unknown;
  time_zone: string;
  /** The project's marked days: date (YYYY-MM-DD) → holiday or workday. */
  days: Record<string, 'holiday' | 'workday'>;
}

/** A door names itself by this device id in the rules it rebuilds (it does not know its server id). */
export const THIS_DOOR = 0;
