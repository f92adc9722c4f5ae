import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { unavailable } from '../../domain/errors';
import { notify } from '../../domain/notifications/notifications';
import { registerCall } from '../plumbing/register-call';

/** 503 when the SIP server could not start again (port taken, certificate unreadable). */
const startError = () => unavailable(ERROR_CODES.sipServiceStartError);
const requesterOf = (auth: Auth) => ({ userId: auth.userId, projectId: auth.projectId });

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

  registerCall(app, 'GET /sip/status', async () => ({ data: ctx.sip.status() }));
  registerCall(app, 'POST /sip/restart', async ({ auth }) => {
    if (!(await ctx.sip.restart(requesterOf(auth)))) throw startError();
    return { data: ctx.sip.status() };
  });
  registerCall(app, 'POST /sip/reinit', async ({ auth }) => {
    if (!(await ctx.sip.reinit(requesterOf(auth)))) throw startError();
    return { data: ctx.sip.status() };
  });
}
