import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { announceRoutes } from './announces';
import { conversationRoutes } from './conversations';
import { emergencyAlertRoutes } from './emergency-alerts';

/** Conversations, announces and emergency alerts (7.6). */
export async function communicationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(conversationRoutes, { ctx });
  await app.register(announceRoutes, { ctx });
  await app.register(emergencyAlertRoutes, { ctx });
}
