import { describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, type AnyActorRef, createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { appMachine } from '../../src/machines/app/app.machine';
import { visibleFloatingButtons } from '../../src/machines/app/app.selectors';
import type { AppEvent, AppInput } from '../../src/machines/app/app.types';
import { notificationsMachine } from '../../src/machines/notifications/notifications.machine';
import { realtimeMachine } from '../../src/machines/realtime/realtime.machine';
import { sessionMachine } from '../../src/machines/session/session.machine';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  quietActions,
  replay,
  sends,
  starts,
  stops,
} from '../support/model-based';

function stubbed() {
  const effects = { applyLocale: vi.fn(), saveProfileLocale: vi.fn(), persistMenuState: vi.fn() };
  const machine = appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: { login: pendingActor(), loadProfile: pendingActor(), refreshTokens: pendingActor() },
      }),
      notifications: notificationsMachine.provide({
        actors: { fetchSummary: pendingActor(), markRead: pendingActor() },
      }),
      realtime: realtimeMachine.provide({
        actors: { socket: fromCallback(() => () => {}), refreshToken: pendingActor() },
      }),
    },
    actions: {
      applyLocale: (_, p) => effects.applyLocale(p),
      saveProfileLocale: (_, p) => effects.saveProfileLocale(p),
      persistMenuState: (_, p) => effects.persistMenuState(p),
    },
  });
  return { machine, effects };
}

const input: AppInput = { locale: 'en', collapsedCategories: [], session: { tokens: null, remember: false } };
const dialer = {
  id: 7,
  icon: 'phone',
  state: 'normal',
  order: -100,
  click: { systemId: 'dialer', event: { type: 'dialer.open' } },
} as const;
const events: AppEvent[] = [
  { type: 'locale.change', locale: 'ru' },
  { type: 'locale.adopt', locale: 'ru' },
  { type: 'drawer.toggle' },
  { type: 'drawer.close' },
  { type: 'menu.toggleCategory', category: 'users' },
  { type: 'fab.upsert', button: dialer },
  { type: 'fab.remove', id: 7 },
  { type: 'session.loggedIn' },
  { type: 'session.loggedOut' },
  { type: 'session.profileLoaded', profileId: 1 },
  { type: 'realtime.message', topic: 'private-app-changes', data: { type: 'RoleChangedEvent', roleId: 3 } },
  { type: 'realtime.message', topic: 'private-users.1', data: { type: 'ProfileChangedEvent' } },
  { type: 'realtime.message', topic: 'private-app-changes', data: { type: 'SomethingElse' } },
  { type: 'realtime.connected' },
];

const access = (number: string) => ({
  account: { number, password: 'pw', displayName: 'Cora', host: 'pbx.local', port: 8443 },
  canIntercept: true,
  canManageCalls: true,
  canOpenDoors: true,
  fabId: 7,
});

