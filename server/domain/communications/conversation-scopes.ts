import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/**
 * Who sees which conversation, and who may write to whom (6.2, Conversations).
 *
 * | permission                              | effect                                                          |
 * |-----------------------------------------|-----------------------------------------------------------------|
 * | conversations.view                      | conversations the caller takes part in                          |
 * | conversations.view_descendants          | also those with a participant in the caller's groups or below   |
 * | conversations.view_all                  | every conversation of the project                               |
 * | conversations.create                    | start one with a user of the caller's groups or below them      |
 * | conversations.send_to_all               | … with any member of the project                                |
 * | conversations.accept_from_descendants   | users of the holder's groups and below may start one with them  |
 * | conversations.create_message            | write in a conversation the caller takes part in                |
 *
 * A recipient must be able to read conversations (hold a view permission).
 */
const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);

/** Whether a role row (alias `r`) holds a permission: the admin role holds all (roles.ts). */
function roleHolds(role: string, permissionPrefix: string): RawBuilder<SqlBool> {
  // Permissions are a JSON array of strings: a quoted prefix finds the code (and its scope variants).
  return sql<SqlBool>`(${sql.ref(`${role}.is_admin`)} = 1 or ${sql.ref(`${role}.permissions`)} like ${`%"${permissionPrefix}%`})`;
}

/** The user (column `userColumn`) belongs to a group that lies within one of the caller's groups (or is one). */
export function inCallersSubtree(auth: Auth, userColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from user_domains their_ud
      inner join domains their_d on their_d.id = their_ud.domain_id
      inner join domains my_d on my_d.project_id = their_d.project_id
        and their_d.lft >= my_d.lft and their_d.rgt <= my_d.rgt
      inner join user_domains my_ud on my_ud.domain_id = my_d.id
    where their_ud.user_id = ${sql.ref(userColumn)} and my_ud.user_id = ${auth.userId}
      and their_d.project_id = ${auth.projectId})`;
}

/** The caller belongs to a group within one of the user's groups (the user's "descendant users"). */
function callerInSubtreeOf(auth: Auth, userColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from user_domains their_ud
      inner join domains their_d on their_d.id = their_ud.domain_id
      inner join domains my_d on my_d.project_id = their_d.project_id
        and my_d.lft >= their_d.lft and my_d.rgt <= their_d.rgt
      inner join user_domains my_ud on my_ud.domain_id = my_d.id
    where their_ud.user_id = ${sql.ref(userColumn)} and my_ud.user_id = ${auth.userId}
      and their_d.project_id = ${auth.projectId})`;
}

/** The caller takes part in the conversation (alias `c`). */
export function participates(auth: Auth, conversation = 'c.id'): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from conversation_participants me_p
    where me_p.conversation_id = ${sql.ref(conversation)} and me_p.user_id = ${auth.userId})`;
}

/** The conversations (alias `c`) the caller may read, within the project; null for none. */
export function conversationViewScope(auth: Auth): Expression<SqlBool> | null {
  if (can(auth, 'conversations.view_all')) return sql<SqlBool>`1 = 1`;
  const parts: Expression<SqlBool>[] = [];
  if (can(auth, 'conversations.view') || can(auth, 'conversations.view_descendants')) parts.push(participates(auth));
  if (can(auth, 'conversations.view_descendants')) {
    parts.push(sql<SqlBool>`exists (select 1 from conversation_participants any_p
      where any_p.conversation_id = c.id and ${inCallersSubtree(auth, 'any_p.user_id')})`);
  }
  if (parts.length === 0) return null;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export function scopedConversations(db: Kysely<Database>, auth: Auth) {
  const scope = conversationViewScope(auth) ?? sql<SqlBool>`1 = 0`;
  return db.selectFrom('conversations as c').where('c.project_id', '=', auth.projectId).where(scope);
}

/**
 * Members of the project (membership alias `ms`, user alias `u`, role alias `r`)
 * the caller may start a conversation with; never the caller. Null: nobody.
 */
export function recipientScope(auth: Auth): Expression<SqlBool> | null {
  if (!can(auth, 'conversations.create')) return null;
  const mayRead = roleHolds('r', 'conversations.view');
  if (can(auth, 'conversations.send_to_all')) return mayRead;
  const accepts = sql<SqlBool>`(${roleHolds('r', 'conversations.accept_from_descendants')} and ${callerInSubtreeOf(auth, 'u.id')})`;
  return sql<SqlBool>`(${mayRead} and (${inCallersSubtree(auth, 'u.id')} or ${accepts}))`;
}

export function scopedRecipients(db: Kysely<Database>, auth: Auth) {
  const scope = recipientScope(auth) ?? sql<SqlBool>`1 = 0`;
  return db
    .selectFrom('memberships as ms')
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .innerJoin('roles as r', 'r.id', 'ms.role_id')
    .where('ms.project_id', '=', auth.projectId)
    .where('u.deleted_at', 'is', null)
    .where('u.id', '<>', auth.userId)
    .where(scope);
}

/** Whether the caller may start a conversation with this user. */
export async function mayWriteTo(db: Kysely<Database>, auth: Auth, userId: number): Promise<boolean> {
  const row = await scopedRecipients(db, auth).select('u.id').where('u.id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
