import { fromPromise } from 'xstate';
import { NOTIFICATIONS, STORED_KEYS } from '../contract/constants';
import type { Notification, NotificationSound } from '../contract/entities/notification';
import type {
  DesktopPermission,
  NotificationsEvent,
  NotificationsSummary,
} from '../machines/notifications/notifications.types';
import type { Http } from './http';
import type { Navigation } from './navigation';
import { createSoundPlayer, type SoundPlayer } from './notification-sound';

/** What an effect may tell the notifications actor. */
type Self = { send: (event: NotificationsEvent) => void };

/** A notification in words, for the browser's desktop notification. */
export interface NotificationText {
  title: string;
  body: string;
}

export interface NotificationEffectsDeps {
  http: Http;
  navigation: Navigation;
  /** Translates a notification (the view layer owns i18next). */
  describe: (notification: Notification) => NotificationText;
  /** Where the "not now" answer to desktop notifications is kept. */
  local?: Storage;
  /** The browser's Notification API, if any (tests pass a fake). */
  desktop?: DesktopApi | null;
  sound?: SoundPlayer;
  /** Whether the console is out of sight (desktop notifications only then). */
  isHidden?: () => boolean;
}

/** The part of the browser's Notification API we use. */
export interface DesktopApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  show(title: string, options: { body: string; tag: string }, onClick: () => void): void;
}

/** The real Notification API of the browser, or null where there is none. */
export function browserDesktopApi(): DesktopApi | null {
  if (typeof window === 'undefined' || !('Notification' in window)) return null;
  const api = window.Notification;
  return {
    get permission() {
      return api.permission;
    },
    requestPermission: () => api.requestPermission(),
    show(title, options, onClick) {
      const shown = new api(title, options);
      shown.onclick = () => {
        window.focus();
        onClick();
        shown.close();
      };
    },
  };
}

/** GET /notifications/unread and the first page of items, as the bell needs them. */
export async function fetchNotificationsSummary(http: Http): Promise<NotificationsSummary> {
  const [unread, items] = await Promise.all([
    http.call('GET /notifications/unread'),
    http.call('GET /notifications/items', { searchParams: { page: 1, size: NOTIFICATIONS.headerLast } }),
  ]);
  return {
    latest: items.data,
    total: items.meta.total,
    unreadCount: unread.data.count,
    important: unread.data.important,
    importantCount: unread.data.important_count,
  };
}

/** Real effects of the notifications machine (given with `notificationsMachine.provide`). */
export function createNotificationImplementations(deps: NotificationEffectsDeps) {
  const { http, navigation } = deps;
  const desktop = deps.desktop === undefined ? browserDesktopApi() : deps.desktop;
  const local = deps.local ?? (typeof window === 'undefined' ? undefined : window.localStorage);
  const sound = deps.sound ?? createSoundPlayer();
  const isHidden = deps.isHidden ?? (() => typeof document !== 'undefined' && document.hidden);
  const permission = (): DesktopPermission => (desktop ? desktop.permission : 'unsupported');

  return {
    actors: {
      fetchSummary: fromPromise<NotificationsSummary>(() => fetchNotificationsSummary(http)),
      markRead: fromPromise<{ unread: number }, { ids: number[] }>(async ({ input }) => {
        const answer = await http.call('POST /notifications/read', { body: { ids: input.ids } });
        return { unread: answer.data.unread };
      }),
    },
    actions: {
      playSound: (_: unknown, { sound: name }: { sound: NotificationSound | null }) => {
        if (name) sound.play(name);
      },
      showDesktopNotification: ({ self }: { self: Self }, { notification }: { notification: Notification }) => {
        // In sight, the popup and its sound say it already; the desktop is for when the console is hidden.
        if (desktop?.permission !== 'granted' || !isHidden()) return;
        const text = deps.describe(notification);
        desktop.show(text.title, { body: text.body, tag: `notification-${notification.id}` }, () =>
          self.send({ type: 'notification.open', id: notification.id }),
        );
      },
      checkDesktop: ({ self }: { self: Self }) => {
        self.send({
          type: 'desktop.checked',
          desktop: {
            permission: permission(),
            declined: local?.getItem(STORED_KEYS.desktopNotificationsDeclined) === '1',
          },
        });
      },
      requestDesktopPermission: ({ self }: { self: Self }) => {
        if (!desktop) return;
        desktop
          .requestPermission()
          .then((answer) => self.send({ type: 'desktop.permissionChanged', permission: answer }))
          .catch((error) => console.warn('desktop notification permission', error));
      },
      rememberDesktopDeclined: () => {
        local?.setItem(STORED_KEYS.desktopNotificationsDeclined, '1');
      },
      navigate: (_: unknown, params: { page: string; query: Record<string, string> }) =>
        navigation.go(params.page, params.query),
    },
  };
}
