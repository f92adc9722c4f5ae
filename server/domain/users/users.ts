import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { User, UserCreate, UserListItem, UserPatch } from '../../../src/contract/entities/user';
import { hasPermission } from '../../../src/contract/permissions';
import { dialectOf } from '../../db/dialects';
import { type ListVersionTable, USERS_SEARCH_TABLE } from '../../db/list-index-names';
import type { RowOf } from '../../db/rows';
import type { Database, UserUpdate } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { hashPassword } from '../auth/passwords';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, itemNotFound, prohibited } from '../errors';
import { viewScope } from '../groups/access';
import { userLicenceInfos } from '../licences/group-licences';
import { projectLocale } from '../project/settings';
import { personColumns } from './person-columns';

/**
 * Users of a project (section 3, 6.2). Scopes, applied in SQL:
 * - users.view_all: every member of the project;
 * - users.view: members who belong to one of the caller's groups or to a group below them;
 * - always: users the caller created (6.1 default rule).
 */
export function scopedUsers(db: Kysely<Database>, auth: Auth) {
  // CROSS JOIN keeps users the outer loop on SQLite (its planner otherwise starts from the
  // project's memberships and sorts them all): a page walks the index of its sort and stops.
  let q = db
    .selectFrom('users as u')
    .crossJoin('memberships as ms')
    .whereRef('ms.user_id', '=', 'u.id')
    .where('ms.project_id', '=', auth.projectId)
    .where('u.deleted_at', 'is', null);
  if (!hasPermission(auth.role.permissions, 'users.view_all')) q = q.where(userViewScope(auth));
  return q;
}

function userViewScope(auth: Auth): Expression<SqlBool> {
  const created = sql<SqlBool>`u.created_by_user_id = ${auth.userId}`;
  if (!hasPermission(auth.role.permissions, 'users.view')) return created;
  const inMyBranches = sql<SqlBool>`exists (
    select 1 from user_domains ud
      inner join domains d on d.id = ud.domain_id
      inner join user_domains mine on mine.user_id = ${auth.userId}
      inner join domains md on md.id = mine.domain_id and md.project_id = ${auth.projectId}
    where ud.user_id = u.id and d.project_id = ${auth.projectId} and d.lft >= md.lft and d.rgt <= md.rgt)`;
  return sql<SqlBool>`(${inMyBranches} or ${created})`;
}

export const USER_COLUMNS = {
  id: 'u.id',
  login: 'u.login',
  name: 'u.name',
  firstname: 'u.firstname',
  lastname: 'u.lastname',
  email: 'u.email',
  phone: 'u.phone',
  activated_at: 'u.activated_at',
  created_at: 'u.created_at',
} as const;

/** Relation filters: role (`has` role ids), domains and markers (`has` any of the ids, `is` null / not_null). */
export const USER_RELATIONS = {
  role: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has' ? sql<SqlBool>`ms.role_id in (${sql.join(ids as number[])})` : sql<SqlBool>`1 = 1`,
  domains: linkCondition('user_domains', 'domain_id'),
  markers: linkCondition('user_markers', 'marker_id'),
};

/**
 * `limit_by_domain_id = G`: the administrators of group G — members of G or of a group above it
 * whose role edits groups (the administrator's role, domains.edit_*, or self_domain.manage_general).
 */
export const USER_CONDITIONS = {
  limit_by_domain_id: (filter: { value: unknown }): Expression<SqlBool> => {
    const groupId = Number(filter.value);
    return sql<SqlBool>`exists (
      select 1 from user_domains l
        inner join domains held on held.id = l.domain_id
        inner join domains target on target.id = ${Number.isSafeInteger(groupId) ? groupId : 0}
      where l.user_id = u.id and held.project_id = target.project_id
        and held.lft <= target.lft and held.rgt >= target.rgt)
    and exists (
      select 1 from roles ar where ar.id = ms.role_id and (ar.is_admin = 1
        or ar.permissions like '%"domains.edit_all"%' or ar.permissions like '%"domains.edit_descendants"%'
        or ar.permissions like '%"self_domain.manage_general"%'))`;
  },
};

