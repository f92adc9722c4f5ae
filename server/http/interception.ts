import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { readInterception, saveInterception } from '../domain/interception';
import { authOf, requirePermission } from './auth';
import { defineRoute } from './route';

/** Call interception settings (7.6), permission calls.interception. */
export async function interceptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const guard = requirePermission('calls.interception');
  defineRoute(app, 'GET /calls/interception', {
    guard,
    handler: async ({ request }) => ({ data: await readInterception(ctx.db, authOf(request)) }),
  });
  defineRoute(app, 'POST /calls/interception', {
    guard,
    handler: async ({ request, body }) => ({ data: await saveInterception(ctx.db, authOf(request), body) }),
  });
}
