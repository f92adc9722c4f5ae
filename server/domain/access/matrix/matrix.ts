import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type {
  AccessMatrixCell,
  AccessMatrixDoor,
  AccessMatrixFilter,
  AccessMatrixPage,
  AccessMatrixQuery,
  AccessMatrixRow,
  AccessMatrixRule,
  AccessMatrixVia,
} from '../../../../src/contract/entities/access-matrix';
import { hasPermission } from '../../../../src/contract/permissions';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { deviceViewScope } from '../../devices/devices';
import { invalidRelated } from '../../errors';
import { scopedUsers, userSearch } from '../../users/users';

/**
 * The access matrix (7.5), set-based: which rules reach which users is a few joins over the rule
 * tables for a page of users at once — a rule names the user, a group the user is in or below
 * (nested sets), or an identifier the user owns — never an evaluation per user. Only the caller's
 * rules (access rules scope), devices (devices scope) and users (users scope) take part.
 * docs/decisions.md, Access management › Access matrix.
 */

/** The users of the filter the caller sees (FROM users u, memberships ms). */
function filteredUsers(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter) {
  let q = scopedUsers(db, auth);
  if (filter.domain_id !== undefined) {
    // Members of the group or of any group below it.
    q = q.where(sql<SqlBool>`u.id in (select fud.user_id from user_domains fud
      inner join domains fm on fm.id = fud.domain_id
      inner join domains ff on ff.id = ${filter.domain_id}
      where fm.project_id = ff.project_id and fm.lft >= ff.lft and fm.rgt <= ff.rgt)`);
  }
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    q = q.where(
      userSearch(db)(search) ?? sql<SqlBool>`(${like('u.name')} or ${like('u.login')} or ${like('u.email')})`,
    );
  }
  return q;
}

/** The caller's rules (alias `r`): every rule of the project with view_all, else the ones they created. */
function ruleScope(auth: Auth): Expression<SqlBool> {
  if (hasPermission(auth.role.permissions, 'access_rules.view_all'))
    return sql<SqlBool>`r.project_id = ${auth.projectId}`;
  return sql<SqlBool>`r.project_id = ${auth.projectId} and r.created_by_user_id = ${auth.userId}`;
}

/** The caller's devices (alias `d`). */
function deviceScope(auth: Auth): Expression<SqlBool> {
  if (hasPermission(auth.role.permissions, 'devices.view_all')) return sql<SqlBool>`d.project_id = ${auth.projectId}`;
  return sql<SqlBool>`d.project_id = ${auth.projectId} and ${deviceViewScope(auth)}`;
}

/** A list of user ids as SQL, parenthesised. */
const idSet = (ids: number[]): RawBuilder<unknown> => sql`(${sql.join(ids)})`;

/** A door of one of the caller's rules, on one of the caller's devices. */
type RuleDoor = { rule_id: number } & AccessMatrixDoor;

/**
 * Every door of the caller's rules on the caller's devices, in the columns' order (device name,
 * device, lock): a thousand rules are a few thousand rows, read once per request.
 */
async function visibleRuleDoors(db: Kysely<Database>, auth: Auth): Promise<RuleDoor[]> {
  const rows = await sql<RuleDoor>`
    select rd.access_rule_id as rule_id, rd.device_id as device_id, d.name as device_name,
      rd.lock_number as lock_number
    from access_rules r
    inner join access_rule_devices rd on rd.access_rule_id = r.id
    inner join devices d on d.id = rd.device_id
    where ${ruleScope(auth)} and ${deviceScope(auth)}
    order by d.name, rd.device_id, rd.lock_number, rd.access_rule_id`.execute(db);
  return rows.rows.map((r) => ({
    rule_id: Number(r.rule_id),
    device_id: Number(r.device_id),
    device_name: r.device_name,
    lock_number: Number(r.lock_number),
  }));
}

/** Whether the user in a column is one of the filter's. */
type UserTest = (column: string) => Expression<SqlBool>;

/** A group's place in the tree (nested set). */
type Bounds = { lft: number; rgt: number };

