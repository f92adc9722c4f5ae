import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/contract/errors';
import type { AppContext } from '../context';
import { notify } from '../domain/notifications';
import { authOf, requirePermission } from './auth';
import { HttpError } from './http-error';
import { defineRoute } from './route';

/** 503 when the SIP server could not start again (port taken, certificate unreadable). */
const startError = () => new HttpError(503, { message: ERROR_CODES.sipServiceStartError });

const requesterOf = (request: FastifyRequest) => {
  const auth = authOf(request);
  return { userId: auth.userId, projectId: auth.projectId };
};

/**
 * The SIP service (7.6): status for those who see project settings or system
 * information; restart and reinit for those who change project settings. The
 * user who asked gets the SIP reboot started/completed notifications.
 */
export async function sipRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.sip.onReboot((phase, by, ok) => {
    const failed = phase === 'completed' && !ok;
    notify(ctx, {
      projectId: by.projectId,
      userIds: [by.userId],
      type: phase === 'started' ? 'sip_reboot_started' : 'sip_reboot_completed',
      data: failed ? { has_error: true, output: ctx.sip.status().error ?? ERROR_CODES.sipServiceStartError } : {},
    }).catch((error: unknown) => app.log.warn({ err: error }, 'sip: reboot notification failed'));
  });

  defineRoute(app, 'GET /sip/status', {
    guard: requirePermission('project.view_settings', 'project.change_settings', 'system.view_info'),
    handler: async () => ({ data: ctx.sip.status() }),
  });

  defineRoute(app, 'POST /sip/restart', {
    guard: requirePermission('project.change_settings'),
    handler: async ({ request }) => {
      if (!(await ctx.sip.restart(requesterOf(request)))) throw startError();
      return { data: ctx.sip.status() };
    },
  });

  defineRoute(app, 'POST /sip/reinit', {
    guard: requirePermission('project.change_settings'),
    handler: async ({ request }) => {
      if (!(await ctx.sip.reinit(requesterOf(request)))) throw startError();
      return { data: ctx.sip.status() };
    },
  });
}
