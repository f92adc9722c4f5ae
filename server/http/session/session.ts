import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { logIn, logOut, refreshSession } from '../../domain/auth/sessions';
import { incorrectLogin, invalidToken, prohibited } from '../../domain/errors';
import { registerCall } from '../plumbing/register-call';

/** POST /login, POST /refresh-tokens and POST /logout (7.2). */
export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'POST /login', async ({ body }) => {
    const result = await logIn(ctx, body.login, body.password);
    if (result.ok) return { data: result.sessions };
    // Right credentials but no project to enter: nothing the user can fix by retyping.
    throw result.reason === 'no_projects' ? prohibited() : incorrectLogin();
  });

  registerCall(app, 'POST /refresh-tokens', async ({ body }) => {
    const pair = await refreshSession(ctx, body.token);
    if (!pair) throw invalidToken();
    return { data: pair };
  });

  registerCall(app, 'POST /logout', async ({ auth }) => {
    await logOut(ctx, auth);
    return { data: true as const };
  });
}
