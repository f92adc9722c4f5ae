import { createNotificationPageMachines } from '../notification-pages';
import { defineArea } from './area';

/**
 * Notifications (7.6): the /notifications list and the subscription form. The
 * bell and desktop notifications are the root actor's `notifications`
 * singleton (src/services/notification-effects.ts), which hears of reads made here.
 */
export const notificationsArea = defineArea('notifications', ({ http, showAlert, app }) => ({
  entities: {},
  machines: {
    notifications: createNotificationPageMachines(http, showAlert, (event) =>
      app()?.system.get('notifications')?.send(event),
    ),
  },
}));
