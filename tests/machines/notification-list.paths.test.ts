import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotificationTab } from '../../src/contract/entities/notification';
import { notificationListFixtures } from '../../src/machines/notification-list/notification-list.fixtures';
import {
  type NotificationListEvent,
  type NotificationListInput,
  type NotificationPage,
  notificationListMachine,
} from '../../src/machines/notification-list/notification-list.machine';
import {
  selectCanMarkAll,
  selectHasMore,
  selectIsEmpty,
  selectItems,
} from '../../src/machines/notification-list/notification-list.selectors';
import { sampleNotification } from '../../src/machines/notifications/notifications.sample';
import { describeModel, pendingActor, replay } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn(), reportAllRead: vi.fn(), reportRead: vi.fn() };
  const machine = notificationListMachine.provide({
    actors: { fetchPage: pendingActor(), markRead: pendingActor() },
    actions: {
      alert: (_, p) => effects.alert(p),
      reportAllRead: () => effects.reportAllRead(),
      reportRead: (_, p) => effects.reportRead(p),
    },
  });
  return { machine, effects };
}

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    sampleNotification(from - i, 'conversation_message_received', { conversation_id: i }),
  );
const page = (n: number, data = rows(100 - (n - 1) * 20, 20), total = 25): NotificationPage => ({
  data,
  meta: { page: n, size: 20, total },
});
const failure = { code: 'internal server error', status: 500 };
const input: NotificationListInput = { tab: 'all' };

const events = [
  { type: 'xstate.done.actor.fetchPage', output: page(1) },
  { type: 'xstate.error.actor.fetchPage', error: failure },
  { type: 'xstate.done.actor.fetchMore', output: page(2, rows(80, 5)) },
  { type: 'xstate.error.actor.fetchMore', error: failure },
  { type: 'xstate.done.actor.markAll', output: { unread: 0 } },
  { type: 'xstate.error.actor.markAll', error: failure },
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'list.refresh' },
  { type: 'list.markAllRead' },
  { type: 'item.read', id: 100 },
] as unknown as NotificationListEvent[];

describeModel('notificationList', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input,
  fixtures: notificationListFixtures,
  invariant: (s) => {
    expect(s.context.items.length).toBeLessThanOrEqual(Math.max(s.context.total, s.context.items.length));
    expect(new Set(s.context.items.map((n) => n.id)).size).toBe(s.context.items.length);
  },
});

const done = (output: NotificationPage, id = 'fetchPage') =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as NotificationListEvent;

describe('notification list behaviour', () => {
  it('asks for the tab page by page and appends without duplicates', async () => {
    const asked: unknown[] = [];
    const machine = notificationListMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input: q }: { input: { tab: NotificationTab; page: number } }) => {
          asked.push(q);
          return q.page === 1 ? page(1) : page(2, [...rows(81, 1), ...rows(80, 5)]);
        }),
      },
    });
    const actor = createActor(machine, { input: { tab: 'alarm' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(selectHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.loadMore' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(asked).toEqual([
      { tab: 'alarm', page: 1 },
      { tab: 'alarm', page: 2 },
    ]);
    expect(selectItems(actor.getSnapshot())).toHaveLength(25);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('mark all read marks the loaded ones, tells the centre and says so', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [done(page(1)), { type: 'list.markAllRead' }]);
    expect(actor.getSnapshot().value).toBe('markingAll');
    actor.send({ type: 'xstate.done.actor.markAll', output: { unread: 0 } } as unknown as NotificationListEvent);
    expect(selectItems(actor.getSnapshot()).every((n) => n.read_at !== null)).toBe(true);
    expect(selectCanMarkAll(actor.getSnapshot())).toBe(false);
    expect(effects.reportAllRead).toHaveBeenCalledTimes(1);
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'success', code: 'notifications:page.allMarked' });
  });

  it('a failed mark-all or load-more keeps the list and alerts the code', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [done(page(1)), { type: 'list.markAllRead' }]);
    actor.send({ type: 'xstate.error.actor.markAll', error: failure } as unknown as NotificationListEvent);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectItems(actor.getSnapshot()).some((n) => n.read_at === null)).toBe(true);
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'internal server error' });
  });

  it('reading one marks it locally once and hands it to the centre', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [
      done(page(1)),
      { type: 'item.read', id: 100 },
      { type: 'item.read', id: 100 },
    ]);
    expect(selectItems(actor.getSnapshot()).find((n) => n.id === 100)!.read_at).not.toBeNull();
    expect(effects.reportRead).toHaveBeenCalledTimes(1);
    expect(effects.reportRead).toHaveBeenCalledWith({ id: 100 });
  });

  it('an empty tab is empty, not loading', () => {
    const actor = replay(stubbed().machine, { tab: 'acs' }, [done(page(1, [], 0))]);
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });
});
