import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { changeOwnPassword, deleteOwnAccount } from '../../domain/users/account';
import { registerCall } from '../plumbing/register-call';

/** POST /profile/password and DELETE /account: the caller's credentials and account. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'POST /profile/password', async ({ auth, body }) => {
    await changeOwnPassword(ctx, auth, body);
    return { data: true as const };
  });

  registerCall(app, 'DELETE /account', async ({ auth }) => {
    await deleteOwnAccount(ctx, auth.userId);
    return { data: true as const };
  });
}
