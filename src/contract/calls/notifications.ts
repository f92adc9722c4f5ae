import { defineCalls, envelope, member } from '../call';
import {
  NotificationItemsQuerySchema,
  NotificationReadAnswerSchema,
  NotificationReadSchema,
  NotificationSchema,
  NotificationSettingsPatchSchema,
  NotificationSettingsSchema,
  NotificationUnreadSchema,
} from '../entities/notification';
import { listAnswer } from '../filters';

/** 6.4: /notifications is always there; each user reads, marks and subscribes to their own. */
const own = member("the caller's own notifications and subscription, in the current project");

/** Notifications (7.6). */
export const NOTIFICATION_CALLS = defineCalls({
  'GET /notifications/unread': { access: own, response: envelope(NotificationUnreadSchema) },
  'GET /notifications/items': {
    access: own,
    query: NotificationItemsQuerySchema,
    response: listAnswer(NotificationSchema),
  },
  'POST /notifications/read': {
    audit: false,
    access: own,
    body: NotificationReadSchema,
    response: envelope(NotificationReadAnswerSchema),
  },
  'GET /notifications/settings': { access: own, response: envelope(NotificationSettingsSchema) },
  'POST /notifications/settings': {
    access: own,
    body: NotificationSettingsPatchSchema,
    response: envelope(NotificationSettingsSchema),
  },
});
