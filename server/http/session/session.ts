import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { logIn, logOut, refreshSession } from '../../domain/auth/sessions';
import { incorrectLogin, invalidToken, prohibited } from '../../domain/errors';
import { registerCall } from '../plumbing/register-call';

/**
 * POST /login, POST /refresh-tokens and POST /logout (7.2). Login and refresh
 * are refused to a banned address (and login on a locked login) before any
 * password is checked; a wrong password counts against the address and the
 * login. A refresh token cannot be guessed, so a refused one is not counted:
 * it is usually a stale console tab, not an attack.
 */
export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'POST /login', async ({ body, request }) => {
    const attempt = { ip: request.ip, service: 'http' as const, login: body.login };
    await ctx.ipBlocking.assertAllowed(attempt);
    const result = await logIn(ctx, body.login, body.password);
    if (result.ok) {
      await ctx.ipBlocking.recordSuccess(body.login);
      return { data: result.sessions };
    }
    // Right credentials but no project to enter: nothing the user can fix by retyping.
    if (result.reason === 'no_projects') throw prohibited();
    await ctx.ipBlocking.recordFailure({ ...attempt, cause: 'AUTH_FAILED' });
    throw incorrectLogin();
  });

  registerCall(app, 'POST /refresh-tokens', async ({ body, request }) => {
    await ctx.ipBlocking.assertAllowed({ ip: request.ip, service: 'http' });
    const pair = await refreshSession(ctx, body.token);
    if (!pair) throw invalidToken();
    return { data: pair };
  });

  registerCall(app, 'POST /logout', async ({ auth }) => {
    await logOut(ctx, auth);
    return { data: true as const };
  });
}
