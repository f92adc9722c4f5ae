import { assign, fromPromise, setup } from 'xstate';
import type { Notification, NotificationTab } from '../../contract/entities/notification';
import type { CallFailure } from '../session/session.types';

/** One page of GET /notifications/items. */
export interface NotificationPage {
  data: Notification[];
  meta: { page: number; size: number; total: number };
}

export interface NotificationListContext {
  tab: NotificationTab;
  items: Notification[];
  /** The last page loaded (load more asks for the next). */
  page: number;
  total: number;
  failure: CallFailure | null;
}

export interface NotificationListInput {
  tab: NotificationTab;
}

/** What marking asks the server: some ids, or everything. */
export type MarkReadRequest = { ids: number[] } | { all: true };

export type NotificationListEvent =
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'list.markAllRead' }
  /** The user opened (or read) one: it counts as read. */
  | { type: 'item.read'; id: number };

const never = () => new Promise<never>(() => {});
const readNow = (n: Notification, now: string): Notification => (n.read_at === null ? { ...n, read_at: now } : n);

/**
 * The /notifications page (2.1): one tab's notifications, newest first, 20 a
 * page with load more, mark all read, and reading one as it is opened. The
 * tab comes with the input (the page makes a new actor per `?type=`).
 */
export const notificationListMachine = setup({
  types: {
    context: {} as NotificationListContext,
    events: {} as NotificationListEvent,
    input: {} as NotificationListInput,
  },
  actors: {
    fetchPage: fromPromise<NotificationPage, { tab: NotificationTab; page: number }>(never),
    markRead: fromPromise<{ unread: number }, MarkReadRequest>(never),
  },
  actions: {
    /** Tells the notification centre (bell, popups) that everything was marked read here. */
    reportAllRead: () => {},
    /** Hands one read to the notification centre, which marks it on the server with its own queue. */
    reportRead: (_, _params: { id: number }) => {},
    alert: (_, _params: { kind: 'error' | 'success'; code: string }) => {},
    setFirstPage: assign((_, answer: NotificationPage) => ({
      items: answer.data,
      page: answer.meta.page,
      total: answer.meta.total,
      failure: null,
    })),
    /** Ones already shown are not shown twice; the total never drops below what is shown (some deleted meanwhile). */
    appendPage: assign(({ context }, answer: NotificationPage) => {
      const known = new Set(context.items.map((n) => n.id));
      const items = [...context.items, ...answer.data.filter((n) => !known.has(n.id))];
      return { items, page: answer.meta.page, total: Math.max(answer.meta.total, items.length) };
    }),
    recordFailure: assign((_, failure: CallFailure) => ({ failure })),
    markAllLocally: assign(({ context }) => {
      const now = new Date().toISOString();
      return { items: context.items.map((n) => readNow(n, now)) };
    }),
    markOneLocally: assign(({ context }, params: { id: number }) => {
      const now = new Date().toISOString();
      return { items: context.items.map((n) => (n.id === params.id ? readNow(n, now) : n)) };
    }),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.total,
    isUnread: ({ context, event }) =>
      event.type === 'item.read' && context.items.some((n) => n.id === event.id && n.read_at === null),
    hasUnread: ({ context }) => context.items.some((n) => n.read_at === null),
  },
}).createMachine({
  id: 'notificationList',
  context: ({ input }) => ({ tab: input.tab, items: [], page: 1, total: 0, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ tab: context.tab, page: 1 }),
        onDone: { target: 'ready', actions: { type: 'setFirstPage', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => event.error as CallFailure },
        },
      },
    },
    ready: {
      on: {
        'list.loadMore': { guard: 'hasMore', target: 'loadingMore' },
        'list.refresh': 'loading',
        'list.markAllRead': 'markingAll',
      },
    },
    loadingMore: {
      invoke: {
        id: 'fetchMore',
        src: 'fetchPage',
        input: ({ context }) => ({ tab: context.tab, page: context.page + 1 }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: {
            type: 'alert',
            params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }),
          },
        },
      },
    },
    markingAll: {
      invoke: {
        id: 'markAll',
        src: 'markRead',
        input: { all: true },
        onDone: {
          target: 'ready',
          actions: [
            'markAllLocally',
            'reportAllRead',
            { type: 'alert', params: { kind: 'success', code: 'notifications:page.allMarked' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'alert',
            params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }),
          },
        },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
  },
  on: {
    'item.read': {
      guard: 'isUnread',
      actions: [
        { type: 'markOneLocally', params: ({ event }) => ({ id: event.id }) },
        { type: 'reportRead', params: ({ event }) => ({ id: event.id }) },
      ],
    },
  },
});

export type NotificationListMachine = typeof notificationListMachine;
