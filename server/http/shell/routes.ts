import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Hub } from '../../realtime/hub';
import { homeRoutes } from './home';
import { realtimeRoutes } from './realtime';
import { shellRoutes } from './shell';
import { termsRoutes } from './terms';

/** The console shell's calls, the dashboard and the realtime socket. */
export async function shellAreaRoutes(app: FastifyInstance, { ctx, hub }: { ctx: AppContext; hub: Hub }) {
  await app.register(shellRoutes, { ctx });
  await app.register(termsRoutes);
  await app.register(homeRoutes, { ctx });
  await app.register(realtimeRoutes, { ctx, hub });
}
