import type { SnapshotFrom } from 'xstate';
import type { Notification, NotificationTab } from '../../contract/entities/notification';
import type { NotificationListMachine } from './notification-list.machine';

type S = SnapshotFrom<NotificationListMachine>;

/** The tab this list shows. */
export const selectTab = (s: S): NotificationTab => s.context.tab;
/** Loaded notifications, newest first. */
export const selectItems = (s: S): Notification[] => s.context.items;
/** How many the tab holds in all. */
export const selectTotal = (s: S): number => s.context.total;
export const selectIsLoading = (s: S): boolean => s.matches('loading');
export const selectIsLoadingMore = (s: S): boolean => s.matches('loadingMore');
export const selectIsMarkingAll = (s: S): boolean => s.matches('markingAll');
/** The first page could not be loaded (code for translateError). */
export const selectFailure = (s: S) => (s.matches('failed') ? s.context.failure : null);
/** More notifications exist than are loaded. */
export const selectHasMore = (s: S): boolean => s.context.items.length < s.context.total;
/** Loaded, and the tab holds none. */
export const selectIsEmpty = (s: S): boolean => s.matches('ready') && s.context.total === 0;
/** Mark all read is offered when some loaded notification is unread (the server marks the rest too). */
export const selectCanMarkAll = (s: S): boolean =>
  s.matches('ready') && s.context.items.some((n) => n.read_at === null);
