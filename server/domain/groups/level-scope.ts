import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { canEdit, canManageSelf, loadGroupAccess } from './access';

/**
 * Things kept for the whole project (no group) or for one group, with the rules of 6.3 (mail
 * templates, integrations): the project level needs change-project-settings; a group's needs
 * edit-all, edit-descendants (a group strictly below one of the caller's) or the
 * manage-self-domain permission of that kind (one of the caller's own groups).
 */

/** The self-domain permissions that manage a kind of group-level thing. */
export type SelfDomainPermission = Extract<Permission, `self_domain.${string}`>;

const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);

/** The caller's groups in the project, as a subquery of their bounds. */
const ownGroups = (auth: Auth) =>
  sql`select m.id, m.lft, m.rgt from user_domains mud inner join domains m on m.id = mud.domain_id
    where mud.user_id = ${auth.userId} and m.project_id = ${auth.projectId}`;

/** Group-level rows (`<alias>.domain_id`) a caller reaches through the group permissions of 6.3 (null: none). */
export function groupLevelReach(auth: Auth, alias: string, self: SelfDomainPermission): Expression<SqlBool> | null {
  const domain = sql.ref(`${alias}.domain_id`);
  if (can(auth, 'domains.edit_all')) return sql<SqlBool>`${domain} is not null`;
  const parts: Expression<SqlBool>[] = [];
  if (can(auth, 'domains.edit_descendants')) {
    parts.push(sql<SqlBool>`exists (select 1 from domains tg inner join (${ownGroups(auth)}) og
      on tg.lft > og.lft and tg.rgt < og.rgt where tg.id = ${domain})`);
  }
  if (can(auth, self)) {
    parts.push(sql<SqlBool>`${domain} in (select og.id from (${ownGroups(auth)}) og)`);
  }
  return parts.length === 0 ? null : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Of the rows (`<alias>`), those the caller may change (6.3, by each row's level): a WHERE, or null for none. */
export function levelWriteReach(auth: Auth, alias: string, self: SelfDomainPermission): Expression<SqlBool> | null {
  const projectLevel = can(auth, 'project.change_settings')
    ? sql<SqlBool>`${sql.ref(`${alias}.domain_id`)} is null`
    : null;
  const parts = [projectLevel, groupLevelReach(auth, alias, self)].filter((x): x is Expression<SqlBool> => x !== null);
  return parts.length === 0 ? null : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Whether the caller may change things of this level (6.3): the project's (null), or one group's. */
export async function mayWriteAtLevel(
  db: Kysely<Database>,
  auth: Auth,
  domainId: number | null,
  self: SelfDomainPermission,
): Promise<boolean> {
  if (domainId === null) return can(auth, 'project.change_settings');
  const group = await db
    .selectFrom('domains')
    .select(['id', 'lft', 'rgt', 'created_by_user_id'])
    .where('id', '=', domainId)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!group) return false;
  const access = await loadGroupAccess(db, auth);
  return canEdit(access, group) || canManageSelf(access, group, self);
}
