import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { homeCounts } from '../domain/home-counts';
import { authOf, requirePermission } from './auth';
import { defineRoute } from './route';

/** GET /home/counts: the dashboard's numbers; every logged-in user has a home page (6.4). */
export async function homeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  defineRoute(app, 'GET /home/counts', {
    guard: requirePermission(),
    handler: async ({ request }) => ({ data: await homeCounts(ctx.db, authOf(request)) }),
  });
}