/**
 * The rules that reach at least one user of the filter (any rule: the caller's are picked by
 * `visibleRuleDoors`). Each way walks the rule side (a thousand rules name a few thousand users,
 * identifiers and groups) and tests the filter per row, so the first member found settles a
 * group; `cross join` keeps the rule side outermost on SQLite. With a group filter, only rule
 * groups above it or inside it can reach its members, and only through groups inside it.
 */
async function rulesReachingAny(db: Kysely<Database>, isMember: UserTest, within: Bounds | null) {
  const place = within
    ? sql<SqlBool>`((rg.lft <= ${within.lft} and rg.rgt >= ${within.rgt}) or (rg.lft >= ${within.lft} and rg.rgt <= ${within.rgt}))
        and sub.lft >= ${within.lft} and sub.rgt <= ${within.rgt}`
    : sql<SqlBool>`1 = 1`;
  const rows = await sql<{ rule_id: number }>`
    select aru.access_rule_id as rule_id from access_rule_users aru where ${isMember('aru.user_id')}
    union
    select ari.access_rule_id as rule_id from access_rule_identifiers ari
      cross join identifiers i
      where i.id = ari.identifier_id and i.owner_type = 'owner' and ${isMember('i.owner_id')}
    union
    select ard.access_rule_id as rule_id from access_rule_domains ard
      where exists (select 1 from domains rg
        inner join domains sub on sub.project_id = rg.project_id and sub.lft >= rg.lft and sub.rgt <= rg.rgt
        inner join user_domains ud on ud.domain_id = sub.id
        where rg.id = ard.domain_id and ${place} and ${isMember('ud.user_id')})`.execute(db);
  return new Set(rows.rows.map((r) => Number(r.rule_id)));
}

type ReachRow = { user_id: number; rule_id: number; via: AccessMatrixVia };

/**
 * (user, rule, via) for every rule reaching one of these users: named directly, through a group
 * the user is in or below, or through an identifier they own. Three indexed lookups from the
 * users outwards, kept apart from the rule and device scopes (joined in memory) so that no
 * planner drives them from the rules instead.
 */
async function reachOf(db: Kysely<Database>, userIds: number[]): Promise<ReachRow[]> {
  if (userIds.length === 0) return [];
  const users = idSet(userIds);
  const rows = await sql<ReachRow>`
    select aru.user_id as user_id, aru.access_rule_id as rule_id, 'user' as via
      from access_rule_users aru where aru.user_id in ${users}
    union all
    select ud.user_id as user_id, ard.access_rule_id as rule_id, 'group' as via
      from user_domains ud
      inner join domains member_of on member_of.id = ud.domain_id
      inner join domains rg on rg.project_id = member_of.project_id
        and rg.lft <= member_of.lft and rg.rgt >= member_of.rgt
      inner join access_rule_domains ard on ard.domain_id = rg.id
      where ud.user_id in ${users}
    union all
    select i.owner_id as user_id, ari.access_rule_id as rule_id, 'identifier' as via
      from identifiers i inner join access_rule_identifiers ari on ari.identifier_id = i.id
      where i.owner_id in ${users} and i.owner_type = 'owner'`.execute(db);
  return rows.rows.map((r) => ({ user_id: Number(r.user_id), rule_id: Number(r.rule_id), via: r.via }));
}

/** The columns: the doors, among the caller's, that a rule reaching someone of the set gives. */
function doorsOf(ruleDoors: RuleDoor[], reaching: Set<number>): AccessMatrixDoor[] {
  const seen = new Set<string>();
  const doors: AccessMatrixDoor[] = [];
  for (const d of ruleDoors) {
    const key = `${d.device_id}:${d.lock_number}`;
    if (!reaching.has(d.rule_id) || seen.has(key)) continue;
    seen.add(key);
    doors.push({ device_id: d.device_id, device_name: d.device_name, lock_number: d.lock_number });
  }
  return doors;
}

const VIA_ORDER: Record<AccessMatrixVia, number> = { user: 0, group: 1, identifier: 2 };

