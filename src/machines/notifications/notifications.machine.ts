import { and, assign, cancel, fromPromise, raise, sendTo, setup, stateIn } from 'xstate';
import { NOTIFICATION_FETCH_DEBOUNCE_MS, NOTIFICATION_MARK_READ_DELAY_MS } from '../../contract/constants';
import type { Notification, NotificationSound, PopupAction } from '../../contract/entities/notification';
import { userTopic } from '../../contract/realtime';
import type { CallFailure } from '../session/session.types';
import {
  createdNotification,
  findNotification,
  queueIds,
  shownUnreadIds,
  unreadImportant,
  withArrived,
  withRead,
} from './notifications.model';
import type {
  NotificationsContext,
  NotificationsEvent,
  NotificationsInput,
  NotificationsSummary,
} from './notifications.types';

/** The systemId of the one notifications actor; the realtime actor delivers to it by this name. */
export const NOTIFICATIONS_SYSTEM_ID = 'notifications';

const never = () => new Promise<never>(() => {});
/** The notification of a realtime message the guards already accepted. */
const arrivedOf = (event: NotificationsEvent): Notification =>
  createdNotification((event as Extract<NotificationsEvent, { type: 'realtime.message' }>).data)!;

const EMPTY: NotificationsSummary = { latest: [], total: 0, unreadCount: 0, important: [], importantCount: 0 };

