import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../src/contract/errors';
import type { AppContext } from '../context';
import { changeOwnPassword, deleteOwnAccount } from '../domain/account';
import { authOf, requirePermission } from './auth';
import { HttpError, prohibited } from './http-error';
import { defineRoute } from './route';

/** POST /profile/password and DELETE /account: the caller's credentials and account. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const own = requirePermission();

  defineRoute(app, 'POST /profile/password', {
    guard: own,
    handler: async ({ request, body }) => {
      const result = await changeOwnPassword(ctx.db, authOf(request), body);
      if (result === 'wrong_old') {
        throw new HttpError(400, { message: ERROR_CODES.wrongOldPassword, errors: { old: { code: 'invalid' } } });
      }
      return { data: true as const };
    },
  });

  defineRoute(app, 'DELETE /account', {
    guard: own,
    handler: async ({ request }) => {
      const result = await deleteOwnAccount(ctx.db, authOf(request).userId);
      if (result === 'last_admin') throw prohibited();
      return { data: true as const };
    },
  });
}
