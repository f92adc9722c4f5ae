import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import { unavailable } from '../../domain/errors';
import { registerCall } from '../plumbing/register-call';

/**
 * The device broker (7.8): the link's status, and a restart (the embedded broker stops and starts
 * on its ports; an external broker's link reconnects). 503 `service not available` when it
 * could not come back (a port taken meanwhile, the external broker gone); status says why not.
 */
export async function brokerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /broker/status', async () => ({ data: ctx.deviceLink.status() }));
  registerCall(app, 'POST /broker/restart', async () => {
    try {
      await ctx.deviceLink.restart();
    } catch (error) {
      app.log.error({ err: error }, 'broker: restart failed');
      throw unavailable(ERROR_CODES.serviceNotAvailable);
    }
    return { data: ctx.deviceLink.status() };
  });
}
