import type { Notification } from '../../contract/entities/notification';
import type { RealtimeData } from '../../contract/realtime';
import type { CallFailure } from '../session/session.types';

/** What the browser allows for desktop notifications; `unsupported` where there is no Notification API. */
export type DesktopPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/** Desktop notifications as the machine knows them. */
export interface DesktopState {
  permission: DesktopPermission;
  /** The user said "not now" once: we do not ask again (asked politely, once). */
  declined: boolean;
}

/** What one fetch brings (GET /notifications/unread and the first items). */
export interface NotificationsSummary {
  /** The newest notifications, at most NOTIFICATIONS.headerLast. */
  latest: Notification[];
  /** How many notifications the user has in all. */
  total: number;
  unreadCount: number;
  /** The newest unread important ones, at most NOTIFICATIONS.headerImportantUnread. */
  important: Notification[];
  importantCount: number;
}

export interface NotificationsContext extends NotificationsSummary {
  profileId: number;
  failure: CallFailure | null;
  /** Ids being marked read on the server now. */
  marking: number[];
  /** Ids to mark read once the current call is done. */
  queued: number[];
  desktop: DesktopState;
  /** Whether the first fetch has answered (the bell shows a spinner before). */
  loaded: boolean;
}

export interface NotificationsInput {
  profileId: number;
  desktop?: DesktopState;
}

export type NotificationsEvent =
  /** Forwarded by the realtime actor for topics we subscribed to. */
  | { type: 'realtime.message'; topic: string; data: RealtimeData }
  /** The realtime actor (re)connected: we may have missed messages. */
  | { type: 'realtime.connected' }
  | { type: 'notifications.refresh' }
  /** The fetch debounce elapsed (raised by the machine itself). */
  | { type: 'notifications.fetchDue' }
  /** A notification arrived live (raised by the machine itself). */
  | { type: 'notifications.added' }
  | { type: 'bell.open' }
  | { type: 'bell.close' }
  /** The bell was open long enough: what it shows counts as read (raised by the machine itself). */
  | { type: 'bell.markShownDue' }
  /** Clicked: mark it read and follow its popup action. */
  | { type: 'notification.open'; id: number }
  | { type: 'popup.dismiss'; id: number }
  | { type: 'popups.hideAll' }
  /** Another view read these (the /notifications page): mark them read with the same queue. */
  | { type: 'notifications.markRead'; ids: number[] }
  /** The page marked everything read itself (POST read all): reflect it. */
  | { type: 'notifications.allRead' }
  /** A user gesture asks for desktop notifications. */
  | { type: 'desktop.enable' }
  | { type: 'desktop.decline' }
  /** Reported by the desktop effect at start: what the browser allows and what the user said before. */
  | { type: 'desktop.checked'; desktop: DesktopState }
  /** Reported by the desktop effect after asking the browser. */
  | { type: 'desktop.permissionChanged'; permission: DesktopPermission };
