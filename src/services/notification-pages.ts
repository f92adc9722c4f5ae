import { fromPromise } from 'xstate';
import type { NotificationSettings, NotificationTab } from '../contract/entities/notification';
import type { EntityFormMachine, SaveRequest, SaveResult } from '../machines/entity-form/entity-form.machine';
import { entityFormMachine } from '../machines/entity-form/entity-form.machine';
import {
  type MarkReadRequest,
  type NotificationListMachine,
  type NotificationPage,
  notificationListMachine,
} from '../machines/notification-list/notification-list.machine';
import type { NotificationsEvent } from '../machines/notifications/notifications.types';
import type { ShowAlert } from './entity-machines';
import type { Http } from './http';

/** The page machines of the notification area. */
export interface NotificationPageMachines {
  /** /notifications: one tab's list. */
  list: NotificationListMachine;
  /** /notifications/settings: the caller's subscription. */
  settingsForm: EntityFormMachine;
}

/**
 * The /notifications and /notifications/settings machines with their real
 * effects. `centre` reaches the session's notifications actor (the bell), which
 * hears about reads made on the page.
 */
export function createNotificationPageMachines(
  http: Http,
  showAlert: ShowAlert,
  centre: (event: NotificationsEvent) => void,
): NotificationPageMachines {
  return {
    list: notificationListMachine.provide({
      actors: {
        fetchPage: fromPromise<NotificationPage, { tab: NotificationTab; page: number }>(async ({ input }) =>
          http.call('GET /notifications/items', { searchParams: { type: input.tab, page: input.page } }),
        ),
        markRead: fromPromise<{ unread: number }, MarkReadRequest>(async ({ input }) => {
          const answer = await http.call('POST /notifications/read', { body: input });
          return { unread: answer.data.unread };
        }),
      },
      actions: {
        alert: (_, params) => showAlert(params),
        reportAllRead: () => centre({ type: 'notifications.allRead' }),
        reportRead: (_, { id }) => centre({ type: 'notifications.markRead', ids: [id] }),
      },
    }),
    settingsForm: entityFormMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        loadItem: fromPromise<unknown, number>(async () => (await http.call('GET /notifications/settings')).data),
        saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
          const answer = await http.call('POST /notifications/settings', { body: input.body });
          return { id: input.id ?? answer.data.user.id, item: answer.data satisfies NotificationSettings };
        }),
      },
    }),
  };
}
