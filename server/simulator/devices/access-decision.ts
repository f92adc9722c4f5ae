import { decide } from '../../domain/access/decide/decide';
import { THIS_DOOR } from '../../domain/access/decide/door-items';
import { doorModel } from '../../domain/access/decide/door-model';
import { evaluateStoredSchedule } from '../../domain/access/decide/evaluate-wiring';

/**
 * How a simulated door decides, from what the server synced to it: the server's own access
 * evaluator (`decide`) over the lists the door holds (server/domain/access/decide/door-model.ts).
 * What the door does not hold (an identifier, a schedule) denies.
 */

/** A synced item: opaque to the protocol but for its id. */
export type SyncItem = { id: string } & Record<string, unknown>;

export interface AccessInput {
  /** The identifier presented: its key (`type:value`) or its bare value (card number, code, plate). */
  identifier: string;
  relay: number;
  at: Date;
  identifiers: ReadonlyMap<string, SyncItem>;
  schedules: ReadonlyMap<string, SyncItem>;
}

/** A decision; `key` names the held item the presented value matched (the events carry it). */
export type AccessDecision = ({ granted: true } | { granted: false; reason: string }) & { key?: string };

export type AccessDecider = (input: AccessInput) => AccessDecision;

export const decideFromLists: AccessDecider = ({ identifier, relay, at, identifiers, schedules }) => {
  const held = doorModel(identifiers, schedules, evaluateStoredSchedule);
  let key: string | undefined;
  const model: typeof held = {
    ...held,
    credential: (who) => {
      const credential = held.credential(who);
      key = credential?.key;
      return credential;
    },
  };
  const decision = decide(model, { key: identifier }, { device_id: THIS_DOOR, lock: relay }, at);
  const matched = key === undefined ? {} : { key };
  return decision.granted ? { granted: true, ...matched } : { granted: false, reason: decision.reason, ...matched };
};
