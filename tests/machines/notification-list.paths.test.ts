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
import { calls, describeModel, type ModelStep, pendingActor, replay, starts } from '../support/model-based';

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
  // Page 2 repeats the last row of page 1 (a new notification pushed everything down) and brings 5 more.
  { type: 'xstate.done.actor.fetchMore', output: page(2, rows(81, 6)) },
  // Some were deleted meanwhile: the server now counts fewer than are shown.
  { type: 'xstate.done.actor.fetchMore', output: page(2, rows(79, 1), 18) },
  { type: 'xstate.error.actor.fetchMore', error: failure },
  { type: 'xstate.done.actor.markAll', output: { unread: 0 } },
  { type: 'xstate.error.actor.markAll', error: failure },
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'list.refresh' },
  { type: 'list.markAllRead' },
  { type: 'item.read', id: 100 },
] as unknown as NotificationListEvent[];

const modelMachine = stubbed().machine;
type Step = ModelStep<typeof modelMachine>;
const settled = (step: Step, type: string, from: 'loadingMore' | 'markingAll') =>
  step.event.type === type && step.before?.matches(from);

describeModel('notificationList', {
  machine: modelMachine,
  events,
  input,
  serialize: (s) => JSON.stringify([s.value, s.context.items.length, s.context.items.some((n) => n.read_at === null)]),
  fixtures: notificationListFixtures,
  invariants: {
    'the page never shows more notifications than the tab holds, each once': (s) => {
      expect(s.context.items.length).toBeLessThanOrEqual(s.context.total);
      expect(new Set(s.context.items.map((n) => n.id)).size).toBe(s.context.items.length);
    },
    'each request runs exactly in its state': (s) => {
      expect(s.children.fetchPage !== undefined).toBe(s.matches('loading'));
      expect(s.children.fetchMore !== undefined).toBe(s.matches('loadingMore'));
      expect(s.children.markAll !== undefined).toBe(s.matches('markingAll'));
    },
  },
  rules: {
    "pages are asked for the list's tab: the first, then the next": (step) => {
      const first = starts(step, 'fetchPage');
      if (first.length > 0) expect(first).toEqual([{ tab: input.tab, page: 1 }]);
      const more = starts(step, 'fetchMore');
      if (more.length > 0) expect(more).toEqual([{ tab: input.tab, page: (step.before?.context.page ?? 0) + 1 }]);
    },
    'everything is marked read only when asked': (step) => {
      const marks = starts(step, 'markAll');
      expect(marks).toEqual(
        step.event.type === 'list.markAllRead' && step.before?.matches('ready') ? [{ all: true }] : [],
      );
    },
    'marked all read: every loaded one is read, the centre hears it, and the user is told': (step) => {
      if (!settled(step, 'xstate.done.actor.markAll', 'markingAll')) return;
      expect(step.after.context.items.filter((n) => n.read_at === null)).toEqual([]);
      expect(calls(step, 'reportAllRead')).toHaveLength(1);
      expect(calls(step, 'alert')).toEqual([{ kind: 'success', code: 'notifications:page.allMarked' }]);
    },
    'reading one counts once, and the centre hears it': (step) => {
      const e = step.event as NotificationListEvent;
      const unread =
        e.type === 'item.read' && step.before?.context.items.some((n) => n.id === e.id && n.read_at === null);
      expect(calls(step, 'reportRead')).toEqual(unread ? [{ id: (e as { id: number }).id }] : []);
      if (e.type === 'item.read')
        expect(step.after.context.items.find((n) => n.id === e.id)?.read_at ?? 'gone').not.toBeNull();
    },
    'failures of load more and mark all are said; the list stays': (step) => {
      const failed =
        settled(step, 'xstate.error.actor.fetchMore', 'loadingMore') ||
        settled(step, 'xstate.error.actor.markAll', 'markingAll');
      if (!failed) return;
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: failure.code }]);
      expect(step.after.context.items).toEqual(step.before?.context.items);
    },
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
