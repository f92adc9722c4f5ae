import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup } from 'xstate';
import {
  NOTIFICATION_FETCH_DEBOUNCE_MS,
  NOTIFICATION_MARK_READ_DELAY_MS,
  NOTIFICATIONS,
} from '../../src/contract/constants';
import { userTopic } from '../../src/contract/realtime';
import { notificationsFixtures } from '../../src/machines/notifications/notifications.fixtures';
import { NOTIFICATIONS_SYSTEM_ID, notificationsMachine } from '../../src/machines/notifications/notifications.machine';
import { sampleNotifications as n, sampleNotification } from '../../src/machines/notifications/notifications.sample';
import {
  selectCanHideAll,
  selectHasMoreImportant,
  selectPopups,
  selectUnreadCount,
} from '../../src/machines/notifications/notifications.selectors';
import type {
  NotificationsEvent,
  NotificationsInput,
  NotificationsSummary,
} from '../../src/machines/notifications/notifications.types';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  quietActions,
  replay,
  starts,
} from '../support/model-based';

const input: NotificationsInput = { profileId: 4, desktop: { permission: 'default', declined: false } };
const topic = userTopic(4);

function stubbed(actors: Partial<Record<'fetchSummary' | 'markRead', ReturnType<typeof pendingActor>>> = {}) {
  const effects = {
    subscribe: vi.fn(),
    playSound: vi.fn(),
    showDesktopNotification: vi.fn(),
    requestDesktopPermission: vi.fn(),
    rememberDesktopDeclined: vi.fn(),
    navigate: vi.fn(),
  };
  const machine = notificationsMachine.provide({
    actors: { fetchSummary: pendingActor(), markRead: pendingActor(), ...actors },
    actions: {
      subscribe: () => effects.subscribe(),
      playSound: (_, p) => effects.playSound(p),
      showDesktopNotification: (_, p) => effects.showDesktopNotification(p),
      requestDesktopPermission: () => effects.requestDesktopPermission(),
      rememberDesktopDeclined: () => effects.rememberDesktopDeclined(),
      navigate: (_, p) => effects.navigate(p),
    },
  });
  return { machine, effects };
}

const summary: NotificationsSummary = {
  latest: [n.announce, n.alarm, n.message, n.identifier, n.reboot],
  total: 12,
  unreadCount: 5,
  important: [n.announce, n.alarm, n.revoked],
  importantCount: 4,
};
const failure = { code: 'internal server error', status: 500 };
const created = (notification = sampleNotification(50, 'announce_received', { token: 'new' })) =>
  ({ type: 'realtime.message', topic, data: { type: 'NotificationCreated', notification } }) as const;

const events = [
  { type: 'xstate.done.actor.fetchSummary', output: summary },
  { type: 'xstate.error.actor.fetchSummary', error: failure },
  { type: 'xstate.done.actor.markRead', output: { unread: 2 } },
  { type: 'xstate.error.actor.markRead', error: failure },
  created(),
  created(sampleNotification(51, 'conversation_message_received', { conversation_id: 3 })),
  { type: 'realtime.message', topic: userTopic(99), data: { type: 'NotificationCreated' } },
  { type: 'realtime.connected' },
  { type: 'notifications.refresh' },
  { type: 'notifications.fetchDue' },
  { type: 'bell.open' },
  { type: 'bell.close' },
  { type: 'bell.markShownDue' },
  { type: 'notification.open', id: 41 },
  { type: 'notification.open', id: 999 },
  { type: 'popup.dismiss', id: 40 },
  { type: 'popups.hideAll' },
  { type: 'notifications.allRead' },
  { type: 'notifications.markRead', ids: [39, 1000] },
  { type: 'desktop.enable' },
  { type: 'desktop.decline' },
  { type: 'desktop.permissionChanged', permission: 'granted' },
  { type: 'desktop.checked', desktop: { permission: 'default', declined: true } },
] as unknown as NotificationsEvent[];

const modelMachine = notificationsMachine.provide({
  actors: { fetchSummary: pendingActor(), markRead: pendingActor() },
  actions: quietActions(
    'subscribe',
    'playSound',
    'showDesktopNotification',
    'checkDesktop',
    'requestDesktopPermission',
    'rememberDesktopDeclined',
    'navigate',
  ),
});
type Step = ModelStep<typeof modelMachine>;

