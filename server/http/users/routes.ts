import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { avatarRoutes } from './avatars';
import { userRoutes } from './users';

/** Users and their avatars (7.3). */
export async function userAreaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(userRoutes, { ctx });
  await app.register(avatarRoutes, { ctx });
}
