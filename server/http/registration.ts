import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import {
  acceptInvitation,
  invitationInfo,
  requestRecovery,
  resetPassword,
  sendRegistrationLink,
} from '../domain/invitations';
import {
  confirmSelfRegistration,
  requestSelfRegistration,
  resendSelfRegistration,
  selfRegistrationInfo,
} from '../domain/self-registration';
import { scopedUsers } from '../domain/users';
import { authOf, requirePermission } from './auth';
import { invalidRelated, prohibited } from './http-error';
import { defineRoute } from './route';

/** Registration by invitation and password recovery (7.2). */
export async function registrationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  defineRoute(app, 'POST /registration/invite/send', {
    guard: requirePermission('users.create', 'users.edit_all'),
    handler: async ({ request, body }) => {
      const auth = authOf(request);
      const ids = [...new Set(body.users)];
      const visible = await scopedUsers(ctx.db, auth).select('u.id').where('u.id', 'in', ids).execute();
      if (visible.length !== ids.length) throw invalidRelated(['users']);
      for (const id of ids) await sendRegistrationLink(ctx, { userId: id, projectId: auth.projectId });
      return { data: { sent: ids.length } };
    },
  });

  defineRoute(app, 'GET /registration/{token}', {
    handler: async ({ request }) => ({
      data: await invitationInfo(ctx.db, (request.params as { token: string }).token),
    }),
  });

  defineRoute(app, 'POST /registration', {
    handler: async ({ body }) => ({ data: await acceptInvitation(ctx.db, body.token, body.password) }),
  });

  defineRoute(app, 'POST /password/recovery', {
    handler: async ({ body }) => {
      await requestRecovery(ctx, body.email);
      return { data: true as const };
    },
  });

  defineRoute(app, 'POST /password/reset', {
    handler: async ({ body }) => {
      await resetPassword(ctx.db, body.code, body.password);
      return { data: true as const };
    },
  });

  // Self-registration and its e-mail confirmation: only where the server allows it.
  const open = () => {
    if (!ctx.config.selfRegistration) throw prohibited();
  };
  const tokenOf = (request: { params: unknown }) => (request.params as { token: string }).token;

  defineRoute(app, 'POST /registration/self', {
    handler: async ({ body }) => {
      open();
      await requestSelfRegistration(ctx, body);
      return { data: true as const };
    },
  });
  defineRoute(app, 'GET /registration/confirm/{token}', {
    handler: async ({ request }) => {
      open();
      return { data: await selfRegistrationInfo(ctx.db, tokenOf(request)) };
    },
  });
  defineRoute(app, 'POST /registration/confirm', {
    handler: async ({ body }) => {
      open();
      return { data: await confirmSelfRegistration(ctx.db, body.token) };
    },
  });
  defineRoute(app, 'POST /registration/confirm/{token}/resend', {
    handler: async ({ request }) => {
      open();
      await resendSelfRegistration(ctx, tokenOf(request));
      return { data: true as const };
    },
  });
}
