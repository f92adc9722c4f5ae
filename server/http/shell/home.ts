import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { homeCounts } from '../../domain/project/home-counts';
import { registerCall } from '../plumbing/register-call';

/** GET /home/counts: the dashboard's numbers; every logged-in user has a home page (6.4). */
export async function homeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /home/counts', async ({ auth }) => ({ data: await homeCounts(ctx.db, auth) }));
}
