import type { ProjectCalendar } from '../schedule/verdict';
import type { DoorIdentifierItem, DoorScheduleItem } from './door-items';
import { THIS_DOOR } from './door-items';
import type { StoredScheduleEvaluator } from './evaluate-wiring';
import { type AccessModel, type Credential, credentialKey, type Rule } from './model';

type Item = { id: string } & Record<string, unknown>;

/**
 * The evaluator's model over the lists a door holds: an identifier it does not hold is unknown,
 * a schedule it does not hold (or cannot judge) is unknown — gaps deny. A presented value that is
 * not a key (`type:value`) is matched against the items' values (a reader knows no type).
 * Lazy: nothing is read but the item asked about.
 */
export function doorModel(
  identifiers: ReadonlyMap<string, Item>,
  schedules: ReadonlyMap<string, Item>,
  evaluate: StoredScheduleEvaluator | null,
): AccessModel {
  const find = (key: string): DoorIdentifierItem | undefined => {
    const item = identifiers.get(key);
    if (item) return asIdentifier(item);
    for (const other of identifiers.values()) if (other.value === key) return asIdentifier(other);
    return undefined;
  };
  let current: DoorIdentifierItem | undefined;
  const calendars = new Map<string, ProjectCalendar>();
  return {
    credential(who) {
      if ('identifier_id' in who) return undefined;
      current = find('key' in who ? who.key : credentialKey(who.type, who.value));
      return current ? toCredential(current) : undefined;
    },
    user: (id) => (current && current.owner_id === id ? { id, disabled: current.owner_disabled } : undefined),
    rulesFor: () =>
      (current?.rules ?? []).map((r) => ({
        via: r.via,
        rule: {
          id: r.id,
          prohibition: r.prohibition,
          doors: r.locks.map((lock) => ({ device_id: THIS_DOOR, lock })),
          time_rule_ids: r.schedule_ids,
        } satisfies Rule,
      })),
    scheduleVerdict(id, at) {
      const item = schedules.get(String(id)) as DoorScheduleItem | undefined;
      if (!item || !evaluate || typeof item.time_zone !== 'string') return undefined;
      let calendar = calendars.get(item.id);
      if (!calendar) {
        calendar = { timeZone: item.time_zone, days: new Map(Object.entries(item.days ?? {})) };
        calendars.set(item.id, calendar);
      }
      try {
        return evaluate(item.definition as never, at, calendar);
      } catch {
        return undefined; // a definition the door cannot read: unknown, so closed
      }
    },
  };
}

/** An item as synced, with what a door cannot do without checked (a malformed item is unknown). */
function asIdentifier(item: Item): DoorIdentifierItem | undefined {
  if (typeof item.type !== 'string' || typeof item.value !== 'string' || !Array.isArray(item.rules)) return undefined;
  return item as unknown as DoorIdentifierItem;
}

function toCredential(item: DoorIdentifierItem): Credential {
  return {
    key: item.id,
    id: null,
    type: item.type,
    value: item.value,
    active: item.active !== false,
    revoked: item.revoked === true,
    period: item.period ?? null,
    windows: Array.isArray(item.windows) ? item.windows : null,
    passes: item.passes ?? null,
    owner_id: item.owner_id ?? null,
  };
}
