import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { accountRoutes } from './account';
import { profileRoutes } from './profile';
import { registrationRoutes } from './registration';
import { sessionRoutes } from './session';

/** Session, profile, account and registration calls (7.2). */
export async function sessionAreaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(sessionRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
}
