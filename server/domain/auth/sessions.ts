import type { ProjectSession, TokenPair } from '../../../src/contract/entities/session';
import type { AppContext } from '../../context';
import { signAccessToken } from './access-tokens';
import type { Auth } from './auth-context';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { insertRefreshToken, newFamilyId, pruneExpired, revokeFamily, spendRefreshToken } from './refresh-tokens';

export type LoginResult =
  | { ok: true; sessions: ProjectSession[] }
  | { ok: false; reason: 'credentials' | 'no_projects' };

/**
 * Checks a login and password and opens one session per project the user
 * belongs to (7.2: several sessions send the user to the project choice).
 * Deleted users and invited users without a password cannot log in.
 */
export async function logIn(ctx: AppContext, login: string, password: string): Promise<LoginResult> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'activated_at'])
    .where('login', '=', login)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user?.password_hash || !user.activated_at) {
    await verifyAgainstNothing(password);
    return { ok: false, reason: 'credentials' };
  }
  if (!(await verifyPassword(user.password_hash, password))) return { ok: false, reason: 'credentials' };

  const projects = await ctx.db
    .selectFrom('memberships')
    .innerJoin('projects', 'projects.id', 'memberships.project_id')
    .select(['projects.id', 'projects.name'])
    .where('memberships.user_id', '=', user.id)
    .where('projects.deleted_at', 'is', null)
    .orderBy('projects.id')
    .execute();
  if (projects.length === 0) return { ok: false, reason: 'no_projects' };

  const sessions = await ctx.db.transaction().execute(async (trx) => {
    await pruneExpired(trx, user.id);
    const out: ProjectSession[] = [];
    for (const project of projects) {
      const familyId = newFamilyId();
      const refresh = await insertRefreshToken(trx, {
        familyId,
        userId: user.id,
        projectId: project.id,
        ttlSeconds: ctx.config.refreshTokenTtl,
      });
      const token = await signAccessToken(ctx.jwtKey, ctx.config.accessTokenTtl, {
        userId: user.id,
        projectId: project.id,
        familyId,
      });
      out.push({ project: { id: project.id, name: project.name }, token, refresh });
    }
    return out;
  });
  return { ok: true, sessions };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued
 * in the same family. Null for an unknown, spent, revoked or expired token, or
 * when the user or their membership is gone (then the family is revoked too).
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<TokenPair | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const spent = await spendRefreshToken(trx, refreshToken);
    if (!spent.ok) {
      // A copied refresh token: the whole session ends, its open sockets too.
      if (spent.reason === 'reused') ctx.realtime.endSessions({ familyId: spent.familyId });
      return null;
    }
    const member = await trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .innerJoin('projects', 'projects.id', 'memberships.project_id')
      .select('memberships.user_id')
      .where('memberships.user_id', '=', spent.userId)
      .where('memberships.project_id', '=', spent.projectId)
      .where('users.deleted_at', 'is', null)
      .where('projects.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) {
      await revokeFamily(trx, spent.familyId);
      return null;
    }
    const refresh = await insertRefreshToken(trx, {
      familyId: spent.familyId,
      userId: spent.userId,
      projectId: spent.projectId,
      ttlSeconds: ctx.config.refreshTokenTtl,
    });
    const token = await signAccessToken(ctx.jwtKey, ctx.config.accessTokenTtl, {
      userId: spent.userId,
      projectId: spent.projectId,
      familyId: spent.familyId,
    });
    return { token, refresh };
  });
}

/** Ends the caller's session on the server: its refresh family is revoked, so its access tokens stop working at once. */
export async function logOut(ctx: AppContext, auth: Auth): Promise<void> {
  await revokeFamily(ctx.db, auth.familyId);
  ctx.realtime.endSessions({ familyId: auth.familyId });
}