/**
 * The non-empty cells of each user: each (user, rule) reached, at each door the rule has among the
 * caller's; each rule once per cell, by the most direct way it reaches them.
 */
function cellsByUser(rows: ReachRow[], doorsByRule: Map<number, RuleDoor[]>): Map<number, AccessMatrixCell[]> {
  const cells = new Map<string, { cell: AccessMatrixCell; rules: Map<number, AccessMatrixVia> }>();
  for (const row of rows) {
    for (const door of doorsByRule.get(row.rule_id) ?? []) {
      const key = `${row.user_id}:${door.device_id}:${door.lock_number}`;
      let entry = cells.get(key);
      if (!entry) {
        entry = { cell: { device_id: door.device_id, lock_number: door.lock_number, rules: [] }, rules: new Map() };
        cells.set(key, entry);
      }
      const known = entry.rules.get(row.rule_id);
      if (known === undefined || VIA_ORDER[row.via] < VIA_ORDER[known]) entry.rules.set(row.rule_id, row.via);
    }
  }
  const out = new Map<number, AccessMatrixCell[]>();
  for (const [key, { cell, rules }] of cells) {
    cell.rules = [...rules].sort((a, b) => a[0] - b[0]).map(([id, via]) => ({ id, via }));
    const userId = Number(key.slice(0, key.indexOf(':')));
    const list = out.get(userId);
    if (list) list.push(cell);
    else out.set(userId, [cell]);
  }
  for (const list of out.values()) list.sort((a, b) => a.device_id - b.device_id || a.lock_number - b.lock_number);
  return out;
}

/** The rules these cells name, with their schedules (none: the rule is always open). */
export async function matrixRules(db: Kysely<Database>, ids: number[]): Promise<AccessMatrixRule[]> {
  if (ids.length === 0) return [];
  const [rules, times] = await Promise.all([
    db.selectFrom('access_rules').select(['id', 'name', 'prohibition']).where('id', 'in', ids).execute(),
    db
      .selectFrom('access_rule_time_rules as art')
      .innerJoin('time_rules as t', 't.id', 'art.time_rule_id')
      .select(['art.access_rule_id', 't.id', 't.name'])
      .where('art.access_rule_id', 'in', ids)
      .orderBy('t.name')
      .orderBy('t.id')
      .execute(),
  ]);
  const byRule = new Map<number, { id: number; name: string }[]>();
  for (const t of times) {
    const list = byRule.get(Number(t.access_rule_id)) ?? [];
    list.push({ id: Number(t.id), name: t.name });
    byRule.set(Number(t.access_rule_id), list);
  }
  return rules
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      prohibition: Number(r.prohibition) === 1,
      time_rules: byRule.get(Number(r.id)) ?? [],
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * Active, unrevoked identifiers each user owns in the project (a user without one opens nothing,
 * whatever the rules). Read by owner (the owner index, a few rows per user) and counted here.
 */
async function identifierCounts(db: Kysely<Database>, projectId: number, userIds: number[]) {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('identifiers')
    .select(['owner_id', 'project_id', 'owner_type', 'is_active', 'revoked_at'])
    .where('owner_id', 'in', userIds)
    .execute();
  for (const r of rows) {
    if (Number(r.project_id) !== projectId || r.owner_type !== 'owner') continue;
    if (Number(r.is_active) !== 1 || r.revoked_at !== null) continue;
    counts.set(Number(r.owner_id), (counts.get(Number(r.owner_id)) ?? 0) + 1);
  }
  return counts;
}

/** A group filter must name a group of the project: its place in the tree, or null without one. */
async function checkGroup(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter): Promise<Bounds | null> {
  if (filter.domain_id === undefined) return null;
  const group = await db
    .selectFrom('domains')
    .select(['lft', 'rgt'])
    .where('id', '=', filter.domain_id)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!group) throw invalidRelated(['domain_id']);
  return { lft: Number(group.lft), rgt: Number(group.rgt) };
}

type UserRow = { id: number; name: string; login: string; email: string | null };