const FETCH_REASONS = ['xstate.init', 'notifications.fetchDue', 'notifications.refresh'];
const running = (s: Step['after'], id: string) =>
  (s.children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot().status === 'active';
const waiting = (s: Step['before']) => s?.matches({ bell: { open: 'waiting' } }) === true;
const importantArrival = (e: NotificationsEvent) => {
  if (e.type !== 'realtime.message' || e.topic !== topic) return null;
  const n = (e.data as { notification?: { significance: string; read_at: string | null } }).notification;
  return n ? n.significance === 'important' && n.read_at === null : null;
};

describeModel('notifications', {
  machine: modelMachine,
  events,
  input,
  fixtures: notificationsFixtures,
  invariants: {
    'counts are never negative': (s) => {
      expect(s.context.unreadCount).toBeGreaterThanOrEqual(0);
      expect(s.context.importantCount).toBeGreaterThanOrEqual(0);
    },
    'the bell holds the last 5, the popups the last 3 important': (s) => {
      expect(s.context.latest.length).toBeLessThanOrEqual(NOTIFICATIONS.headerLast);
      expect(s.context.important.length).toBeLessThanOrEqual(NOTIFICATIONS.headerImportantUnread);
      expect(s.context.important.every((x) => x.significance === 'important')).toBe(true);
    },
    'read important ones stay listed only while the open bell shows them': (s) => {
      if (!s.matches({ bell: 'open' })) expect(s.context.important.every((x) => x.read_at === null)).toBe(true);
    },
    'each request runs exactly in its state': (s) => {
      expect(running(s, 'fetchSummary')).toBe(s.matches({ data: 'loading' }));
      expect(running(s, 'markRead')).toBe(s.matches({ reading: 'marking' }));
      if (s.matches({ reading: 'marking' })) expect(s.context.marking.length).toBeGreaterThan(0);
    },
  },
  rules: {
    'fetches are debounced 1 s: a fetch starts only when the debounce is due (or at start, or on refresh)': (step) => {
      if (starts(step, 'fetchSummary').length > 0) expect(FETCH_REASONS).toContain(step.event.type);
      for (const timer of step.effects.scheduled.filter((t) => t.event.type === 'notifications.fetchDue'))
        expect(timer.delay).toBe(NOTIFICATION_FETCH_DEBOUNCE_MS);
      expect(step.pending.filter((t) => t.event.type === 'notifications.fetchDue').length).toBeLessThanOrEqual(1);
    },
    'each new reason to fetch starts the debounce over': (step) => {
      const e = step.event as NotificationsEvent;
      const reason =
        e.type === 'realtime.connected' || e.type === 'notifications.allRead' || importantArrival(e) !== null;
      if (!reason) return;
      expect(starts(step, 'fetchSummary')).toEqual([]);
      expect(step.effects.scheduled.filter((t) => t.event.type === 'notifications.fetchDue')).toHaveLength(1);
    },
    'the open bell marks what it shows read after 1 s; closing it sooner leaves them unread': (step) => {
      const marks = step.effects.scheduled.filter((t) => t.event.type === 'bell.markShownDue');
      expect(marks.map((t) => t.delay)).toEqual(
        waiting(step.after) && !waiting(step.before) ? [NOTIFICATION_MARK_READ_DELAY_MS] : [],
      );
      if (waiting(step.before) && !waiting(step.after) && !step.timed)
        expect(step.effects.cancelled.map((t) => t.event.type)).toContain('bell.markShownDue');
      if (step.timed && waiting(step.before)) {
        const shown = [...step.after.context.latest, ...step.after.context.important];
        expect(shown.filter((n) => n.read_at === null)).toEqual([]);
        const asked = [...step.after.context.marking, ...step.after.context.queued];
        for (const n of step.before?.context.latest ?? []) if (n.read_at === null) expect(asked).toContain(n.id);
      }
    },
    'one mark request at a time, never empty': (step) => {
      const marks = starts(step, 'markRead') as { ids: number[] }[];
      if (marks.length === 0) return;
      expect(step.before !== null && running(step.before, 'markRead')).toBe(false);
      expect(marks).toHaveLength(1);
      expect(marks[0]?.ids.length).toBeGreaterThan(0);
    },
    'it subscribes to its own topic once, at start': (step) => {
      expect(calls(step, 'subscribe')).toHaveLength(step.before === null ? 1 : 0);
    },
    'important arrivals sound and show on the desktop; others are silent': (step) => {
      const important = importantArrival(step.event as NotificationsEvent) === true;
      expect(calls(step, 'playSound')).toHaveLength(important ? 1 : 0);
      expect(calls(step, 'showDesktopNotification')).toHaveLength(important ? 1 : 0);
    },
    'desktop permission is asked only from the gesture, and only when it may be': (step) => {
      const asked = calls(step, 'requestDesktopPermission').length;
      const desktop = step.before?.context.desktop;
      const may = step.event.type === 'desktop.enable' && desktop?.permission === 'default' && !desktop.declined;
      expect(asked).toBe(may ? 1 : 0);
    },
    'opening a notification closes the bell': (step) => {
      if (step.event.type === 'notification.open') expect(step.after.matches({ bell: 'closed' })).toBe(true);
    },
  },
});

const loaded = (machine = stubbed().machine) =>
  replay(machine, input, [
    { type: 'xstate.done.actor.fetchSummary', output: summary } as unknown as NotificationsEvent,
  ]);

describe('notifications behaviour', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('subscribes to its user topic through the realtime actor, naming itself as the subscriber', () => {
    const received: unknown[] = [];
    const parent = setup({
      actors: {
        realtime: fromCallback(({ receive }) => {
          receive((event) => {
            received.push(event);
          });
        }),
        notifications: notificationsMachine.provide({
          actors: { fetchSummary: pendingActor(), markRead: pendingActor() },
        }),
      },
    }).createMachine({
      invoke: [
        { id: 'realtime', systemId: 'realtime', src: 'realtime' },
        { id: 'notifications', systemId: NOTIFICATIONS_SYSTEM_ID, src: 'notifications', input },
      ],
    });
    const actor = createActor(parent).start();
    expect(received).toEqual([{ type: 'realtime.subscribe', topic: 'private-users.4', subscriber: 'notifications' }]);
    actor.stop();
  });

  it('an important arrival joins bell and popups, plays its sound, shows a desktop notification', () => {
    const { machine, effects } = stubbed();
    const actor = loaded(machine);
    actor.send(created());
    const s = actor.getSnapshot();
    expect(s.context.latest.map((x) => x.id)).toEqual([50, 41, 40, 39, 38]);
    expect(selectPopups(s).map((x) => x.id)).toEqual([50, 41, 40]);
    expect(selectUnreadCount(s)).toBe(6);
    expect(selectHasMoreImportant(s)).toBe(true);
    expect(effects.playSound).toHaveBeenCalledWith({ sound: 'important' });
    expect(effects.showDesktopNotification).toHaveBeenCalledWith({ notification: expect.objectContaining({ id: 50 }) });
  });

  it('a normal arrival is silent; another user topic or a foreign event is ignored', () => {
    const { machine, effects } = stubbed();
    const actor = loaded(machine);
    actor.send(created(sampleNotification(51, 'conversation_message_received', { conversation_id: 3 })));
    expect(actor.getSnapshot().context.latest[0]!.id).toBe(51);
    expect(effects.playSound).not.toHaveBeenCalled();
    actor.send({ ...created(sampleNotification(52, 'announce_received', { token: 'x' })), topic: userTopic(5) });
    actor.send({ type: 'realtime.message', topic, data: { type: 'RoleChangedEvent', roleId: 1 } });
    expect(actor.getSnapshot().context.latest[0]!.id).toBe(51);
  });

  it('fetches debounced: several reasons within 1 s make one fetch', async () => {
    let fetches = 0;
    const { machine } = stubbed({
      fetchSummary: fromPromise(async () => {
        fetches += 1;
        return summary;
      }),
    });
    const actor = replay(machine, input, []);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    actor.send({ type: 'realtime.connected' });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_FETCH_DEBOUNCE_MS / 2);
    actor.send(created());
    await vi.advanceTimersByTimeAsync(NOTIFICATION_FETCH_DEBOUNCE_MS - 1);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    actor.send({ type: 'notifications.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(3);
  });

  it('marks what the open bell shows read after 1 s, not when closed earlier', async () => {
    const asked: number[][] = [];
    const { machine } = stubbed({
      markRead: fromPromise(async ({ input: body }: { input: { ids: number[] } }) => {
        asked.push(body.ids);
        return { unread: 1 };
      }),
    });
    const actor = loaded(machine);
    actor.send({ type: 'bell.open' });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_MARK_READ_DELAY_MS - 1);
    actor.send({ type: 'bell.close' });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_MARK_READ_DELAY_MS * 2);
    expect(asked).toEqual([]);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(5);

    actor.send({ type: 'bell.open' });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_MARK_READ_DELAY_MS);
    expect(asked).toEqual([[41, 40, 39, 36]]);
    expect(actor.getSnapshot().matches({ bell: { open: 'seen' } })).toBe(true);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(1);
    expect(selectPopups(actor.getSnapshot())).toEqual([]);
    // The open bell still shows them, read; closing it lets them go.
    expect(actor.getSnapshot().context.important.map((x) => x.id)).toEqual([41, 40, 36]);
    actor.send({ type: 'bell.close' });
    expect(actor.getSnapshot().context.important).toEqual([]);
  });

  it('queues marks while one is on its way and sends them next', async () => {
    const asked: number[][] = [];
    const { machine } = stubbed({
      markRead: fromPromise(async ({ input: body }: { input: { ids: number[] } }) => {
        asked.push(body.ids);
        await new Promise((r) => setTimeout(r, 10));
        return { unread: 0 };
      }),
    });
    const actor = loaded(machine);
    actor.send({ type: 'popup.dismiss', id: 41 });
    actor.send({ type: 'popup.dismiss', id: 40 });
    actor.send({ type: 'popup.dismiss', id: 41 });
    await vi.advanceTimersByTimeAsync(50);
    expect(asked).toEqual([[41], [40]]);
    expect(actor.getSnapshot().matches({ reading: 'idle' })).toBe(true);
  });

  it('hide-all marks every popup read; hide-all and see-all follow the counts', () => {
    const actor = loaded();
    expect(selectCanHideAll(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'popups.hideAll' });
    const s = actor.getSnapshot();
    expect(s.context.queued.concat(s.context.marking).sort()).toEqual([36, 40, 41]);
    expect(selectPopups(s)).toEqual([]);
    expect(selectCanHideAll(s)).toBe(false);
    expect(selectHasMoreImportant(s)).toBe(true);
  });

  it('opening a notification marks it read, follows its popup action and closes the bell', () => {
    const { machine, effects } = stubbed();
    const actor = loaded(machine);
    actor.send({ type: 'bell.open' });
    actor.send({ type: 'notification.open', id: 41 });
    expect(effects.navigate).toHaveBeenCalledWith({ page: '/announce/abc', query: {} });
    expect(actor.getSnapshot().matches({ bell: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.marking).toEqual([41]);
  });

  it('a failed mark fetches again after the debounce; the fetch keeps marks in flight read', async () => {
    let fetches = 0;
    const { machine } = stubbed({
      fetchSummary: fromPromise(async () => {
        fetches += 1;
        return summary;
      }),
      markRead: fromPromise<{ unread: number }>(async () => {
        throw failure;
      }),
    });
    const actor = replay(machine, input, []);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'popup.dismiss', id: 41 });
    await vi.advanceTimersByTimeAsync(NOTIFICATION_FETCH_DEBOUNCE_MS);
    expect(fetches).toBe(2);
    expect(selectPopups(actor.getSnapshot()).map((x) => x.id)).toEqual([41, 40, 36]);
  });

  it('asks for desktop permission once, from the user gesture; declining is remembered', () => {
    const { machine, effects } = stubbed();
    const actor = loaded(machine);
    actor.send({ type: 'desktop.enable' });
    expect(effects.requestDesktopPermission).toHaveBeenCalledTimes(1);
    actor.send({ type: 'desktop.permissionChanged', permission: 'denied' });
    actor.send({ type: 'desktop.enable' });
    expect(effects.requestDesktopPermission).toHaveBeenCalledTimes(1);

    const other = stubbed();
    const second = loaded(other.machine);
    second.send({ type: 'desktop.decline' });
    second.send({ type: 'desktop.enable' });
    expect(other.effects.rememberDesktopDeclined).toHaveBeenCalledTimes(1);
    expect(other.effects.requestDesktopPermission).not.toHaveBeenCalled();
  });
});