/** The root the model drives: real session, realtime and notifications with stub effects; the softphone inert. */
const modelMachine = stubbed().machine.provide({
  actors: { softphone: fromCallback(() => () => {}) as never },
  actions: quietActions('applyLocale', 'saveProfileLocale', 'persistMenuState'),
});
type Step = ModelStep<typeof modelMachine>;
const loggedIn = (s: Step['before']) => s?.matches('loggedIn') === true;
const ready = (s: Step['before']) => s?.matches({ loggedIn: 'ready' }) === true;
const active = (s: Step['after'], id: string) =>
  (s.children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot().status === 'active';

describeModel('app', {
  machine: modelMachine,
  events: [
    ...events,
    { type: 'session.profileLoaded', profileId: 1, softphone: access('100002') },
    { type: 'session.profileLoaded', profileId: 1, softphone: access('100009') },
    { type: 'session.profileLoaded', profileId: 1, softphone: null },
  ],
  input,
  // The graph shares one actor system: ready is entered through one event, so its systemIds register once.
  offer: (s, e) => e.type !== 'session.profileLoaded' || e.softphone === undefined || s.matches({ loggedIn: 'ready' }),
  fixtures: appFixtures,
  invariants: {
    'the session and the alerts always run': (s) => {
      expect(active(s, 'session')).toBe(true);
      expect(active(s, 'alerts')).toBe(true);
    },
    'the live connection runs exactly while logged in': (s) => {
      expect(active(s, 'realtime')).toBe(s.matches('loggedIn'));
    },
    'the topic feed pages listen through runs exactly while logged in': (s) => {
      expect(active(s, 'topicFeed')).toBe(s.matches('loggedIn'));
    },
    'profile-dependent actors run exactly once the profile is loaded': (s) => {
      const withProfile = s.matches({ loggedIn: 'ready' });
      expect(active(s, 'notifications')).toBe(withProfile);
      expect(active(s, 'conversationFeed')).toBe(withProfile);
      expect(active(s, 'softphone')).toBe(withProfile);
    },
    'logged out, the shell keeps nothing of the user': (s) => {
      if (s.matches('loggedOut')) {
        expect(s.context.floatingButtons).toEqual([]);
        expect(s.context.softphone).toBeNull();
      }
    },
  },
  rules: {
    'logging out stops what the login started and clears the alerts': (step) => {
      if (!loggedIn(step.before) || loggedIn(step.after)) return;
      expect(stops(step, 'realtime')).toBe(true);
      expect(stops(step, 'topicFeed')).toBe(true);
      if (ready(step.before)) expect(stops(step, 'notifications') && stops(step, 'softphone')).toBe(true);
      expect(sends(step, 'alerts')).toEqual([{ type: 'alerts.clear' }]);
      expect(step.after.context.drawerOpen).toBe(false);
    },
    'logging in opens the drawer and the live connection with the root topic': (step) => {
      if (loggedIn(step.before) || !loggedIn(step.after)) return;
      expect(step.after.context.drawerOpen).toBe(true);
      expect(starts(step, 'realtime')).toEqual([{ subscriptions: { 'private-app-changes': ['app'] } }]);
    },
    'the language switches at once and is saved to the profile only when logged in': (step) => {
      const e = step.event as AppEvent;
      if (e.type !== 'locale.change' && e.type !== 'locale.adopt') {
        expect(calls(step, 'applyLocale')).toEqual([]);
        expect(calls(step, 'saveProfileLocale')).toEqual([]);
        return;
      }
      expect(step.after.context.locale).toBe(e.locale);
      expect(calls(step, 'applyLocale')).toEqual([{ locale: e.locale }]);
      const saves = e.type === 'locale.change' && loggedIn(step.before);
      expect(calls(step, 'saveProfileLocale')).toEqual(saves ? [{ locale: e.locale }] : []);
    },
    'the menu is remembered as it is after each toggle': (step) => {
      const toggled = step.event.type === 'menu.toggleCategory';
      expect(calls(step, 'persistMenuState')).toEqual(
        toggled ? [{ collapsed: step.after.context.collapsedCategories }] : [],
      );
    },
    'role and profile changes heard live reach the session': (step) => {
      const e = step.event as AppEvent;
      const told = sends(step, 'session');
      if (e.type !== 'realtime.message' || !loggedIn(step.before)) return expect(told).toEqual([]);
      const data = e.data as { type: string; roleId?: number };
      if (data.type === 'RoleChangedEvent')
        expect(told).toEqual([{ type: 'session.roleChanged', roleId: data.roleId }]);
      else if (data.type === 'ProfileChangedEvent') expect(told).toEqual([{ type: 'session.profileChanged' }]);
      else expect(told).toEqual([]);
    },
    'the first profile subscribes the root to its own topic': (step) => {
      const e = step.event as AppEvent;
      const first = e.type === 'session.profileLoaded' && step.before?.matches({ loggedIn: 'starting' });
      expect(sends(step, 'realtime').filter((x) => x.type === 'realtime.subscribe')).toEqual(
        first ? [{ type: 'realtime.subscribe', topic: `private-users.${e.profileId}`, subscriber: 'app' }] : [],
      );
    },
    'the softphone restarts only when what it runs with changes': (step) => {
      const e = step.event as AppEvent;
      if (e.type !== 'session.profileLoaded' || !ready(step.before)) return;
      const changed = JSON.stringify(e.softphone ?? null) !== JSON.stringify(step.before?.context.softphone);
      expect(starts(step, 'softphone')).toEqual(changed ? [{ access: e.softphone ?? null }] : []);
      expect(stops(step, 'notifications')).toBe(false);
    },
  },
});

describe('app machine effects', () => {
  it('starts the notification centre for the loaded profile and stops it at logout', () => {
    const actor = replay(stubbed().machine, input, [
      { type: 'session.loggedIn' },
      { type: 'session.profileLoaded', profileId: 4 },
    ]);
    const notifications = actor.getSnapshot().children.notifications as ActorRefFrom<typeof notificationsMachine>;
    expect(notifications.getSnapshot().context.profileId).toBe(4);
    expect(actor.system.get('notifications')).toBe(notifications);
    actor.send({ type: 'session.loggedOut' });
    expect(actor.getSnapshot().children.notifications).toBeUndefined();
    expect(notifications.getSnapshot().status).toBe('stopped');
  });

  it('a RoleChangedEvent of our role makes the session reload the profile; other events do not', async () => {
    const profile = { id: 1, name: 'A', role: { id: 3, name: 'admin' } };
    const loadProfile = vi.fn(async () => ({ profile, settings: {} }));
    const machine = stubbed().machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            login: pendingActor(),
            refreshTokens: pendingActor(),
            loadProfile: fromPromise(loadProfile as never),
          },
        }),
      },
    });
    const actor = createActor(machine, {
      input: { ...input, session: { tokens: { token: 't', refresh: 'r' }, remember: false } },
    });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true));
    expect(loadProfile).toHaveBeenCalledTimes(1);
    actor.send({
      type: 'realtime.message',
      topic: 'private-app-changes',
      data: { type: 'RoleChangedEvent', roleId: 4 },
    });
    actor.send({ type: 'realtime.message', topic: 'private-app-changes', data: { type: 'Other', roleId: 3 } });
    expect(loadProfile).toHaveBeenCalledTimes(1);
    actor.send({
      type: 'realtime.message',
      topic: 'private-app-changes',
      data: { type: 'RoleChangedEvent', roleId: 3 },
    });
    expect(loadProfile).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a ProfileChangedEvent on our topic makes the session reload the profile', async () => {
    const profile = { id: 1, name: 'A', role: { id: 3, name: 'admin' } };
    const loadProfile = vi.fn(async () => ({ profile, settings: {} }));
    const machine = stubbed().machine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            login: pendingActor(),
            refreshTokens: pendingActor(),
            loadProfile: fromPromise(loadProfile as never),
          },
        }),
      },
    });
    const actor = createActor(machine, {
      input: { ...input, session: { tokens: { token: 't', refresh: 'r' }, remember: false } },
    });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true));
    actor.send({ type: 'realtime.message', topic: 'private-users.1', data: { type: 'ProfileChangedEvent' } });
    await vi.waitFor(() => expect(loadProfile).toHaveBeenCalledTimes(2));
    actor.stop();
  });

  it('a reloaded profile with other softphone access restarts only the softphone', () => {
    const started: unknown[] = [];
    const machine = stubbed().machine.provide({
      actors: {
        softphone: fromCallback(({ input }) => {
          started.push((input as { access: unknown }).access);
          return () => {};
        }) as never,
      },
    });
    const access = (number: string) => ({
      account: { number, password: 'pw', displayName: 'Cora', host: 'pbx.local', port: 8443 },
      canIntercept: true,
      canManageCalls: true,
      canOpenDoors: true,
      fabId: 7,
    });
    const actor = replay(machine, input, [
      { type: 'session.loggedIn' },
      { type: 'session.profileLoaded', profileId: 4, softphone: access('100002') },
    ]);
    const notifications = actor.getSnapshot().children.notifications;
    const first = actor.getSnapshot().children.softphone;
    actor.send({ type: 'fab.upsert', button: { ...dialer } });
    actor.send({ type: 'fab.upsert', button: { ...dialer, id: 8, click: undefined } });
    // The same access again (a role change that did not touch the dialer): nothing restarts.
    actor.send({ type: 'session.profileLoaded', profileId: 4, softphone: access('100002') });
    expect(actor.getSnapshot().children.softphone).toBe(first);
    actor.send({ type: 'session.profileLoaded', profileId: 4, softphone: access('100009') });
    expect(actor.getSnapshot().children.softphone).not.toBe(first);
    expect(first!.getSnapshot().status).toBe('stopped');
    // The old dialer's button (id 7, its access's fabId) is gone; other buttons stay.
    expect(actor.getSnapshot().context.floatingButtons.map((b) => b.id)).toEqual([8]);
    expect(actor.getSnapshot().children.notifications).toBe(notifications);
    // The number was taken away: the softphone runs with no access (no dialer).
    actor.send({ type: 'session.profileLoaded', profileId: 4, softphone: null });
    expect(started).toEqual([access('100002'), access('100009'), null]);
    expect(actor.getSnapshot().context.softphone).toBeNull();
  });

  it('the first profile load makes the root ready and subscribes it (and the conversation feed) to its own topic', () => {
    const actor = replay(stubbed().machine, input, [{ type: 'session.loggedIn' }]);
    expect(actor.getSnapshot().matches({ loggedIn: 'starting' })).toBe(true);
    actor.send({ type: 'session.profileLoaded', profileId: 42 });
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
    const realtime = actor.getSnapshot().children.realtime!.getSnapshot() as SnapshotFrom<typeof realtimeMachine>;
    // The notification centre and the conversation feed, started in ready, listen on the same user topic.
    expect(realtime.context.subscriptions).toEqual({
      'private-app-changes': ['app'],
      'private-users.42': ['app', 'notifications', 'conversationFeed'],
    });
  });

  it('login opens the drawer, logout closes it and drops floating buttons', () => {
    const actor = replay(stubbed().machine, input, [
      { type: 'session.loggedIn' },
      { type: 'fab.upsert', button: dialer },
    ]);
    expect(actor.getSnapshot().context.drawerOpen).toBe(true);
    actor.send({ type: 'session.loggedOut' });
    expect(actor.getSnapshot().context).toMatchObject({ drawerOpen: false, floatingButtons: [] });
  });

  it('switching language applies it at once and saves it to the profile only when logged in', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [{ type: 'locale.change', locale: 'ru' }]);
    expect(effects.applyLocale).toHaveBeenCalledWith({ locale: 'ru' });
    expect(effects.saveProfileLocale).not.toHaveBeenCalled();
    actor.send({ type: 'session.loggedIn' });
    actor.send({ type: 'locale.change', locale: 'en' });
    expect(effects.saveProfileLocale).toHaveBeenCalledWith({ locale: 'en' });
    expect(actor.getSnapshot().context.locale).toBe('en');
  });

  it('adopting a locale saved elsewhere applies it without saving it again', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [{ type: 'session.loggedIn' }, { type: 'locale.adopt', locale: 'ru' }]);
    expect(effects.applyLocale).toHaveBeenCalledWith({ locale: 'ru' });
    expect(effects.saveProfileLocale).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.locale).toBe('ru');
  });

  it('collapsing a category is remembered and toggles back', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [{ type: 'menu.toggleCategory', category: 'users' }]);
    expect(effects.persistMenuState).toHaveBeenLastCalledWith({ collapsed: ['users'] });
    actor.send({ type: 'menu.toggleCategory', category: 'users' });
    expect(effects.persistMenuState).toHaveBeenLastCalledWith({ collapsed: [] });
  });

  it('floating buttons: hidden ones and ones without a handler are left out, the rest ordered', () => {
    const shown = visibleFloatingButtons([
      { id: 1, icon: 'a', state: 'normal', order: 5, click: { systemId: 'x', event: { type: 'a' } } },
      { id: 2, icon: 'b', state: 'hidden', order: 0, click: { systemId: 'x', event: { type: 'b' } } },
      { id: 3, icon: 'c', state: 'normal', order: 1 },
      { ...dialer },
    ]);
    expect(shown.map((b) => b.id)).toEqual([7, 1]);
  });
});
