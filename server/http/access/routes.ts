import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { explainAccess } from '../../domain/access/explain';
import { registerCall } from '../plumbing/register-call';

/** Access decisions (issue 12): the explain call. */
export async function accessRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /access/explain', async ({ auth, query }) => ({
    data: await explainAccess(ctx.db, auth, query),
  }));
}
