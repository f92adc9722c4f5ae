import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import { DomainError, invalidRelated, prohibited } from '../../domain/errors';
import {
  acceptInvitation,
  invitationInfo,
  requestRecovery,
  resetPassword,
  sendRegistrationLink,
} from '../../domain/users/invitations';
import {
  confirmSelfRegistration,
  requestSelfRegistration,
  resendSelfRegistration,
  selfRegistrationInfo,
} from '../../domain/users/self-registration';
import { registerSimple } from '../../domain/users/simple-registration';
import { mayInvite, scopedUsers } from '../../domain/users/users';
import { registerCall } from '../plumbing/register-call';

/** Registration by invitation, self-registration and password recovery (7.2). */
export async function registrationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'POST /registration/invite/send', async ({ auth, body }) => {
    const ids = [...new Set(body.users)];
    const visible = await scopedUsers(ctx.db, auth).select('u.id').where('u.id', 'in', ids).execute();
    if (visible.length !== ids.length) throw invalidRelated(['users']);
    // A registration link lets its reader set the password: only for users the caller may edit (6.1),
    // or, with users.create, for the not yet activated users the caller created.
    if (!(await mayInvite(ctx.db, auth, ids))) throw prohibited();
    for (const id of ids) await sendRegistrationLink(ctx, { userId: id, projectId: auth.projectId });
    return { data: { sent: ids.length } };
  });

  registerCall(app, 'GET /registration/{token}', async ({ params }) => ({
    data: await invitationInfo(ctx.db, params.token),
  }));
  registerCall(app, 'POST /registration', async ({ body }) => ({
    data: await acceptInvitation(ctx.db, body.token, body.password),
  }));
  // Password recovery and reset are credential calls: refused to a banned address. A recovery
  // request cannot fail (it never says whether the e-mail is known); a wrong reset code counts.
  registerCall(app, 'POST /password/recovery', async ({ body, request }) => {
    await ctx.ipBlocking.assertAllowed({ ip: request.ip, service: 'http' });
    await requestRecovery(ctx, body.email);
    return { data: true as const };
  });
  registerCall(app, 'POST /password/reset', async ({ body, request }) => {
    const attempt = { ip: request.ip, service: 'http' as const };
    await ctx.ipBlocking.assertAllowed(attempt);
    try {
      const userId = await resetPassword(ctx.db, body.code, body.password);
      // Sessions ended with the old password: their live lines close at once.
      ctx.realtime.endSessions({ userId });
    } catch (error) {
      if (error instanceof DomainError && error.body.message === ERROR_CODES.verificationLinkOutdated) {
        await ctx.ipBlocking.recordFailure({ ...attempt, cause: 'AUTH_FAILED' });
      }
      throw error;
    }
    return { data: true as const };
  });

  // Self-registration and its e-mail confirmation: only where the server allows it.
  const open = () => {
    if (!ctx.config.selfRegistration) throw prohibited();
  };
  registerCall(app, 'POST /registration/self', async ({ body }) => {
    open();
    await requestSelfRegistration(ctx, body);
    return { data: true as const };
  });
  registerCall(app, 'POST /registration/simple', async ({ body }) => {
    open();
    return { data: await registerSimple(ctx.db, body) };
  });
  registerCall(app, 'GET /registration/confirm/{token}', async ({ params }) => {
    open();
    return { data: await selfRegistrationInfo(ctx.db, params.token) };
  });
  registerCall(app, 'POST /registration/confirm', async ({ body }) => {
    open();
    return { data: await confirmSelfRegistration(ctx.db, body.token) };
  });
  registerCall(app, 'POST /registration/confirm/{token}/resend', async ({ params }) => {
    open();
    await resendSelfRegistration(ctx, params.token);
    return { data: true as const };
  });
}