function linkCondition(table: 'user_domains' | 'user_markers', column: string) {
  return (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    const links = sql`select 1 from ${sql.table(table)} l where l.user_id = u.id`;
    // `u.id in (…)`: the planner may drive the page from a selective link, or check it row by row.
    if (rule === 'has')
      return sql<SqlBool>`u.id in (select l.user_id from ${sql.table(table)} l where ${sql.ref(`l.${column}`)} in (${sql.join(ids as number[])}))`;
    return ids === 'null' ? sql<SqlBool>`not exists (${links})` : sql<SqlBool>`exists (${links})`;
  };
}

/** The tables a users page and its total read: their write counters keep a cached total current. */
export const USER_LIST_TABLES: readonly ListVersionTable[] = [
  'users',
  'memberships',
  'user_domains',
  'user_markers',
  'domains',
  'roles',
];

/**
 * The name search (name, e-mail, login contain the value, any case) through the index of
 * migration 0012: on SQLite the FTS5 trigram table, for values of three characters or more
 * (a trigram index cannot answer shorter ones: they scan). PostgreSQL answers the standard
 * `lower(column) like` through its pg_trgm indexes, so it needs nothing here.
 */
export function userSearch(db: Kysely<Database>): (value: string) => Expression<SqlBool> | null {
  if (dialectOf(db) === 'postgres') return () => null;
  return (value) => {
    if ([...value].length < 3) return null;
    const phrase = `"${value.replaceAll('"', '""')}"`;
    return sql<SqlBool>`u.id in (select rowid from ${sql.table(USERS_SEARCH_TABLE)} where ${sql.table(USERS_SEARCH_TABLE)} match ${phrase})`;
  };
}

/** The rows a caller may see, before columns are chosen. */
export type UsersScope = ReturnType<typeof scopedUsers>;

export function selectUsers(q: UsersScope) {
  return q
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .leftJoin('users as author', 'author.id', 'u.created_by_user_id')
    .select([
      'u.id',
      'u.login',
      'u.name',
      'u.description',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.phone',
      'u.avatar_url',
      'u.activated_at',
      'u.send_registration_link',
      'u.locale',
      'u.is_app_popup_active',
      'u.profile_phone',
      'u.profile_address',
      'u.use_phone_in_forward',
      'u.country_code',
      'u.time_zone',
      'u.sip_number_id',
      'u.identifier_format',
      'u.time_format',
      'u.created_at',
      'u.elevator_access_disabled',
      'r.id as role_id',
      'r.name as role_name',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}

/** One row of a users list, as selectUsers reads it. */
export type UserListRow = RowOf<ReturnType<typeof selectUsers>>;

/** The columns of a list row (UserListItemSchema): what the table and pickers show. */
export function selectUserList(q: UsersScope) {
  return q
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .select([
      'u.id',
      'u.login',
      'u.name',
      'u.email',
      'u.avatar_url',
      'u.activated_at',
      'r.id as role_id',
      'r.name as role_name',
    ]);
}
export type UserListItemRow = RowOf<ReturnType<typeof selectUserList>>;

/** Groups by user id, in the order the query gave them (one pass, not one filter per row). */
function byUser<T extends { user_id: number | null }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    if (row.user_id === null) continue;
    const list = map.get(row.user_id);
    if (list) list.push(row);
    else map.set(row.user_id, [row]);
  }
  return map;
}

/** The groups and markers of users of the caller's project, one query each. */
async function groupsAndMarkers(db: Kysely<Database>, auth: Auth, ids: number[]) {
  const [domains, markers] = await Promise.all([
    // CROSS JOIN keeps the page's memberships as the outer loop on SQLite: joined the other way,
    // its planner walks the project's groups in tree order and every member of each (10 ms at
    // 100k users instead of 0.5). PostgreSQL plans it as the inner join it is.
    db
      .selectFrom('user_domains as ud')
      .crossJoin('domains as d')
      .whereRef('d.id', '=', 'ud.domain_id')
      .select(['ud.user_id', 'd.id', 'd.name'])
      .where('ud.user_id', 'in', ids)
      .where('d.project_id', '=', auth.projectId)
      .orderBy('d.lft')
      .execute(),
    db
      .selectFrom('user_markers as um')
      .innerJoin('markers as m', 'm.id', 'um.marker_id')
      .select(['um.user_id', 'm.id', 'm.name', 'm.color'])
      .where('um.user_id', 'in', ids)
      .where('m.project_id', '=', auth.projectId)
      .orderBy('m.name')
      .execute(),
  ]);
  return { domains: byUser(domains), markers: byUser(markers) };
}

