import { describe, expect, it, vi } from 'vitest';
import { adminProfile, demoSettings, sessionFixtures, twoProjects } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import type { SessionEvent, SessionInput } from '../../src/machines/session/session.types';
import { byValue, explore, pendingActor, replay } from '../support/model-based';

function stubbed() {
  const effects = { persistTokens: vi.fn(), loggedIn: vi.fn(), loggedOut: vi.fn(), profileLoaded: vi.fn() };
  const machine = sessionMachine.provide({
    actors: { login: pendingActor(), loadProfile: pendingActor(), refreshTokens: pendingActor() },
    actions: {
      persistTokens: (_, params) => effects.persistTokens(params),
      notifyLoggedIn: effects.loggedIn,
      notifyLoggedOut: effects.loggedOut,
      notifyProfileLoaded: effects.profileLoaded,
    },
  });
  return { machine, effects };
}

const fresh = { token: 't9', refresh: 'r9' };
// Every event the machine knows, with payload samples, including the synthetic invoke events.
const events = [
  { type: 'session.login', login: 'admin', password: 'secret', remember: true },
  { type: 'session.chooseProject', projectId: 2 },
  { type: 'session.chooseProject', projectId: 99 },
  { type: 'session.cancelChoice' },
  { type: 'session.logout' },
  { type: 'session.tokenExpired' },
  { type: 'session.roleChanged', roleId: adminProfile.role.id },
  { type: 'session.roleChanged', roleId: 77 },
  { type: 'session.profileChanged' },
  { type: 'session.retry' },
  { type: 'profile.updated', profile: { ...adminProfile, name: 'Renamed' } },
  { type: 'xstate.done.actor.login', output: twoProjects },
  { type: 'xstate.done.actor.login', output: twoProjects.slice(0, 1) },
  { type: 'xstate.done.actor.login', output: [] },
  { type: 'xstate.error.actor.login', error: { code: 'incorrect login/password', status: 401 } },
  { type: 'xstate.done.actor.loadProfile', output: { profile: adminProfile, settings: demoSettings } },
  { type: 'xstate.error.actor.loadProfile', error: { code: 'internal server error', status: 500 } },
  { type: 'xstate.done.actor.refreshTokens', output: fresh },
  { type: 'xstate.error.actor.refreshTokens', error: { code: 'invalid token', status: 401 } },
] as unknown as SessionEvent[];

const inputs: Record<string, SessionInput> = {
  'no stored tokens': { tokens: null, remember: false },
  'stored tokens': { tokens: { token: 't1', refresh: 'r1' }, remember: true },
};

describe.each(Object.entries(inputs))('session machine model (%s)', (_, input) => {
  const { machine } = stubbed();
  const model = explore({ machine, events, input });

  it('reaches every state the fixtures show', () => {
    const reached = new Set(model.paths.map((p) => byValue(p.state)));
    const fixtureStates = new Set(Object.values(sessionFixtures).map(byValue));
    for (const state of reached) expect(fixtureStates).toContain(state);
    expect(reached.size).toBeGreaterThan(5);
  });

  it.each(model.paths.map((p) => [byValue(p.state), p] as const))('path to %s replays on a real actor', (_, path) => {
    const { machine: real } = stubbed();
    const actor = replay(
      real,
      input,
      path.steps.slice(1).map((s) => s.event),
    );
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    // Invariants: authenticated always holds tokens; unauthenticated never holds a profile.
    if (snapshot.matches('authenticated')) expect(snapshot.context.tokens).not.toBeNull();
    if (snapshot.matches('unauthenticated')) expect(snapshot.context.profile).toBeNull();
    if (snapshot.matches({ unauthenticated: 'choosingProject' }))
      expect(snapshot.context.projectSessions.length).toBeGreaterThan(1);
    actor.stop();
  });

  it.each(
    model.transitions.map((t) => [`${byValue(t.state)} --${t.event.type}--> ${byValue(t.nextState)}`, t] as const),
  )('%s', (_, t) => {
    const { machine: real } = stubbed();
    const actor = replay(real, input, [...model.eventsTo(t.state), t.event]);
    expect(actor.getSnapshot().value).toEqual(t.nextState.value);
    actor.stop();
  });
});

