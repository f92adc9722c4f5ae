import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accountRoutes } from './account';
import { installAuth } from './auth';
import { homeRoutes } from './home';
import { profileRoutes } from './profile';
import { sessionRoutes } from './session';
import { shellRoutes } from './shell';
import { systemRoutes } from './system';
import { termsRoutes } from './terms';

/** Everything under /api/v0: the auth hook, then one plugin per area. */
export async function apiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  installAuth(app, ctx);
  await app.register(sessionRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(shellRoutes, { ctx });
  await app.register(homeRoutes, { ctx });
  await app.register(systemRoutes, { ctx });
  await app.register(termsRoutes);
}