/** List rows to list items: the page's groups and markers in one query each. */
export async function toUserListItems(
  db: Kysely<Database>,
  auth: Auth,
  rows: UserListItemRow[],
): Promise<UserListItem[]> {
  if (rows.length === 0) return [];
  const { domains, markers } = await groupsAndMarkers(
    db,
    auth,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => {
    const id = Number(row.id);
    return {
      id,
      login: String(row.login),
      name: String(row.name),
      email: (row.email as string | null) ?? null,
      avatar_url: (row.avatar_url as string | null) ?? null,
      role: { id: Number(row.role_id), name: String(row.role_name) },
      domains: (domains.get(id) ?? []).map((d) => ({ id: d.id, name: d.name })),
      markers: (markers.get(id) ?? []).map((m) => ({ id: m.id, name: m.name, color: m.color })),
      activated_at: (row.activated_at as string | null) ?? null,
    };
  });
}

/** Rows to contract items, loading groups and markers in one query each. */
export async function toUsers(db: Kysely<Database>, auth: Auth, rows: UserListRow[]): Promise<User[]> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const [{ domains, markers }, numbers, licences, mobiles] = await Promise.all([
    groupsAndMarkers(db, auth, ids),
    db
      .selectFrom('sip_numbers')
      .select(['user_id', 'id', 'number'])
      .where('user_id', 'in', ids)
      .where('project_id', '=', auth.projectId)
      .orderBy('number')
      .execute(),
    userLicenceInfos(db, auth.projectId, ids),
    db
      .selectFrom('mobile_clients')
      .select(['user_id', 'id', 'platform', 'info'])
      .where('user_id', 'in', ids)
      .where('project_id', '=', auth.projectId)
      .orderBy('auth_at', 'desc')
      .execute(),
  ]);
  const sipNumbers = byUser(numbers);
  const mobileClients = byUser(mobiles);
  return rows.map((row) => {
    const id = Number(row.id);
    const locale = row.locale === 'ru' ? 'ru' : 'en';
    return {
      id,
      login: String(row.login),
      name: String(row.name),
      description: (row.description as string | null) ?? null,
      firstname: (row.firstname as string | null) ?? null,
      lastname: (row.lastname as string | null) ?? null,
      email: (row.email as string | null) ?? null,
      phone: (row.phone as string | null) ?? null,
      avatar_url: (row.avatar_url as string | null) ?? null,
      role: { id: Number(row.role_id), name: String(row.role_name) },
      domains: (domains.get(id) ?? []).map((d) => ({ id: d.id, name: d.name })),
      markers: (markers.get(id) ?? []).map((m) => ({ id: m.id, name: m.name, color: m.color })),
      access_rules: [],
      identifiers: [],
      sip_numbers: (sipNumbers.get(id) ?? []).map((n) => ({ id: n.id, name: n.number })),
      mobile_clients: (mobileClients.get(id) ?? []).map((m) => ({ id: m.id, name: m.info ?? m.platform })),
      linked_users: [],
      linked_mobile_clients: [],
      linked_sip_numbers: [],
      elevator_access_rules: [],
      elevator_access_disabled: row.elevator_access_disabled === 1,
      activated_at: (row.activated_at as string | null) ?? null,
      send_registration_link: Number(row.send_registration_link) === 1,
      license_info: licences.get(id)!,
      profile: {
        phone: (row.profile_phone as string | null) ?? null,
        address: (row.profile_address as string | null) ?? null,
        use_phone_in_forward: Number(row.use_phone_in_forward) === 1,
        country_code: (row.country_code as string | null) ?? null,
        time_zone: Number(row.time_zone),
        sip_number_id: row.sip_number_id === null ? null : Number(row.sip_number_id),
        identifier_format: row.identifier_format === 'hex' ? 'hex' : 'dec',
        time_format: String(row.time_format),
        locale,
        is_app_popup_active: Number(row.is_app_popup_active) === 1,
      },
      created_at: String(row.created_at),
      created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
    };
  });
}

