import * as v from 'valibot';
import { NOTIFICATIONS } from '../../contract/constants';
import {
  type Notification,
  type NotificationCreatedEvent,
  NotificationCreatedEventSchema,
} from '../../contract/entities/notification';
import type { RealtimeData } from '../../contract/realtime';
import type { NotificationsContext, NotificationsSummary } from './notifications.types';

/** Pure reducers of the notifications machine: what the bell knows after each fact. */

/** The notification a realtime message carries, when it is a NotificationCreated. */
export function createdNotification(data: RealtimeData): Notification | null {
  const parsed = v.safeParse(NotificationCreatedEventSchema, data);
  return parsed.success ? (parsed.output as NotificationCreatedEvent).notification : null;
}

const isUnread = (n: Notification) => n.read_at === null;

/** A live notification joins the bell (newest first) and, when important, the popups. */
export function withArrived(context: NotificationsContext, notification: Notification): Partial<NotificationsContext> {
  if (context.latest.some((n) => n.id === notification.id)) return {};
  const important = notification.significance === 'important';
  return {
    latest: [notification, ...context.latest].slice(0, NOTIFICATIONS.headerLast),
    total: context.total + 1,
    unreadCount: context.unreadCount + (isUnread(notification) ? 1 : 0),
    important:
      important && isUnread(notification)
        ? [notification, ...context.important].slice(0, NOTIFICATIONS.headerImportantUnread)
        : context.important,
    importantCount: context.importantCount + (important && isUnread(notification) ? 1 : 0),
  };
}

/**
 * Marks `ids` read locally at `now` (optimistically, before the server
 * answers): they leave the popups and the counts drop by the ones that were unread.
 */
export function withRead(context: NotificationsSummary, ids: readonly number[], now: string): NotificationsSummary {
  const set = new Set(ids);
  const known = new Map<number, Notification>();
  for (const n of [...context.latest, ...context.important]) known.set(n.id, n);
  const newlyRead = [...known.values()].filter((n) => set.has(n.id) && isUnread(n));
  const importantRead = newlyRead.filter((n) => n.significance === 'important').length;
  return {
    ...context,
    latest: context.latest.map((n) => (set.has(n.id) && isUnread(n) ? { ...n, read_at: now } : n)),
    // Read ones stay until the bell closes (it still shows them); popups show only unread ones.
    important: context.important.map((n) => (set.has(n.id) && isUnread(n) ? { ...n, read_at: now } : n)),
    unreadCount: Math.max(0, context.unreadCount - newlyRead.length),
    importantCount: Math.max(0, context.importantCount - importantRead),
  };
}

/** Ids of what the open bell shows that are still unread. */
export function shownUnreadIds(context: NotificationsSummary): number[] {
  return [...new Set([...context.latest, ...context.important].filter(isUnread).map((n) => n.id))];
}

/** Adds ids to the marking queue, leaving out ones already on their way. */
export function queueIds(context: Pick<NotificationsContext, 'marking' | 'queued'>, ids: readonly number[]): number[] {
  const pending = new Set([...context.marking, ...context.queued]);
  return [...context.queued, ...ids.filter((id) => !pending.has(id))];
}

/** The notification with this id, among those the bell and popups hold. */
export function findNotification(context: NotificationsSummary, id: number): Notification | undefined {
  return context.latest.find((n) => n.id === id) ?? context.important.find((n) => n.id === id);
}

/** The important list without the ones read meanwhile (when the bell that showed them closes). */
export function unreadImportant(context: NotificationsSummary): Notification[] {
  return context.important.filter(isUnread);
}
