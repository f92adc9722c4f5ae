import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { mobileClientsOf } from '../../domain/users/mobile-clients';
import { registerCall } from '../plumbing/register-call';

/** GET /users/{id}/mobile-clients: the mobile client info dialog (2.5). */
export async function mobileClientRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /users/{id}/mobile-clients', async ({ auth, params }) => ({
    data: await mobileClientsOf(ctx.db, auth, params.id),
  }));
}