/** The caller may assign this role: it is one of its available roles (or the caller's role is the administrator's). */
export async function assertAssignableRole(db: Kysely<Database>, auth: Auth, roleId: number) {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('id', '=', roleId)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!role) throw invalidRelated(['role']);
  if (auth.role.isAdmin) return;
  const available = await db
    .selectFrom('role_available_roles')
    .select('available_role_id')
    .where('role_id', '=', auth.role.id)
    .where('available_role_id', '=', roleId)
    .executeTakeFirst();
  if (!available) throw prohibited();
}

/** Groups must be groups of the project the caller may see; markers must be the project's (invalid related entity). */
export async function assertRelated(db: Kysely<Database>, auth: Auth, domains?: number[], markers?: number[]) {
  const wrong: string[] = [];
  if (domains) {
    const scope = viewScope(auth, 'd');
    const unique = [...new Set(domains)];
    const found = scope
      ? await db
          .selectFrom('domains as d')
          .select('d.id')
          .where('d.project_id', '=', auth.projectId)
          .where('d.id', 'in', unique)
          .where(scope)
          .execute()
      : [];
    if (found.length !== unique.length) wrong.push('domains');
  }
  if (markers && markers.length > 0) {
    const unique = [...new Set(markers)];
    const found = await db
      .selectFrom('markers')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) wrong.push('markers');
  }
  if (wrong.length > 0) throw invalidRelated(wrong);
}

