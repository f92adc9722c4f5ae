import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { readInterception, saveInterception } from '../../domain/telephony/interception';
import { registerCall } from '../plumbing/register-call';

/** Call interception settings (7.6), permission calls.interception. */
export async function interceptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /calls/interception', async ({ auth }) => ({ data: await readInterception(ctx.db, auth) }));
  registerCall(app, 'POST /calls/interception', async ({ auth, body }) => ({
    data: await saveInterception(ctx.db, auth, body),
  }));
}
