import type { FastifyInstance } from 'fastify';
import { DTMF } from '../../src/contract/constants';
import { DOOR_OPEN_TONE } from '../../src/contract/entities/calls';
import { ERROR_CODES } from '../../src/contract/errors';
import type { Permission } from '../../src/contract/permissions';
import type { AppContext } from '../context';
import { conciergeDevices, deviceNumber, ownNumbers, ownsNumber } from '../domain/calls';
import { authOf, requirePermission } from './auth';
import { HttpError, itemNotFound } from './http-error';
import { defineRoute } from './route';

/** Who works the call queue: the concierge reception, and interception (concierge-like) users. */
const QUEUE_PERMISSIONS: Permission[] = ['concierge.reception', 'calls.interception'];
/** Who manages doors from the dialer. */
const DOOR_PERMISSIONS: Permission[] = ['concierge.reception', 'calls.call_panel'];

/** 409: the SIP server is not running, or the door panel has no registration. */
const deviceOffline = () => new HttpError(409, { message: ERROR_CODES.deviceOffline });

/**
 * Calls management (7.6): waiting calls, stop, the concierge's door devices and
 * door opening. Also authorises the call-management topics: only the owner of
 * a number may listen to `private-call-management.{number}`.
 */
export async function callRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.realtime.authorize('private-call-management.', (auth, number) =>
    ownsNumber(ctx.db, auth.userId, auth.projectId, number),
  );

  defineRoute(app, 'GET /calls/waiting/items', {
    guard: requirePermission(...QUEUE_PERMISSIONS),
    handler: async ({ request }) => {
      const auth = authOf(request);
      const numbers = await ownNumbers(ctx.db, auth.userId, auth.projectId);
      return { data: ctx.sip.server?.queue.waitingFor(numbers) ?? [] };
    },
  });

  defineRoute(app, 'POST /calls/stop', {
    guard: requirePermission(...QUEUE_PERMISSIONS),
    handler: async ({ request, body }) => {
      const auth = authOf(request);
      const numbers = await ownNumbers(ctx.db, auth.userId, auth.projectId);
      const queue = ctx.sip.server?.queue;
      // A call that does not concern the caller is, for them, a call that does not exist.
      if (!queue?.concerns(body.speech_id, numbers) || !queue.stop(body.speech_id)) throw itemNotFound();
      return { data: true as const };
    },
  });

  defineRoute(app, 'GET /calls/concierge/devices/items', {
    guard: requirePermission(...DOOR_PERMISSIONS),
    handler: async ({ request }) => ({ data: await conciergeDevices(ctx.db, authOf(request).projectId) }),
  });

  defineRoute(app, 'POST /calls/door/open', {
    guard: requirePermission(...DOOR_PERMISSIONS),
    handler: async ({ request, body }) => {
      const number = await deviceNumber(ctx.db, authOf(request).projectId, body.token);
      if (!number) throw itemNotFound();
      const server = ctx.sip.server;
      if (!server || !(await server.sendDtmf(number, DOOR_OPEN_TONE, DTMF.inCallMs))) throw deviceOffline();
      return { data: true as const };
    },
  });
}
