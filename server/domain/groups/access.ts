import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/**
 * Who may see and change which groups (6.2, Groups family). Groups are not
 * covered by the default "view what you created" rule (6.1): only the
 * explicit scopes count.
 *
 * | permission                | groups it reaches                                      |
 * |---------------------------|--------------------------------------------------------|
 * | domains.view_all          | every group of the project                             |
 * | domains.view_descendants  | the caller's groups and everything below them          |
 * | domains.view_self         | the caller's groups                                    |
 * | domains.view_own          | groups the caller created                              |
 * | domains.create_root       | new top-level groups                                   |
 * | domains.create_descendants| new groups in the caller's groups or below them        |
 * | domains.edit_all          | every group (and moving anywhere)                      |
 * | domains.edit_descendants  | groups strictly below the caller's groups              |
 * | self_domain.manage_*      | the matching settings of the caller's own groups       |
 * | domains.delete_all        | every group                                            |
 * | domains.delete_descendants| groups strictly below the caller's groups              |
 * | domains.delete_own        | groups the caller created                              |
 */

export const VIEW_PERMISSIONS: readonly Permission[] = [
  'domains.view_all',
  'domains.view_descendants',
  'domains.view_self',
  'domains.view_own',
];

/**
 * The view scope as SQL over the groups table (or an alias of it), or null
 * when the caller may see no group. The project condition is separate.
 */
export function viewScope(auth: Auth, alias = 'domains'): Expression<SqlBool> | null {
  const can = (p: Permission) => hasPermission(auth.role.permissions, p);
  if (can('domains.view_all')) return sql<SqlBool>`1 = 1`;
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: Expression<SqlBool>[] = [];
  if (can('domains.view_descendants')) {
    parts.push(sql<SqlBool>`exists (
      select 1 from user_domains ud inner join domains g on g.id = ud.domain_id
      where ud.user_id = ${auth.userId} and g.project_id = ${auth.projectId}
        and ${col('lft')} >= g.lft and ${col('rgt')} <= g.rgt)`);
  } else if (can('domains.view_self')) {
    parts.push(
      sql<SqlBool>`${col('id')} in (select ud.domain_id from user_domains ud where ud.user_id = ${auth.userId})`,
    );
  }
  if (can('domains.view_own')) parts.push(sql<SqlBool>`${col('created_by_user_id')} = ${auth.userId}`);
  if (parts.length === 0) return null;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** A group's place as the rules need it. */
export interface GroupPlace {
  id: number;
  lft: number;
  rgt: number;
  created_by_user_id: number | null;
}

/** The caller's permissions and own groups, loaded once per request that checks single groups. */
export interface GroupAccess {
  auth: Auth;
  /** The caller's groups in this project. */
  own: { id: number; lft: number; rgt: number }[];
}

export async function loadGroupAccess(db: Kysely<Database>, auth: Auth): Promise<GroupAccess> {
  const own = await db
    .selectFrom('user_domains')
    .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
    .select(['domains.id', 'domains.lft', 'domains.rgt'])
    .where('user_domains.user_id', '=', auth.userId)
    .where('domains.project_id', '=', auth.projectId)
    .execute();
  return { auth, own };
}

const can = (access: GroupAccess, p: Permission) => hasPermission(access.auth.role.permissions, p);

/** Inside one of the caller's groups: the group itself counts unless `strict`. */
function belowOwn(access: GroupAccess, g: Pick<GroupPlace, 'lft' | 'rgt'>, strict: boolean): boolean {
  return access.own.some((o) => (strict ? g.lft > o.lft && g.rgt < o.rgt : g.lft >= o.lft && g.rgt <= o.rgt));
}

export const isOwnGroup = (access: GroupAccess, id: number) => access.own.some((o) => o.id === id);

export function canView(access: GroupAccess, g: GroupPlace): boolean {
  if (can(access, 'domains.view_all')) return true;
  if (can(access, 'domains.view_descendants') && belowOwn(access, g, false)) return true;
  if (can(access, 'domains.view_self') && isOwnGroup(access, g.id)) return true;
  return can(access, 'domains.view_own') && g.created_by_user_id === access.auth.userId;
}

/** May change the group's place, type and general fields (not only as a self-domain manager). */
export function canEdit(access: GroupAccess, g: GroupPlace): boolean {
  if (can(access, 'domains.edit_all')) return true;
  return can(access, 'domains.edit_descendants') && belowOwn(access, g, true);
}

/** Self-group management (6.2): the caller's own group, one permission per part of it. */
export function canManageSelf(access: GroupAccess, g: GroupPlace, permission: Permission): boolean {
  return isOwnGroup(access, g.id) && can(access, permission);
}

/** May create a group below `parent` (null: a top-level group). */
export function canCreateUnder(access: GroupAccess, parent: GroupPlace | null): boolean {
  if (parent === null) return can(access, 'domains.create_root');
  return can(access, 'domains.create_descendants') && belowOwn(access, parent, false);
}

/** May move a group below `parent`: wherever it could create one, or anywhere with edit-all. */
export function canMoveUnder(access: GroupAccess, parent: GroupPlace | null): boolean {
  if (parent !== null && can(access, 'domains.edit_all')) return true;
  return canCreateUnder(access, parent);
}

export function canDelete(access: GroupAccess, g: GroupPlace): boolean {
  if (can(access, 'domains.delete_all')) return true;
  if (can(access, 'domains.delete_descendants') && belowOwn(access, g, true)) return true;
  return can(access, 'domains.delete_own') && g.created_by_user_id === access.auth.userId;
}

/** Any permission that may create or change groups: these callers also read the domain types. */
export const GROUP_WRITE_PERMISSIONS: readonly Permission[] = [
  'domains.create_root',
  'domains.create_descendants',
  'domains.edit_all',
  'domains.edit_descendants',
];
