import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { listNotifications, markRead, unreadSummary } from '../../domain/notifications/inbox';
import { readNotificationSettings, saveNotificationSettings } from '../../domain/notifications/settings';
import { registerCall } from '../plumbing/register-call';

/**
 * Notifications (7.6): every logged-in user reads and marks their own, in the
 * current project, and keeps their own subscription (6.4: /notifications is always there).
 */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /notifications/unread', async ({ auth }) => ({ data: await unreadSummary(ctx.db, auth) }));
  registerCall(app, 'GET /notifications/items', async ({ auth, query }) => listNotifications(ctx.db, auth, query));
  registerCall(app, 'POST /notifications/read', async ({ auth, body }) => ({
    data: await markRead(ctx.db, auth, body),
  }));
  registerCall(app, 'GET /notifications/settings', async ({ auth }) => ({
    data: await readNotificationSettings(ctx.db, auth),
  }));
  registerCall(app, 'POST /notifications/settings', async ({ auth, body }) => ({
    data: await saveNotificationSettings(ctx.db, auth, body),
  }));
}