/** Login and e-mail are unique across accounts (`value not unique` on the field). */
export async function assertUnique(
  db: Kysely<Database>,
  fields: { login?: string; email?: string | null },
  exceptId?: number,
) {
  const errors: Record<string, { code: string }> = {};
  for (const field of ['login', 'email'] as const) {
    const value = fields[field];
    if (!value) continue;
    let q = db
      .selectFrom('users')
      .select('id')
      .where(sql<SqlBool>`lower(${sql.ref(field)}) = ${value.toLowerCase()}`);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) errors[field] = { code: 'not_unique' };
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

function columnsOf(body: UserPatch): UserUpdate {
  const set = personColumns(body);
  if (body.login !== undefined) set.login = body.login;
  if (body.elevator_access_disabled !== undefined) set.elevator_access_disabled = body.elevator_access_disabled ? 1 : 0;
  return set;
}

export async function createUser(db: Kysely<Database>, auth: Auth, body: UserCreate): Promise<number> {
  await assertUnique(db, body);
  // A new person speaks the project's language until they choose their own.
  const locale = await projectLocale(db, auth.projectId);
  await assertAssignableRole(db, auth, body.role_id);
  await assertRelated(db, auth, body.domains, body.markers);
  const password_hash = body.password ? await hashPassword(body.password) : null;
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({
        ...columnsOf(body),
        login: body.login,
        name: body.name,
        password_hash,
        locale,
        send_registration_link: body.send_registration_link && !password_hash ? 1 : 0,
        activated_at: password_hash ? now : null,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('memberships')
      .values({ user_id: id, project_id: auth.projectId, role_id: body.role_id, created_at: now })
      .execute();
    await replaceLinks(trx, auth, id, body.domains, body.markers);
    return id;
  });
}

async function replaceLinks(
  db: Kysely<Database>,
  auth: Auth,
  userId: number,
  domains: number[] | undefined,
  markers: number[] | undefined,
) {
  if (domains) {
    await db
      .deleteFrom('user_domains')
      .where('user_id', '=', userId)
      .where('domain_id', 'in', db.selectFrom('domains').select('id').where('project_id', '=', auth.projectId))
      .execute();
    const unique = [...new Set(domains)];
    await db
      .insertInto('user_domains')
      .values(unique.map((domain_id) => ({ user_id: userId, domain_id })))
      .execute();
  }
  if (markers) {
    await db
      .deleteFrom('user_markers')
      .where('user_id', '=', userId)
      .where('marker_id', 'in', db.selectFrom('markers').select('id').where('project_id', '=', auth.projectId))
      .execute();
    const unique = [...new Set(markers)];
    if (unique.length > 0) {
      await db
        .insertInto('user_markers')
        .values(unique.map((marker_id) => ({ user_id: userId, marker_id })))
        .execute();
    }
  }
}

/**
 * Edits a user. Another user's fields need users.edit_all (6.1; users.edit_profile covers one's own);
 * changing the role also needs roles.edit_users_role and an assignable role.
 */
export async function updateUser(db: Kysely<Database>, auth: Auth, id: number, body: UserPatch): Promise<void> {
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(auth.role.permissions, p);
  if (id !== auth.userId && !can('users.edit_all')) throw prohibited();
  if (id === auth.userId && !can('users.edit_all') && !can('users.edit_profile')) throw prohibited();
  await assertUnique(db, body, id);
  const current = await membershipOf(db, auth.projectId, id);
  const roleChanges = body.role_id !== undefined && body.role_id !== current.roleId;
  const groupsChange = body.domains !== undefined && !sameIds(body.domains, current.domainIds);
  // No self-widening (6.1): one's own role and groups are changed by someone else (or an administrator).
  if (id === auth.userId && !auth.role.isAdmin && (roleChanges || groupsChange)) throw prohibited();
  if (roleChanges && body.role_id !== undefined) {
    if (!can('roles.edit_users_role') && !auth.role.isAdmin) throw prohibited();
    await assertAssignableRole(db, auth, body.role_id);
    await assertAdminsRemain(db, auth.projectId, [id], body.role_id);
  }
  await assertRelated(db, auth, body.domains, body.markers);
  await db.transaction().execute(async (trx) => {
    const set = columnsOf(body);
    await trx
      .updateTable('users')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (body.role_id !== undefined) {
      await trx
        .updateTable('memberships')
        .set({ role_id: body.role_id })
        .where('user_id', '=', id)
        .where('project_id', '=', auth.projectId)
        .execute();
    }
    await replaceLinks(trx, auth, id, body.domains, body.markers);
  });
}

/**
 * Removes users from the project; an account left without any project is
 * marked deleted (its sessions end at once, see loadAuth). Nobody deletes themselves here.
 */
export async function deleteUsers(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number> {
  const targets = ids.filter((id) => id !== auth.userId);
  if (targets.length === 0) {
    if (ids.length > 0) throw prohibited();
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    await assertAdminsRemain(trx, auth.projectId, targets);
    await trx
      .deleteFrom('user_domains')
      .where('user_id', 'in', targets)
      .where('domain_id', 'in', trx.selectFrom('domains').select('id').where('project_id', '=', auth.projectId))
      .execute();
    const removed = await trx
      .deleteFrom('memberships')
      .where('user_id', 'in', targets)
      .where('project_id', '=', auth.projectId)
      .executeTakeFirst();
    const orphans = await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', targets)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('memberships').select('user_id').whereRef('memberships.user_id', '=', 'users.id'))),
      )
      .execute();
    if (orphans.length > 0) {
      await trx
        .updateTable('users')
        .set({ deleted_at: nowIso() })
        .where(
          'id',
          'in',
          orphans.map((o) => o.id),
        )
        .execute();
    }
    return Number(removed.numDeletedRows);
  });
}

/** An administrator sets another user's password (users.edit_all); that user's sessions end. */
export async function setUserPassword(db: Kysely<Database>, userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash, updated_at: now, activated_at: sql`coalesce(activated_at, ${now})` as never })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

/** One user as the caller sees it (404 outside the caller's scope). */
export async function readUser(db: Kysely<Database>, auth: Auth, id: number): Promise<User> {
  const rows = await selectUsers(scopedUsers(db, auth).where('u.id', '=', id)).execute();
  const [user] = await toUsers(db, auth, rows);
  if (!user) throw itemNotFound();
  return user;
}

