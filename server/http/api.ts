import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accountRoutes } from './account';
import { announceRoutes } from './announces';
import { installAuth } from './auth';
import { avatarRoutes } from './avatars';
import { conversationRoutes } from './conversations';
import { domainTypeRoutes } from './domain-types';
import { emergencyAlertRoutes } from './emergency-alerts';
import { groupCrudRoutes } from './group-crud';
import { groupListRoutes } from './group-list';
import { groupRoutes } from './groups';
import { homeRoutes } from './home';
import { markerRoutes } from './markers';
import { profileRoutes } from './profile';
import { registrationRoutes } from './registration';
import { roleRoutes } from './roles';
import { sessionRoutes } from './session';
import { shellRoutes } from './shell';
import { structureRoutes } from './structure';
import { systemRoutes } from './system';
import { termsRoutes } from './terms';
import { userRoutes } from './users';

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
  await app.register(groupRoutes, { ctx });
  await app.register(domainTypeRoutes, { ctx });
  await app.register(groupListRoutes, { ctx });
  await app.register(groupCrudRoutes, { ctx });
  await app.register(structureRoutes, { ctx });
  await app.register(markerRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(avatarRoutes, { ctx });
  await app.register(roleRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(conversationRoutes, { ctx });
  await app.register(announceRoutes, { ctx });
  await app.register(emergencyAlertRoutes, { ctx });
}
