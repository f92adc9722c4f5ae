import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DoorIdentifierItem, DoorScheduleItem } from './decide/door-items';
import { loadForDoor } from './decide/load';
import { modelFromRows } from './decide/rows-model';
import { loadSchedules } from './decide/schedules';
import { projectCalendar } from './schedule/calendar';

/**
 * The identifiers a door holds: every identifier a rule naming the device reaches (through the
 * evaluator's own `rulesFor`, so the door and the explain call agree on who a rule applies to),
 * each with the rules that reach it at this device: their locks and schedules. Revoked and
 * inactive identifiers are listed flagged, so the door refuses them and reports their use.
 */
export async function doorIdentifiers(db: Kysely<Database>, deviceId: number): Promise<DoorIdentifierItem[]> {
  const rows = await loadForDoor(db, deviceId);
  if (!rows || rows.rules.length === 0) return [];
  const model = modelFromRows({ ...rows, scheduleVerdict: () => undefined });
  const users = new Map(rows.users.map((u) => [u.id, u]));
  // Each rule's locks at this device, once: a rule naming 500 doors is not searched per identifier.
  const locksHere = new Map(
    rows.rules.map((rule) => [rule.id, rule.doors.filter((d) => d.device_id === deviceId).map((d) => d.lock)]),
  );
  const items: DoorIdentifierItem[] = [];
  for (const c of rows.credentials) {
    const owner = c.owner_id === null ? undefined : users.get(c.owner_id);
    const rules = model
      .rulesFor({ credential: c, user: owner ?? null })
      .map(({ rule, via }) => ({
        id: rule.id,
        prohibition: rule.prohibition,
        via,
        locks: locksHere.get(rule.id) ?? [],
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

/** The schedules a door holds: the time rules of the rules naming it, with the project's calendar. */
export async function doorSchedules(db: Kysely<Database>, deviceId: number): Promise<DoorScheduleItem[]> {
  const device = await db.selectFrom('devices').select('project_id').where('id', '=', deviceId).executeTakeFirst();
  if (!device) return [];
  const projectId = Number(device.project_id);
  const ids = (
    await db
      .selectFrom('access_rule_devices as d')
      .innerJoin('access_rule_time_rules as t', 't.access_rule_id', 'd.access_rule_id')
      .select('t.time_rule_id')
      .distinct()
      .where('d.device_id', '=', deviceId)
      .execute()
  ).map((r) => Number(r.time_rule_id));
  if (ids.length === 0) return [];
  const [schedules, calendar] = await Promise.all([loadSchedules(db, projectId, ids), projectCalendar(db, projectId)]);
  const days = Object.fromEntries([...calendar.days].sort(([a], [b]) => a.localeCompare(b)));
  return [...schedules.values()]
    .sort((a, b) => a.id - b.id)
    .map((s) => ({ id: String(s.id), name: s.name, definition: s.definition, time_zone: calendar.timeZone, days }));
}
