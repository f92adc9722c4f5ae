import type { SnapshotFrom } from 'xstate';
import type { Notification } from '../../contract/entities/notification';
import type { NotificationsMachine } from './notifications.machine';

type S = SnapshotFrom<NotificationsMachine>;

/** Unread notifications of the user (the bell's badge). */
export const selectUnreadCount = (s: S): number => s.context.unreadCount;
/** The bell's list: the newest notifications, at most 5. */
export const selectLatest = (s: S): Notification[] => s.context.latest;
/** Unread important notifications shown as popups in the footer (newest first, at most 3). */
export const selectPopups = (s: S): Notification[] => s.context.important.filter((n) => n.read_at === null);
/** The important ones the bell shows: the last 3 unread, kept (read) while the open bell marks them. */
export const selectBellImportant = (s: S): Notification[] => s.context.important;
/** The bell's latest list without the ones its important section already shows. */
export const selectBellLatest = (s: S): Notification[] => {
  const shown = new Set(s.context.important.map((n) => n.id));
  return s.context.latest.filter((n) => !shown.has(n.id));
};
/** Unread important notifications in all (the popups show at most 3). */
export const selectImportantCount = (s: S): number => s.context.importantCount;
/** Hide-all is offered when more than one important notification is unread (9). */
export const selectCanHideAll = (s: S): boolean => s.context.importantCount > 1;
/** See-all is offered when more unread important ones exist than the popups show (9). */
export const selectHasMoreImportant = (s: S): boolean => s.context.importantCount > selectPopups(s).length;
/** The bell links to the whole list when it shows fewer than the user has. */
export const selectHasMoreNotifications = (s: S): boolean => s.context.total > s.context.latest.length;
export const selectIsBellOpen = (s: S): boolean => s.matches({ bell: 'open' });
/** Nothing loaded yet: the bell shows a spinner. */
export const selectIsFirstLoad = (s: S): boolean => !s.context.loaded && s.matches({ data: 'loading' });
/** The last fetch failed (code for translateError), while nothing newer arrived. */
export const selectFailure = (s: S) => (s.matches({ data: 'failed' }) ? s.context.failure : null);
/** Whether to offer desktop notifications: the browser has not been asked and the user did not decline. */
export const selectCanAskDesktop = (s: S): boolean =>
  s.context.desktop.permission === 'default' && !s.context.desktop.declined;