describe('notifications races', () => {
  it('a fetch answering while a read is on its way keeps it read and out of the popups', () => {
    const actor = loaded();
    actor.send({ type: 'popup.dismiss', id: 41 });
    actor.send({ type: 'notifications.refresh' });
    actor.send({ type: 'xstate.done.actor.fetchSummary', output: summary } as unknown as NotificationsEvent);
    const s = actor.getSnapshot();
    expect(s.context.marking).toEqual([41]);
    expect(s.context.important.map((x) => x.id)).toEqual([40, 36]);
    expect(s.context.latest.find((x) => x.id === 41)!.read_at).not.toBeNull();
    expect(selectUnreadCount(s)).toBe(4);
  });
});

describe('read important notifications while the bell is closed', () => {
  it('opening one from its popup, or everything read elsewhere, takes them off the important list at once', () => {
    const opened = loaded();
    opened.send({ type: 'notification.open', id: 41 });
    expect(opened.getSnapshot().context.important.map((x) => x.id)).toEqual([40, 36]);
    const allRead = loaded();
    allRead.send({ type: 'notifications.allRead' });
    expect(allRead.getSnapshot().context.important).toEqual([]);
    // With the bell open they stay listed (read) until it closes.
    const open = loaded();
    open.send({ type: 'bell.open' });
    open.send({ type: 'notifications.allRead' });
    expect(open.getSnapshot().context.important.map((x) => x.id)).toEqual([41, 40, 36]);
  });
});
