import type { FastifyInstance } from 'fastify';
import { NotificationItemsQuerySchema } from '../../src/contract/entities/notification';
import type { AppContext } from '../context';
import { listNotifications, markRead, unreadSummary } from '../domain/notification-inbox';
import { readNotificationSettings, saveNotificationSettings } from '../domain/notification-settings';
import { authOf, requirePermission } from './auth';
import { parseQuery } from './groups';
import { defineRoute } from './route';

/**
 * Notifications (7.6): every logged-in user reads and marks their own, in the
 * current project, and keeps their own subscription. No permission beyond login
 * (6.4: /notifications is always there).
 */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const own = requirePermission();

  defineRoute(app, 'GET /notifications/unread', {
    guard: own,
    handler: async ({ request }) => ({ data: await unreadSummary(ctx.db, authOf(request)) }),
  });
  defineRoute(app, 'GET /notifications/items', {
    guard: own,
    handler: async ({ request }) =>
      listNotifications(ctx.db, authOf(request), parseQuery(NotificationItemsQuerySchema, request.query)),
  });
  defineRoute(app, 'POST /notifications/read', {
    guard: own,
    handler: async ({ request, body }) => ({ data: await markRead(ctx.db, authOf(request), body) }),
  });
  defineRoute(app, 'GET /notifications/settings', {
    guard: own,
    handler: async ({ request }) => ({ data: await readNotificationSettings(ctx.db, authOf(request)) }),
  });
  defineRoute(app, 'POST /notifications/settings', {
    guard: own,
    handler: async ({ request, body }) => ({ data: await saveNotificationSettings(ctx.db, authOf(request), body) }),
  });
}