/**
 * The notification centre of the session (2.3, 4, 7.10): listens on
 * `private-users.{profileId}`, keeps the bell's last 5 and the last 3 unread
 * important ones (the popups), fetches debounced 1 s, marks what the open bell
 * shows read after 1 s, and announces important arrivals with sound and a
 * desktop notification. Sound, desktop, navigation and HTTP are effects the
 * services layer provides.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    fetchSummary: fromPromise<NotificationsSummary>(never),
    markRead: fromPromise<{ unread: number }, { ids: number[] }>(never),
  },
  delays: {
    fetchDebounce: NOTIFICATION_FETCH_DEBOUNCE_MS,
    markReadDelay: NOTIFICATION_MARK_READ_DELAY_MS,
  },
  actions: {
    // The realtime actor (systemId `realtime`) forwards `realtime.message` for the topic to us.
    // No unsubscribe: this actor lives exactly as long as the session's realtime actor.
    subscribe: sendTo(
      ({ system }) => system.get('realtime'),
      ({ context }) => ({
        type: 'realtime.subscribe',
        topic: userTopic(context.profileId),
        subscriber: NOTIFICATIONS_SYSTEM_ID,
      }),
    ),
    scheduleFetch: raise({ type: 'notifications.fetchDue' }, { id: 'fetchDebounce', delay: 'fetchDebounce' }),
    cancelFetch: cancel('fetchDebounce'),
    fetchNow: raise({ type: 'notifications.fetchDue' }),
    scheduleMarkShown: raise({ type: 'bell.markShownDue' }, { id: 'markShown', delay: 'markReadDelay' }),
    cancelMarkShown: cancel('markShown'),
    closeBell: raise({ type: 'bell.close' }),
    noteArrival: raise({ type: 'notifications.added' }),
    /** Plays the notification's sound, if it has one (an audio asset the console ships). */
    playSound: (_, _params: { sound: NotificationSound | null }) => {},
    /** Shows a desktop notification (the browser's own); the effect checks the permission. */
    showDesktopNotification: (_, _params: { notification: Notification }) => {},
    /** Reports the browser's permission and the stored "not now" as `desktop.checked`. */
    checkDesktop: () => {},
    /** Asks the browser for permission; must run inside the user's gesture. The effect reports the answer. */
    requestDesktopPermission: () => {},
    /** Remembers the user's "not now", so we ask once. */
    rememberDesktopDeclined: () => {},
    /** Opens a console page (the router does it, not the machine). */
    navigate: (_, _params: PopupAction['params']) => {},

    applySummary: assign(({ context }, summary: NotificationsSummary) => {
      // Ones being marked read right now stay read, whatever the server said a moment ago.
      const fresh = withRead(summary, [...context.marking, ...context.queued], new Date().toISOString());
      return { ...fresh, important: unreadImportant(fresh), failure: null, loaded: true };
    }),
    recordFailure: assign((_, failure: CallFailure) => ({ failure })),
    arrive: assign(({ context, event }) => {
      const notification = event.type === 'realtime.message' ? createdNotification(event.data) : null;
      return notification ? withArrived(context, notification) : {};
    }),
    requestRead: assign(({ context }, params: { ids: number[] }) => ({
      ...withRead(context, params.ids, new Date().toISOString()),
      queued: queueIds(context, params.ids),
    })),
    readAll: assign(({ context }) => withRead(context, shownUnreadIds(context), new Date().toISOString())),
    pruneImportant: assign(({ context }) => ({ important: unreadImportant(context) })),
    startMarking: assign(({ context }) => ({ marking: context.queued, queued: [] })),
    finishMarking: assign((_, answer: { unread: number }) => ({ marking: [], unreadCount: answer.unread })),
    dropMarking: assign({ marking: [] }),
    setDesktopPermission: assign(({ context, event }) =>
      event.type === 'desktop.permissionChanged'
        ? { desktop: { ...context.desktop, permission: event.permission } }
        : {},
    ),
    setDesktop: assign(({ event }) => (event.type === 'desktop.checked' ? { desktop: event.desktop } : {})),
    declineDesktop: assign(({ context }) => ({ desktop: { ...context.desktop, declined: true } })),
  },
  guards: {
    isOwnNotification: ({ context, event }) =>
      event.type === 'realtime.message' &&
      event.topic === userTopic(context.profileId) &&
      createdNotification(event.data) !== null,
    isImportantArrival: ({ event }) => {
      const notification = event.type === 'realtime.message' ? createdNotification(event.data) : null;
      return notification?.significance === 'important' && notification.read_at === null;
    },
    hasPopupAction: ({ context, event }) =>
      event.type === 'notification.open' && Boolean(findNotification(context, event.id)?.popup_action),
    hasQueued: ({ context }) => context.queued.length > 0,
    canAskDesktop: ({ context }) => context.desktop.permission === 'default' && !context.desktop.declined,
    isOwnImportantArrival: and(['isOwnNotification', 'isImportantArrival']),
    /** Nothing shows the read important ones: they leave the list at once. */
    isBellClosed: stateIn({ bell: 'closed' }),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    ...EMPTY,
    profileId: input.profileId,
    failure: null,
    marking: [],
    queued: [],
    desktop: input.desktop ?? { permission: 'unsupported', declined: false },
    loaded: false,
  }),
  entry: ['subscribe', 'checkDesktop'],
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchSummary',
            src: 'fetchSummary',
            onDone: { target: 'ready', actions: { type: 'applySummary', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'recordFailure', params: ({ event }) => event.error as CallFailure },
            },
          },
          // A newer reason to fetch while one runs: start over, the last answer wins.
          on: { 'notifications.fetchDue': { target: 'loading', reenter: true } },
        },
        ready: { on: { 'notifications.fetchDue': 'loading' } },
        failed: { on: { 'notifications.fetchDue': 'loading' } },
      },
    },
    bell: {
      initial: 'closed',
      states: {
        // Reads from elsewhere (popups, the page) also drop what is read from the important list at once.
        closed: {
          on: {
            'bell.open': 'open',
            'notifications.markRead': {
              actions: [{ type: 'requestRead', params: ({ event }) => ({ ids: event.ids }) }, 'pruneImportant'],
            },
            'popup.dismiss': {
              actions: [{ type: 'requestRead', params: ({ event }) => ({ ids: [event.id] }) }, 'pruneImportant'],
            },
            'popups.hideAll': {
              actions: [
                { type: 'requestRead', params: ({ context }) => ({ ids: unreadImportant(context).map((n) => n.id) }) },
                'pruneImportant',
              ],
            },
          },
        },
        // While open, read important ones stay listed (the bell shows them) until it closes.
        open: {
          initial: 'waiting',
          exit: 'pruneImportant',
          on: {
            'bell.close': 'closed',
            'notifications.markRead': {
              actions: { type: 'requestRead', params: ({ event }) => ({ ids: event.ids }) },
            },
            'popup.dismiss': { actions: { type: 'requestRead', params: ({ event }) => ({ ids: [event.id] }) } },
            'popups.hideAll': {
              actions: {
                type: 'requestRead',
                params: ({ context }) => ({ ids: unreadImportant(context).map((n) => n.id) }),
              },
            },
          },
          states: {
            // Shown for less than the mark-read delay; closing now leaves them unread.
            waiting: {
              entry: 'scheduleMarkShown',
              exit: 'cancelMarkShown',
              on: {
                'bell.markShownDue': {
                  target: 'seen',
                  actions: { type: 'requestRead', params: ({ context }) => ({ ids: shownUnreadIds(context) }) },
                },
              },
            },
            // What it showed is read; a new arrival starts the delay again.
            seen: { on: { 'notifications.added': 'waiting' } },
          },
        },
      },
    },
    reading: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasQueued', target: 'marking' } },
        marking: {
          entry: 'startMarking',
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ ids: context.marking }),
            onDone: { target: 'idle', actions: { type: 'finishMarking', params: ({ event }) => event.output } },
            // The server is the authority: fetch again to show what it holds.
            onError: { target: 'idle', actions: ['dropMarking', 'scheduleFetch'] },
          },
        },
      },
    },
  },
  on: {
    'realtime.message': [
      {
        guard: 'isOwnImportantArrival',
        actions: [
          'arrive',
          { type: 'playSound', params: ({ event }) => ({ sound: arrivedOf(event).sound }) },
          { type: 'showDesktopNotification', params: ({ event }) => ({ notification: arrivedOf(event) }) },
          'noteArrival',
          'cancelFetch',
          'scheduleFetch',
        ],
      },
      { guard: 'isOwnNotification', actions: ['arrive', 'noteArrival', 'cancelFetch', 'scheduleFetch'] },
    ],
    'realtime.connected': { actions: ['cancelFetch', 'scheduleFetch'] },
    'notifications.refresh': { actions: ['cancelFetch', 'fetchNow'] },
    // Opened from a popup (bell closed) or from the bell (which closes): either way it leaves the list.
    'notification.open': [
      {
        guard: 'hasPopupAction',
        actions: [
          { type: 'requestRead', params: ({ event }) => ({ ids: [event.id] }) },
          {
            type: 'navigate',
            params: ({ context, event }) => findNotification(context, event.id)!.popup_action!.params,
          },
          'pruneImportant',
          'closeBell',
        ],
      },
      {
        actions: [{ type: 'requestRead', params: ({ event }) => ({ ids: [event.id] }) }, 'pruneImportant', 'closeBell'],
      },
    ],
    'notifications.allRead': [
      { guard: 'isBellClosed', actions: ['readAll', 'pruneImportant', 'cancelFetch', 'scheduleFetch'] },
      { actions: ['readAll', 'cancelFetch', 'scheduleFetch'] },
    ],
    'desktop.enable': { guard: 'canAskDesktop', actions: 'requestDesktopPermission' },
    'desktop.decline': { actions: ['declineDesktop', 'rememberDesktopDeclined'] },
    'desktop.checked': { actions: 'setDesktop' },
    'desktop.permissionChanged': { actions: 'setDesktopPermission' },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
