import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../src/contract/entities/profile';
import type { AppContext } from '../context';
import type { Auth } from '../domain/auth-context';
import { loadProfile, profilePatchToColumns, updateOwnUser } from '../domain/profile';
import { authOf, requirePermission } from './auth';
import { notAuthorized } from './http-error';
import { defineRoute } from './route';

/**
 * The caller's own profile: GET and PATCH /profile and the mobile-app popup flag.
 * 6.1: a user may always edit their own profile, so no permission beyond a login.
 */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const own = requirePermission();
  const answer = async (auth: Auth): Promise<{ data: Profile }> => {
    const profile = await loadProfile(ctx.db, auth);
    // The user was deleted between the auth check and now.
    if (!profile) throw notAuthorized();
    return { data: profile };
  };

  defineRoute(app, 'GET /profile', {
    guard: own,
    handler: async ({ request }) => answer(authOf(request)),
  });

  defineRoute(app, 'PATCH /profile', {
    guard: own,
    handler: async ({ request, body }) => {
      const auth = authOf(request);
      await updateOwnUser(ctx.db, auth.userId, profilePatchToColumns(body));
      return answer(auth);
    },
  });

  defineRoute(app, 'PATCH /profile/mobile-client/popup/active', {
    guard: own,
    handler: async ({ request, body }) => {
      const auth = authOf(request);
      await updateOwnUser(ctx.db, auth.userId, { is_app_popup_active: body.is_app_popup_active ? 1 : 0 });
      return answer(auth);
    },
  });
}
