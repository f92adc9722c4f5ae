import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DoorIdentifierItem, DoorScheduleItem } from './decide/door-items';
import { loadForRules } from './decide/load';
import { modelFromRows } from './decide/rows-model';
import { loadSchedules } from './decide/schedules';
import { projectCalendar } from './schedule/calendar';

/**
 * What a door's lists are compiled from, and all of it: its project and the (rule, lock) pairs
 * naming it (access_rule_devices). Nothing else of the door goes into its lists — the rules
 * decide who is reached, each item carries the rule's locks *at this door* and its schedules —
 * so two doors with the same inputs hold the same lists, byte for byte.
 */
export interface DoorInputs {
  project_id: number;
  /** Sorted by rule, then lock. */
  grants: readonly { rule: number; lock: number }[];
}

/** Ids per statement: well under both dialects' bound-parameter limits. */
const IDS_PER_STATEMENT = 500;

/**
 * The inputs of each of these doors, in one statement per IDS_PER_STATEMENT doors. A device that
 * does not exist is absent from the answer.
 */
export async function doorInputs(db: Kysely<Database>, deviceIds: readonly number[]): Promise<Map<number, DoorInputs>> {
  const out = new Map<number, DoorInputs & { grants: { rule: number; lock: number }[] }>();
  const ids = [...new Set(deviceIds)];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const rows = await db
      .selectFrom('devices as d')
      .leftJoin('access_rule_devices as g', 'g.device_id', 'd.id')
      .select(['d.id', 'd.project_id', 'g.access_rule_id', 'g.lock_number'])
      .where('d.id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
      .orderBy('d.id')
      .orderBy('g.access_rule_id')
      .orderBy('g.lock_number')
      .execute();
    for (const r of rows) {
      const id = Number(r.id);
      let inputs = out.get(id);
      if (!inputs) {
        inputs = { project_id: Number(r.project_id), grants: [] };
        out.set(id, inputs);
      }
      if (r.access_rule_id !== null && r.lock_number !== null)
        inputs.grants.push({ rule: Number(r.access_rule_id), lock: Number(r.lock_number) });
    }
  }
  return out;
}

/** The key of a door's identifiers list: equal keys, equal lists. */
export const identifiersKey = (inputs: DoorInputs): string =>
  `${inputs.project_id}|${inputs.grants.map((g) => `${g.rule}:${g.lock}`).join(',')}`;

/** The key of a door's schedules list: the project and its rules (locks do not matter to schedules). */
export const schedulesKey = (inputs: DoorInputs): string => `${inputs.project_id}|${ruleIdsOf(inputs).join(',')}`;

const ruleIdsOf = (inputs: DoorInputs): number[] => [...new Set(inputs.grants.map((g) => g.rule))];

/**
 * The identifiers a door with these inputs holds: every identifier a rule naming it reaches
 * (through the evaluator's own `rulesFor`, so the door and the explain call agree on who a rule
 * applies to), each with the rules that reach it at this door: their locks and schedules.
 * Revoked and inactive identifiers are listed flagged, so the door refuses them and reports
 * their use.
 */
export async function identifiersFor(db: Kysely<Database>, inputs: DoorInputs): Promise<DoorIdentifierItem[]> {
  if (inputs.grants.length === 0) return [];
  const rows = await loadForRules(db, inputs.project_id, ruleIdsOf(inputs));
  if (rows.rules.length === 0) return [];
  const model = modelFromRows({ ...rows, scheduleVerdict: () => undefined });
  const users = new Map(rows.users.map((u) => [u.id, u]));
  // Each rule's locks at this door, once: a rule naming 500 doors is not searched per identifier.
  const locksHere = new Map<number, number[]>();
  for (const g of inputs.grants) {
    const locks = locksHere.get(g.rule);
    if (locks) locks.push(g.lock);
    else locksHere.set(g.rule, [g.lock]);
  }
  const items: DoorIdentifierItem[] = [];
  for (const c of rows.credentials) {
    const owner = c.owner_id === null ? undefined : users.get(c.owner_id);
    const rules = model
      .rulesFor({ credential: c, user: owner ?? null })
      .map(({ rule, via }) => ({
        id: rule.id,
        prohibition: rule.prohibition,
        via,
        locks: [...(locksHere.get(rule.id) ?? [])],
        schedule_ids: [...rule.time_rule_ids],
      }))
      .filter((r) => r.locks.length > 0);
    if (rules.length === 0) continue;
    const locks = (prohibition: boolean) =>
      [...new Set(rules.filter((r) => r.prohibition === prohibition).flatMap((r) => r.locks))].sort((a, b) => a - b);
    items.push({
      id: c.key,
      type: c.type,
      value: c.value,
      active: c.active,
      revoked: c.revoked,
      owner_id: c.owner_id,
      owner_disabled: owner?.disabled ?? false,
      period: c.period,
      ...(c.windows && c.windows.length > 0 ? { windows: [...c.windows] } : {}),
      passes: c.passes,
      locks: { allowed: locks(false), prohibited: locks(true) },
      rules,
    });
  }
  return items;
}