/** The caller's rule doors by rule. */
function byRule(ruleDoors: RuleDoor[]): Map<number, RuleDoor[]> {
  const out = new Map<number, RuleDoor[]>();
  for (const d of ruleDoors) {
    const list = out.get(d.rule_id);
    if (list) list.push(d);
    else out.set(d.rule_id, [d]);
  }
  return out;
}

/** Rows of these users: their cells (through the caller's rule doors) and identifier counts. */
async function rowsOf(db: Kysely<Database>, auth: Auth, users: UserRow[], doorsByRule: Map<number, RuleDoor[]>) {
  const ids = users.map((u) => Number(u.id));
  const [reachAll, counts] = await Promise.all([reachOf(db, ids), identifierCounts(db, auth.projectId, ids)]);
  const reached = reachAll.filter((r) => doorsByRule.has(r.rule_id));
  const cells = cellsByUser(reached, doorsByRule);
  const items: AccessMatrixRow[] = users.map((u) => ({
    id: Number(u.id),
    name: u.name,
    login: u.login,
    email: u.email,
    identifiers: counts.get(Number(u.id)) ?? 0,
    cells: cells.get(Number(u.id)) ?? [],
  }));
  return { items, ruleIds: [...new Set(reached.map((r) => r.rule_id))] };
}

/** Users of the filter in the matrix's order (name, then id), `size` from `offset`. */
async function usersPage(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter, offset: number, size: number) {
  return (await filteredUsers(db, auth, filter)
    .select(['u.id', 'u.name', 'u.login', 'u.email'])
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(size)
    .offset(offset)
    .execute()) as UserRow[];
}

/**
 * The filter as a test on a user id column. Without a search the filter holds most users, so a
 * probe per row (by primary key) is cheapest; a search names few, read once into a set.
 */
function memberOf(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter): UserTest {
  if (filter.search?.trim()) {
    const set = sql`${filteredUsers(db, auth, filter).select('u.id')}`;
    return (column) => sql<SqlBool>`${sql.ref(column)} in ${set}`;
  }
  return (column) =>
    sql<SqlBool>`exists ${filteredUsers(db, auth, filter)
      .select(sql`1`.as('one'))
      .where(sql<SqlBool>`u.id = ${sql.ref(column)}`)}`;
}

/** The caller's rule doors and the columns of a filter. */
async function columns(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter, within: Bounds | null) {
  const [ruleDoors, reaching] = await Promise.all([
    visibleRuleDoors(db, auth),
    rulesReachingAny(db, memberOf(db, auth, filter), within),
  ]);
  return { doorsByRule: byRule(ruleDoors), doors: doorsOf(ruleDoors, reaching) };
}

/** GET /access-matrix/items: one page of users with their cells, the columns and the rules named. */
export async function accessMatrixPage(
  db: Kysely<Database>,
  auth: Auth,
  query: AccessMatrixQuery,
): Promise<AccessMatrixPage> {
  const within = await checkGroup(db, auth, query);
  const filter = { domain_id: query.domain_id, search: query.search };
  const [total, { doors, doorsByRule }, users] = await Promise.all([
    filteredUsers(db, auth, filter)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
    columns(db, auth, filter, within),
    usersPage(db, auth, filter, (query.page - 1) * query.size, query.size),
  ]);
  const { items, ruleIds } = await rowsOf(db, auth, users, doorsByRule);
  return {
    data: { doors, rules: await matrixRules(db, ruleIds), items },
    meta: { page: query.page, size: query.size, total },
  };
}

/** The columns of a filter and every user of it, a chunk at a time (the download). */
export async function accessMatrixAll(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter, chunk = 500) {
  const within = await checkGroup(db, auth, filter);
  const { doors, doorsByRule } = await columns(db, auth, filter, within);
  async function* chunks() {
    for (let offset = 0; ; offset += chunk) {
      const users = await usersPage(db, auth, filter, offset, chunk);
      if (users.length === 0) return;
      const { items, ruleIds } = await rowsOf(db, auth, users, doorsByRule);
      yield { items, rules: await matrixRules(db, ruleIds) };
      if (users.length < chunk) return;
    }
  }
  return { doors, chunks: chunks() };
}
