import type { FastifyInstance } from 'fastify';
import { DTMF } from '../../../src/contract/constants';
import { DOOR_OPEN_TONE } from '../../../src/contract/entities/calls';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import { conflict, itemNotFound } from '../../domain/errors';
import { conciergeDevices, deviceNumber, ownNumbers, ownsNumber } from '../../domain/telephony/calls';
import { registerCall } from '../plumbing/register-call';

/**
 * Calls management (7.6): waiting calls, stop, the concierge's door devices and
 * door opening. Also authorises the call-management topics: only the owner of
 * a number may listen to `private-call-management.{number}`.
 */
export async function callRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.realtime.authorize('private-call-management.', (auth, number) =>
    ownsNumber(ctx.db, auth.userId, auth.projectId, number),
  );

  registerCall(app, 'GET /calls/waiting/items', async ({ auth }) => {
    const numbers = await ownNumbers(ctx.db, auth.userId, auth.projectId);
    return { data: ctx.sip.server?.queue.waitingFor(numbers) ?? [] };
  });

  registerCall(app, 'POST /calls/stop', async ({ auth, body }) => {
    const numbers = await ownNumbers(ctx.db, auth.userId, auth.projectId);
    const queue = ctx.sip.server?.queue;
    // A call that does not concern the caller is, for them, a call that does not exist.
    if (!queue?.concerns(body.speech_id, numbers) || !queue.stop(body.speech_id)) throw itemNotFound();
    return { data: true as const };
  });

  registerCall(app, 'GET /calls/concierge/devices/items', async ({ auth }) => ({
    data: await conciergeDevices(ctx.db, auth.projectId),
  }));

  registerCall(app, 'POST /calls/door/open', async ({ auth, body }) => {
    const number = await deviceNumber(ctx.db, auth.projectId, body.token);
    if (!number) throw itemNotFound();
    const server = ctx.sip.server;
    // The SIP server is not running, or the door panel has no registration.
    if (!server || !(await server.sendDtmf(number, DOOR_OPEN_TONE, DTMF.inCallMs))) {
      throw conflict(ERROR_CODES.deviceOffline);
    }
    return { data: true as const };
  });
}