describe('session machine effects', () => {
  it('stores the chosen project tokens with the remember flag and tells the parent', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, inputs['no stored tokens'], [
      { type: 'session.login', login: 'admin', password: 'secret', remember: true },
      { type: 'xstate.done.actor.login', output: twoProjects } as unknown as SessionEvent,
      { type: 'session.chooseProject', projectId: 2 },
    ]);
    expect(actor.getSnapshot().context.tokens).toEqual({ token: 't2', refresh: 'r2' });
    expect(effects.persistTokens).toHaveBeenLastCalledWith({ tokens: { token: 't2', refresh: 'r2' }, remember: true });
    expect(effects.loggedIn).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh logs out with reason expired and clears storage', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, inputs['stored tokens'], [
      { type: 'session.tokenExpired' },
      { type: 'xstate.error.actor.refreshTokens', error: { code: 'invalid token' } } as unknown as SessionEvent,
    ]);
    const s = actor.getSnapshot();
    expect(s.matches({ unauthenticated: 'idle' })).toBe(true);
    expect(s.context.logoutReason).toBe('expired');
    expect(effects.persistTokens).toHaveBeenLastCalledWith({ tokens: null, remember: false });
    expect(effects.loggedOut).toHaveBeenCalledTimes(1);
  });

  it('a second expiry report while refreshing does not start a second refresh', () => {
    const { machine } = stubbed();
    const actor = replay(machine, inputs['stored tokens'], [{ type: 'session.tokenExpired' }]);
    const refresh = actor.getSnapshot().children.refreshTokens;
    actor.send({ type: 'session.tokenExpired' });
    expect(actor.getSnapshot().children.refreshTokens).toBe(refresh);
  });

  it('only a role change of our own role reloads the profile', () => {
    const { machine } = stubbed();
    const ready = [
      { type: 'xstate.done.actor.loadProfile', output: { profile: adminProfile, settings: demoSettings } },
    ] as unknown as SessionEvent[];
    const other = replay(machine, inputs['stored tokens'], [...ready, { type: 'session.roleChanged', roleId: 77 }]);
    expect(other.getSnapshot().matches({ authenticated: { profile: 'ready' } })).toBe(true);
    const own = replay(machine, inputs['stored tokens'], [...ready, { type: 'session.roleChanged', roleId: 1 }]);
    expect(own.getSnapshot().matches({ authenticated: { profile: 'loading' } })).toBe(true);
  });

  it('a ProfileChangedEvent reloads the profile; saving our own profile reports it to the root', () => {
    const { machine } = stubbed();
    const ready = [
      { type: 'xstate.done.actor.loadProfile', output: { profile: adminProfile, settings: demoSettings } },
    ] as unknown as SessionEvent[];
    const changed = replay(machine, inputs['stored tokens'], [...ready, { type: 'session.profileChanged' }]);
    expect(changed.getSnapshot().matches({ authenticated: { profile: 'loading' } })).toBe(true);
    const { machine: watched, effects } = stubbed();
    const saved = replay(watched, inputs['stored tokens'], [
      ...ready,
      { type: 'profile.updated', profile: { ...adminProfile, name: 'Renamed' } },
    ]);
    expect(effects.profileLoaded).toHaveBeenCalledTimes(2);
    expect(saved.getSnapshot().context.profile?.name).toBe('Renamed');
  });

  it('a login error keeps the user on the login form with the code', () => {
    const { machine } = stubbed();
    const actor = replay(machine, inputs['no stored tokens'], [
      { type: 'session.login', login: 'x', password: 'y', remember: false },
      { type: 'xstate.error.actor.login', error: { code: 'incorrect login/password' } } as unknown as SessionEvent,
    ]);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'incorrect login/password' });
  });
});