/** The schedules a door with these inputs holds: the time rules of its rules, with the project's calendar. */
export async function schedulesFor(db: Kysely<Database>, inputs: DoorInputs): Promise<DoorScheduleItem[]> {
  const ruleIds = ruleIdsOf(inputs);
  if (ruleIds.length === 0) return [];
  const ids = (
    await db
      .selectFrom('access_rule_time_rules')
      .select('time_rule_id')
      .distinct()
      .where('access_rule_id', 'in', ruleIds)
      .execute()
  ).map((r) => Number(r.time_rule_id));
  if (ids.length === 0) return [];
  const projectId = inputs.project_id;
  const [schedules, calendar] = await Promise.all([loadSchedules(db, projectId, ids), projectCalendar(db, projectId)]);
  const days = Object.fromEntries([...calendar.days].sort(([a], [b]) => a.localeCompare(b)));
  return [...schedules.values()]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({ id: String(s.id), name: s.name, definition: s.definition, time_zone: calendar.timeZone, days }));
}

/** One door's identifiers (what a sync sends it). */
export async function doorIdentifiers(db: Kysely<Database>, deviceId: number): Promise<DoorIdentifierItem[]> {
  const inputs = (await doorInputs(db, [deviceId])).get(deviceId);
  return inputs ? identifiersFor(db, inputs) : [];
}

/** One door's schedules (what a sync sends it). */
export async function doorSchedules(db: Kysely<Database>, deviceId: number): Promise<DoorScheduleItem[]> {
  const inputs = (await doorInputs(db, [deviceId])).get(deviceId);
  return inputs ? schedulesFor(db, inputs) : [];
}

/** Compiled lists shared by the doors with the same inputs. */
export interface DoorLists {
  identifiers(inputs: DoorInputs): Promise<readonly DoorIdentifierItem[]>;
  schedules(inputs: DoorInputs): Promise<readonly DoorScheduleItem[]>;
  /** Lists compiled so far (each distinct list once): tests and the bench read it. */
  readonly compiled: { identifiers: number; schedules: number };
}

/**
 * Lists for many doors read at one moment (the bodies of one claim of sync tasks): each distinct
 * list is compiled once and the doors with the same inputs get the same (frozen) array, so the
 * parts it is sent in are cut once too (sync-parts.ts). Short-lived by design: made for one
 * claim and dropped after it, it holds nothing a later change could make stale — the next
 * claim reads the database again.
 */
export function doorLists(db: Kysely<Database>): DoorLists {
  const identifiers = new Map<string, Promise<readonly DoorIdentifierItem[]>>();
  const schedules = new Map<string, Promise<readonly DoorScheduleItem[]>>();
  const compiled = { identifiers: 0, schedules: 0 };
  const once = <T>(
    cache: Map<string, Promise<readonly T[]>>,
    key: string,
    make: () => Promise<T[]>,
    count: () => void,
  ) => {
    let list = cache.get(key);
    if (!list) {
      count();
      list = make().then((items) => Object.freeze(items));
      cache.set(key, list);
    }
    return list;
  };
  return {
    compiled,
    identifiers: (inputs) =>
      once(
        identifiers,
        identifiersKey(inputs),
        () => identifiersFor(db, inputs),
        () => compiled.identifiers++,
      ),
    schedules: (inputs) =>
      once(
        schedules,
        schedulesKey(inputs),
        () => schedulesFor(db, inputs),
        () => compiled.schedules++,
      ),
  };
}
