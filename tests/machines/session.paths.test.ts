import { describe, expect, it, vi } from 'vitest';
import { adminProfile, demoSettings, sessionFixtures, twoProjects } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import type { SessionEvent, SessionInput } from '../../src/machines/session/session.types';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  quietActions,
  replay,
  ruleCoverage,
  starts,
} from '../support/model-based';

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

const renewed = { token: 't9', refresh: 'r9' };
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
  { type: 'xstate.done.actor.refreshTokens', output: renewed },
  { type: 'xstate.error.actor.refreshTokens', error: { code: 'invalid token', status: 401 } },
] as unknown as SessionEvent[];

const inputs: Record<string, SessionInput> = {
  'no stored tokens': { tokens: null, remember: false },
  'stored tokens': { tokens: { token: 't1', refresh: 'r1' }, remember: true },
};

const modelMachine = sessionMachine.provide({
  actors: { login: pendingActor(), loadProfile: pendingActor(), refreshTokens: pendingActor() },
  actions: quietActions('persistTokens', 'notifyLoggedIn', 'notifyLoggedOut', 'notifyProfileLoaded'),
});
type Step = ModelStep<typeof modelMachine>;
const authenticated = (s: Step['before']) => s?.matches('authenticated') === true;
const refreshing = (s: Step['before']) => s?.matches({ authenticated: { tokens: 'refreshing' } }) === true;

/** One tally for the models below: some rules only apply from some starting points. */
const coverage = ruleCoverage();
for (const [name, input] of Object.entries(inputs)) {
  describeModel(`session (${name})`, {
    coverage,
    machine: modelMachine,
    events,
    input,
    fixtures: sessionFixtures,
    invariants: {
      'authenticated always holds tokens': (s) => {
        if (s.matches('authenticated')) expect(s.context.tokens).not.toBeNull();
      },
      'logged out, nothing of the user stays': (s) => {
        if (s.matches('unauthenticated')) {
          expect(s.context.profile).toBeNull();
          expect(s.context.settings).toBeNull();
        }
      },
      'a project is chosen among several': (s) => {
        if (s.matches({ unauthenticated: 'choosingProject' }))
          expect(s.context.projectSessions.length).toBeGreaterThan(1);
      },
      'each request runs exactly in its state': (s) => {
        expect(s.children.login !== undefined).toBe(s.matches({ unauthenticated: 'loggingIn' }));
        expect(s.children.loadProfile !== undefined).toBe(s.matches({ authenticated: { profile: 'loading' } }));
        expect(s.children.refreshTokens !== undefined).toBe(s.matches({ authenticated: { tokens: 'refreshing' } }));
      },
    },
    rules: {
      'tokens are refreshed once at a time, with the refresh token': (step) => {
        const refreshes = starts(step, 'refreshTokens');
        if (refreshes.length === 0) return;
        expect(refreshing(step.before)).toBe(false);
        expect(refreshes).toEqual([{ refresh: step.before?.context.tokens?.refresh }]);
      },
      'a failed refresh logs out, clears the stored tokens and says why': (step) => {
        if (step.event.type !== 'xstate.error.actor.refreshTokens' || !refreshing(step.before)) return;
        expect(step.after.matches({ unauthenticated: 'idle' })).toBe(true);
        expect(step.after.context.logoutReason).toBe('expired');
        expect(calls(step, 'persistTokens')).toEqual([{ tokens: null, remember: false }]);
        expect(calls(step, 'notifyLoggedOut')).toHaveLength(1);
      },
      'fresh tokens are kept and stored with the remember choice': (step) => {
        if (step.event.type !== 'xstate.done.actor.refreshTokens' || !refreshing(step.before)) return;
        expect(step.after.context.tokens).toEqual(renewed);
        expect(calls(step, 'persistTokens')).toEqual([{ tokens: renewed, remember: step.after.context.remember }]);
      },
      'the root hears each login and each logout once': (step) => {
        const entered = authenticated(step.after) && !authenticated(step.before);
        const left = authenticated(step.before) && !authenticated(step.after);
        expect(calls(step, 'notifyLoggedIn')).toHaveLength(entered ? 1 : 0);
        expect(calls(step, 'notifyLoggedOut')).toHaveLength(left ? 1 : 0);
        if (entered)
          expect(calls(step, 'persistTokens')).toEqual([
            { tokens: step.after.context.tokens, remember: step.after.context.remember },
          ]);
        if (left) expect(calls(step, 'persistTokens')).toEqual([{ tokens: null, remember: false }]);
      },
      'logging out forgets the user': (step) => {
        if (step.event.type === 'session.logout' && authenticated(step.before))
          expect(step.after.context.logoutReason).toBe('user');
      },
      'a profile is reloaded only for our own role': (step) => {
        const e = step.event as SessionEvent;
        if (e.type === 'session.roleChanged' && e.roleId !== step.before?.context.profile?.role.id)
          expect(starts(step, 'loadProfile')).toEqual([]);
      },
      'the root hears every profile the session takes': (step) => {
        const took = step.after.context.profile !== null && step.after.context.profile !== step.before?.context.profile;
        expect(calls(step, 'notifyProfileLoaded')).toHaveLength(took ? 1 : 0);
      },
    },
  });
}

describe('models together', () => coverage.expectAllExercised());

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
