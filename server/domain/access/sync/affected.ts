import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { rulesGranting } from '../decide/grants';

/**
 * The devices a change reaches: the devices of every access rule whose outcome it may change.
 * Call them before a write that removes links (a delete, an owner or membership removed) and
 * after a write that adds them, and sync the union (requestAccessSync).
 */

/** The devices the rules name. */
export async function devicesOfRules(db: Kysely<Database>, ruleIds: readonly number[]): Promise<number[]> {
  if (ruleIds.length === 0) return [];
  const rows = await db
    .selectFrom('access_rule_devices')
    .select('device_id')
    .distinct()
    .where('access_rule_id', 'in', [...ruleIds])
    .orderBy('device_id')
    .execute();
  return rows.map((r) => Number(r.device_id));
}

/** A rule created, edited or deleted: its devices (before and after an edit: both). */
export const devicesForRule = (db: Kysely<Database>, ruleId: number) => devicesOfRules(db, [ruleId]);

/** A schedule edited or deleted: the devices of the rules using it. */
export async function devicesForSchedule(db: Kysely<Database>, timeRuleId: number): Promise<number[]> {
  const rules = await db
    .selectFrom('access_rule_time_rules')
    .select('access_rule_id')
    .where('time_rule_id', '=', timeRuleId)
    .execute();
  return devicesOfRules(
    db,
    rules.map((r) => Number(r.access_rule_id)),
  );
}

/** The project's calendar changed (a day marked or unmarked): the devices of every rule with a schedule. */
export async function devicesOfScheduledRules(db: Kysely<Database>, projectId: number): Promise<number[]> {
  const rules = await db
    .selectFrom('access_rule_time_rules as rt')
    .innerJoin('access_rules as r', 'r.id', 'rt.access_rule_id')
    .select('rt.access_rule_id')
    .distinct()
    .where('r.project_id', '=', projectId)
    .execute();
  return devicesOfRules(
    db,
    rules.map((r) => Number(r.access_rule_id)),
  );
}

/** Many identifiers changed at once (an import): the devices of every rule of the project. */
export async function devicesOfProjectRules(db: Kysely<Database>, projectId: number): Promise<number[]> {
  const rules = await db.selectFrom('access_rules').select('id').where('project_id', '=', projectId).execute();
  return devicesOfRules(
    db,
    rules.map((r) => Number(r.id)),
  );
}

/** Rules naming the user or a group the user is in (or a group above it). */
async function rulesOfUser(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('access_rule_users')
    .select('access_rule_id')
    .where('user_id', '=', userId)
    .union(
      db
        .selectFrom('access_rule_domains as r')
        .innerJoin('domains as g', 'g.id', 'r.domain_id')
        .innerJoin('domains as d', (j) =>
          j.onRef('d.project_id', '=', 'g.project_id').onRef('d.lft', '>=', 'g.lft').onRef('d.rgt', '<=', 'g.rgt'),
        )
        .innerJoin('user_domains as ud', 'ud.domain_id', 'd.id')
        .select('r.access_rule_id')
        .where('ud.user_id', '=', userId),
    )
    .execute();
  return rows.map((r) => Number(r.access_rule_id));
}

/** An identifier created, edited, revoked or deleted: its rules, and its owner's (an owner identifier). */
export async function devicesForIdentifier(db: Kysely<Database>, identifierId: number): Promise<number[]> {
  const identifier = await db
    .selectFrom('identifiers')
    .select(['owner_type', 'owner_id'])
    .where('id', '=', identifierId)
    .executeTakeFirst();
  if (!identifier) return [];
  const named = await db
    .selectFrom('access_rule_identifiers')
    .select('access_rule_id')
    .where('identifier_id', '=', identifierId)
    .execute();
  const rules = named.map((r) => Number(r.access_rule_id));
  rules.push(...(await rulesGranting(db, identifierId)));
  if (identifier.owner_type === 'owner' && identifier.owner_id !== null)
    rules.push(...(await rulesOfUser(db, Number(identifier.owner_id))));
  return devicesOfRules(db, [...new Set(rules)]);
}

/** Whether the user owns identifiers (else nothing a door holds changes with the user). */
async function ownsIdentifiers(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('identifiers')
    .select(sql<number>`1`.as('one'))
    .where('owner_id', '=', userId)
    .where('owner_type', '=', 'owner')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user deleted, restored or edited: the devices of the rules reaching their identifiers. */
export async function devicesForUser(db: Kysely<Database>, userId: number): Promise<number[]> {
  if (!(await ownsIdentifiers(db, userId))) return [];
  return devicesOfRules(db, await rulesOfUser(db, userId));
}

/** A user added to or removed from a group: the devices of the rules naming it or a group above it. */
export async function devicesForGroupMembership(
  db: Kysely<Database>,
  userId: number,
  groupId: number,
): Promise<number[]> {
  if (!(await ownsIdentifiers(db, userId))) return [];
  const rows = await db
    .selectFrom('access_rule_domains as r')
    .innerJoin('domains as g', 'g.id', 'r.domain_id')
    .innerJoin('domains as d', (j) =>
      j.onRef('d.project_id', '=', 'g.project_id').onRef('d.lft', '>=', 'g.lft').onRef('d.rgt', '<=', 'g.rgt'),
    )
    .select('r.access_rule_id')
    .distinct()
    .where('d.id', '=', groupId)
    .execute();
  return devicesOfRules(
    db,
    rows.map((r) => Number(r.access_rule_id)),
  );
}
