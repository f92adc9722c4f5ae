/**
 * How a simulated device decides at its door, from what the server synced to it. Deliberately
 * tiny and replaceable: the access rules (schedules, prohibitions, relays) come in a later issue,
 * which passes its own decider to the device.
 */

/** A synced item: opaque to the protocol but for its id. */
export type SyncItem = { id: string } & Record<string, unknown>;

export interface AccessInput {
  /** The identifier presented (card number, code, plate). */
  identifier: string;
  relay: number;
  at: Date;
  identifiers: ReadonlyMap<string, SyncItem>;
  schedules: ReadonlyMap<string, SyncItem>;
}

export type AccessDecision = { granted: true } | { granted: false; reason: string };

export type AccessDecider = (input: AccessInput) => AccessDecision;

/**
 * Known identifier → granted, unless it is `blocked`, lists `relays` without this one, or names a
 * `schedule_id` whose schedule the device does not hold or that is `active: false`.
 */
export const decideFromLists: AccessDecider = ({ identifier, relay, identifiers, schedules }) => {
  const item = identifiers.get(identifier);
  if (!item) return { granted: false, reason: 'unknown_identifier' };
  if (item.blocked === true) return { granted: false, reason: 'blocked' };
  if (Array.isArray(item.relays) && !item.relays.includes(relay))
    return { granted: false, reason: 'relay_not_allowed' };
  if (typeof item.schedule_id === 'string') {
    const schedule = schedules.get(item.schedule_id);
    if (!schedule) return { granted: false, reason: 'unknown_schedule' };
    if (schedule.active === false) return { granted: false, reason: 'outside_schedule' };
  }
  return { granted: true };
};
