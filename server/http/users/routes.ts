import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { avatarRoutes } from './avatars';
import { mobileClientRoutes } from './mobile-clients';
import { userRoutes } from './users';

/** Users, their avatars (7.3) and mobile clients (section 3). */
export async function userAreaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(userRoutes, { ctx });
  await app.register(avatarRoutes, { ctx });
  await app.register(mobileClientRoutes, { ctx });
}