/**
 * Object-level rule of 6.1 on users the caller can see: which of them the
 * caller may change. One's own account: with users.edit_profile or
 * users.edit_all (never deleted here: DELETE /account is for that). Anyone
 * else: with users.edit_all (deleting: users.delete, checked by the call), and
 * only when that user's role is one the caller's role may assign
 * (available_roles; the administrator's role may assign every role).
 */
export async function permittedUsers(
  db: Kysely<Database>,
  auth: Auth,
  ids: number[],
  action: 'edit' | 'delete',
): Promise<number[]> {
  const can = (p: Parameters<typeof hasPermission>[1]) => hasPermission(auth.role.permissions, p);
  const self = ids.filter((id) => id === auth.userId);
  const others = ids.filter((id) => id !== auth.userId);
  const allowed: number[] = [];
  if (action === 'edit' && self.length > 0 && (can('users.edit_profile') || can('users.edit_all'))) {
    allowed.push(...self);
  }
  if (others.length === 0 || (action === 'edit' && !can('users.edit_all'))) return allowed;
  if (auth.role.isAdmin) return [...allowed, ...others];
  const rows = await db
    .selectFrom('memberships as ms')
    .innerJoin('role_available_roles as ar', (j) =>
      j.onRef('ar.available_role_id', '=', 'ms.role_id').on('ar.role_id', '=', auth.role.id),
    )
    .select('ms.user_id')
    .where('ms.project_id', '=', auth.projectId)
    .where('ms.user_id', 'in', others)
    .execute();
  return [...allowed, ...rows.map((r) => r.user_id)];
}

/** The user's role and groups in the project, as stored. */
async function membershipOf(db: Kysely<Database>, projectId: number, userId: number) {
  const membership = await db
    .selectFrom('memberships')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!membership) throw itemNotFound();
  const groups = await db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as d', 'd.id', 'ud.domain_id')
    .select('d.id')
    .where('ud.user_id', '=', userId)
    .where('d.project_id', '=', projectId)
    .execute();
  return { roleId: membership.role_id, domainIds: groups.map((g) => g.id) };
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/**
 * The last administrator stays (6.1): refuses to remove `leaving` users from the
 * project, or to give them `newRoleId`, when no other active member would
 * still hold the administrator's role.
 */
export async function assertAdminsRemain(
  db: Kysely<Database>,
  projectId: number,
  leaving: readonly number[],
  newRoleId?: number,
): Promise<void> {
  if (leaving.length === 0) return;
  if (newRoleId !== undefined) {
    const role = await db.selectFrom('roles').select('is_admin').where('id', '=', newRoleId).executeTakeFirst();
    if (role?.is_admin === 1) return;
  }
  const admins = await db
    .selectFrom('memberships as ms')
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .select('ms.user_id')
    .where('ms.project_id', '=', projectId)
    .where('r.is_admin', '=', 1)
    .where('u.deleted_at', 'is', null)
    .execute();
  const leavingSet = new Set(leaving);
  const touched = admins.some((a) => leavingSet.has(a.user_id));
  const remaining = admins.filter((a) => !leavingSet.has(a.user_id));
  if (touched && remaining.length === 0) throw prohibited();
}

/**
 * Whether the caller may (re)send registration links to these users: a link
 * lets its reader set the password, so the users must be ones the caller may
 * edit (6.1), or, with users.create, ones the caller created who have not
 * activated their account yet (the invitation of one's own new user).
 */
export async function mayInvite(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<boolean> {
  const editable = new Set(await permittedUsers(db, auth, ids, 'edit'));
  const rest = ids.filter((id) => !editable.has(id));
  if (rest.length === 0) return true;
  if (!hasPermission(auth.role.permissions, 'users.create')) return false;
  const own = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', rest)
    .where('created_by_user_id', '=', auth.userId)
    .where('activated_at', 'is', null)
    .execute();
  return own.length === rest.length;
}
