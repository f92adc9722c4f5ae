import type { Kysely } from 'kysely';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/refresh-tokens';
import { nowIso } from '../clock';
import { prohibited, refused } from '../errors';

/**
 * Changes the caller's password after checking the old one. Every other
 * session of the user ends (a changed password is often a reaction to a leak);
 * the session that made the change stays logged in.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  auth: Auth,
  change: { old: string; new: string },
): Promise<void> {
  const { db } = ctx;
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', auth.userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, change.old))) {
    throw refused(ERROR_CODES.wrongOldPassword, { errors: { old: { code: 'invalid' } } });
  }
  const hash = await hashPassword(change.new);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: nowIso() })
      .where('id', '=', auth.userId)
      .execute();
    await revokeUserSessions(trx, auth.userId, auth.familyId);
  });
  ctx.realtime.endSessions({ userId: auth.userId, exceptFamilyId: auth.familyId });
}

/**
 * Projects where the user is the last active holder of the administrator
 * role. Deleting such an account would leave the project with nobody able to
 * manage roles and users, so it is refused (docs/decisions.md, Users and roles).
 */
export async function projectsOnlyAdministeredBy(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships as mine')
    .innerJoin('roles', 'roles.id', 'mine.role_id')
    .innerJoin('projects', 'projects.id', 'mine.project_id')
    .select('projects.name')
    .where('mine.user_id', '=', userId)
    .where('roles.is_admin', '=', 1)
    .where('projects.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberships as other')
            .innerJoin('roles as other_role', 'other_role.id', 'other.role_id')
            .innerJoin('users as other_user', 'other_user.id', 'other.user_id')
            .select('other.user_id')
            .whereRef('other.project_id', '=', 'mine.project_id')
            .where('other.user_id', '!=', userId)
            .where('other_role.is_admin', '=', 1)
            .where('other_user.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy('projects.id')
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Deletes the caller's account: a soft delete (the row stays for history and
 * for what the user created) and every session ends at once.
 */
export async function deleteOwnAccount(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const lonely = await projectsOnlyAdministeredBy(trx, userId);
    if (lonely.length > 0) throw prohibited();
    await trx
      .updateTable('users')
      .set({ deleted_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(trx, userId);
  });
  ctx.realtime.endSessions({ userId });
}
