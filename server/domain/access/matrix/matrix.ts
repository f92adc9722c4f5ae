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

/**
 * A set of user ids as SQL, parenthesised: `(1, 2, 3)` or a subquery (Kysely writes a query
 * builder inside `sql` in parentheses of its own).
 */
type UserSet = RawBuilder<unknown>;
const idSet = (ids: number[]): UserSet => sql`(${sql.join(ids)})`;

/**
 * (user_id, rule_id, via) for every rule reaching one of `users` (ids or a subquery of ids):
 * named directly, through a group the user is in or below, or through an identifier they own.
 */
function reach(users: UserSet, projectId: number): RawBuilder<unknown> {
  return sql`select aru.user_id as user_id, aru.access_rule_id as rule_id, 'user' as via
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
      where i.project_id = ${projectId} and i.owner_type = 'owner' and i.owner_id in ${users}`;
}

/**
 * The columns: every door (device, lock) of the caller's devices that a rule of theirs gives to
 * at least one user of the filter. A rule qualifies by EXISTS on each way it may reach someone,
 * so the first member found settles it (no join over every user).
 */
async function matrixDoors(db: Kysely<Database>, auth: Auth, users: UserSet): Promise<AccessMatrixDoor[]> {
  const rows = await sql<{ device_id: number; device_name: string; lock_number: number }>`
    select distinct rd.device_id as device_id, d.name as device_name, rd.lock_number as lock_number
    from access_rules r
    inner join access_rule_devices rd on rd.access_rule_id = r.id
    inner join devices d on d.id = rd.device_id
    where ${ruleScope(auth)} and ${deviceScope(auth)} and (
      exists (select 1 from access_rule_users aru where aru.access_rule_id = r.id and aru.user_id in ${users})
      or exists (select 1 from access_rule_identifiers ari inner join identifiers i on i.id = ari.identifier_id
        where ari.access_rule_id = r.id and i.owner_type = 'owner' and i.owner_id in ${users})
      or exists (select 1 from access_rule_domains ard
        inner join domains rg on rg.id = ard.domain_id
        inner join domains sub on sub.project_id = rg.project_id and sub.lft >= rg.lft and sub.rgt <= rg.rgt
        inner join user_domains ud on ud.domain_id = sub.id
        where ard.access_rule_id = r.id and ud.user_id in ${users}))
    order by d.name, rd.device_id, rd.lock_number`.execute(db);
  return rows.rows.map((r) => ({
    device_id: Number(r.device_id),
    device_name: r.device_name,
    lock_number: Number(r.lock_number),
  }));
}

type ReachRow = { user_id: number; rule_id: number; via: AccessMatrixVia; device_id: number; lock_number: number };

/** Every (user, rule, via, door) of these users through the caller's rules on the caller's devices. */
async function reachedDoors(db: Kysely<Database>, auth: Auth, userIds: number[]): Promise<ReachRow[]> {
  if (userIds.length === 0) return [];
  const rows = await sql<ReachRow>`
    select x.user_id as user_id, x.rule_id as rule_id, x.via as via, rd.device_id as device_id,
      rd.lock_number as lock_number
    from (${reach(idSet(userIds), auth.projectId)}) x
    inner join access_rules r on r.id = x.rule_id
    inner join access_rule_devices rd on rd.access_rule_id = r.id
    inner join devices d on d.id = rd.device_id
    where ${ruleScope(auth)} and ${deviceScope(auth)}`.execute(db);
  return rows.rows.map((r) => ({
    user_id: Number(r.user_id),
    rule_id: Number(r.rule_id),
    via: r.via,
    device_id: Number(r.device_id),
    lock_number: Number(r.lock_number),
  }));
}

const VIA_ORDER: Record<AccessMatrixVia, number> = { user: 0, group: 1, identifier: 2 };

/** The non-empty cells of each user, each rule once per cell (the most direct way it reaches them). */
function cellsByUser(rows: ReachRow[]): Map<number, AccessMatrixCell[]> {
  const cells = new Map<string, { cell: AccessMatrixCell; rules: Map<number, AccessMatrixVia> }>();
  for (const row of rows) {
    const key = `${row.user_id}:${row.device_id}:${row.lock_number}`;
    let entry = cells.get(key);
    if (!entry) {
      entry = { cell: { device_id: row.device_id, lock_number: row.lock_number, rules: [] }, rules: new Map() };
      cells.set(key, entry);
    }
    const known = entry.rules.get(row.rule_id);
    if (known === undefined || VIA_ORDER[row.via] < VIA_ORDER[known]) entry.rules.set(row.rule_id, row.via);
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

/** Active, unrevoked identifiers each user owns (a user without one opens nothing, whatever the rules). */
async function identifierCounts(db: Kysely<Database>, projectId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('identifiers')
    .select(['owner_id', sql<number>`count(*)`.as('n')])
    .where('project_id', '=', projectId)
    .where('owner_type', '=', 'owner')
    .where('owner_id', 'in', userIds)
    .where('is_active', '=', 1)
    .where('revoked_at', 'is', null)
    .groupBy('owner_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.owner_id), Number(r.n)]));
}

/** A group filter must name a group of the project. */
async function checkGroup(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter) {
  if (filter.domain_id === undefined) return;
  const group = await db
    .selectFrom('domains')
    .select('id')
    .where('id', '=', filter.domain_id)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!group) throw invalidRelated(['domain_id']);
}

type UserRow = { id: number; name: string; login: string; email: string | null };

/** Rows of these users: their cells and identifier counts. */
async function rowsOf(db: Kysely<Database>, auth: Auth, users: UserRow[]) {
  const ids = users.map((u) => Number(u.id));
  const [reached, counts] = await Promise.all([reachedDoors(db, auth, ids), identifierCounts(db, auth.projectId, ids)]);
  const cells = cellsByUser(reached);
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

const idsOf = (db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter): UserSet =>
  sql`${filteredUsers(db, auth, filter).select('u.id')}`;

/** GET /access-matrix/items: one page of users with their cells, the columns and the rules named. */
export async function accessMatrixPage(
  db: Kysely<Database>,
  auth: Auth,
  query: AccessMatrixQuery,
): Promise<AccessMatrixPage> {
  await checkGroup(db, auth, query);
  const filter = { domain_id: query.domain_id, search: query.search };
  const [total, doors, users] = await Promise.all([
    filteredUsers(db, auth, filter)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
    matrixDoors(db, auth, idsOf(db, auth, filter)),
    usersPage(db, auth, filter, (query.page - 1) * query.size, query.size),
  ]);
  const { items, ruleIds } = await rowsOf(db, auth, users);
  return {
    data: { doors, rules: await matrixRules(db, ruleIds), items },
    meta: { page: query.page, size: query.size, total },
  };
}

/** Every user of the filter, a chunk at a time, for the download. */
export async function* accessMatrixChunks(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter, chunk = 500) {
  for (let offset = 0; ; offset += chunk) {
    const users = await usersPage(db, auth, filter, offset, chunk);
    if (users.length === 0) return;
    const { items, ruleIds } = await rowsOf(db, auth, users);
    yield { items, rules: await matrixRules(db, ruleIds) };
    if (users.length < chunk) return;
  }
}

/** The columns of a filter (the download's header). */
export async function accessMatrixDoors(db: Kysely<Database>, auth: Auth, filter: AccessMatrixFilter) {
  await checkGroup(db, auth, filter);
  return matrixDoors(db, auth, idsOf(db, auth, filter));
}
