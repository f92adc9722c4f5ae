import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { logIn, refreshSession } from '../domain/sessions';
import { incorrectLogin, invalidToken, prohibited } from './http-error';
import { defineRoute } from './route';

/** POST /login and POST /refresh-tokens (7.2). */
export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  defineRoute(app, 'POST /login', {
    handler: async ({ body }) => {
      const result = await logIn(ctx, body.login, body.password);
      if (result.ok) return { data: result.sessions };
      // Right credentials but no project to enter: nothing the user can fix by retyping.
      throw result.reason === 'no_projects' ? prohibited() : incorrectLogin();
    },
  });

  defineRoute(app, 'POST /refresh-tokens', {
    handler: async ({ body }) => {
      const pair = await refreshSession(ctx, body.token);
      if (!pair) throw invalidToken();
      return { data: pair };
    },
  });
}
