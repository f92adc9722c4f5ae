import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../../src/contract/entities/profile';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { notAuthorized } from '../../domain/errors';
import { loadProfile, updateOwnProfile, updateOwnUser } from '../../domain/users/profile';
import { registerCall } from '../plumbing/register-call';

/** The caller's own profile: GET and PATCH /profile and the mobile-app popup flag. */
export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const answer = async (auth: Auth): Promise<{ data: Profile }> => {
    const profile = await loadProfile(ctx.db, auth);
    // The user was deleted between the auth check and now.
    if (!profile) throw notAuthorized();
    return { data: profile };
  };

  registerCall(app, 'GET /profile', async ({ auth }) => answer(auth));

  registerCall(app, 'PATCH /profile', async ({ auth, body }) => {
    await updateOwnProfile(ctx, auth, body);
    return answer(auth);
  });

  registerCall(app, 'PATCH /profile/mobile-client/popup/active', async ({ auth, body }) => {
    await updateOwnUser(ctx.db, auth.userId, { is_app_popup_active: body.is_app_popup_active ? 1 : 0 });
    return answer(auth);
  });
}
