import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate';
import type { Profile } from '../../src/contract/entities/profile';
import type { ServerSettings } from '../../src/contract/entities/server-settings';
import { appMachine } from '../../src/machines/app/app.machine';
import { adminProfile, demoSettings } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { softphoneAccess } from '../../src/machines/softphone/softphone.access';
import { sampleAccess, softphoneFixtures } from '../../src/machines/softphone/softphone.fixtures';
import {
  SOFTPHONE_RELOAD_MS,
  type SoftphoneParts,
  softphoneMachine,
} from '../../src/machines/softphone/softphone.machine';
import {
  selectDialerRef,
  selectInterceptionRef,
  selectSipRegistrationRef,
} from '../../src/machines/softphone/softphone.selectors';
import {
  calls,
  describeModel,
  pendingActor,
  quietActions,
  ruleCoverage,
  starts,
  startsOf,
} from '../support/model-based';

/** Each singleton a stub recording its input; the parts arrive when a path settles `loadParts`. */
function stubParts(started: unknown[] = []): SoftphoneParts {
  const stub = (name: string) => fromCallback(({ input }) => void started.push([name, input]));
  return {
    dialer: stub('dialer'),
    sipRegistration: stub('sipRegistration'),
    interception: stub('interception'),
  } as never;
}
const parts = stubParts();
const stubbed = () =>
  softphoneMachine.provide({ actors: { loadParts: pendingActor() }, actions: quietActions('reportLoadFailure') });
/** The same machine whose parts are there at once (hand-written tests). */
const loaded = (started: unknown[]) =>
  softphoneMachine.provide({ actors: { loadParts: fromPromise(async () => stubParts(started)) } });

const events = [
  { type: 'xstate.done.actor.loadParts', output: parts },
  { type: 'xstate.error.actor.loadParts', error: new Error('chunk did not arrive') },
  { type: `xstate.after.${SOFTPHONE_RELOAD_MS}.softphone.failed` },
] as never[];

/** One tally for the models below: some rules only apply from some starting points. */
const coverage = ruleCoverage();
for (const [name, access] of [
  ['no access', null],
  ['without interception', { ...sampleAccess, canIntercept: false }],
  ['with interception', sampleAccess],
] as const) {
  describeModel(`softphone (${name})`, {
    coverage,
    machine: stubbed(),
    events,
    input: { access },
    fixtures: softphoneFixtures,
    invariants: {
      'the dialer and the registration run exactly when the parts have loaded for a user with the dialer': (s) => {
        const running = s.matches('running') || s.matches('withInterception');
        expect(running && access === null).toBe(false);
        expect(selectDialerRef(s) !== undefined).toBe(running);
        expect(selectSipRegistrationRef(s) !== undefined).toBe(running);
      },
      'interception runs only with its permission': (s) => {
        expect(selectInterceptionRef(s) !== undefined).toBe(s.matches('withInterception'));
        if (s.matches('withInterception')) expect(access?.canIntercept).toBe(true);
      },
      'nothing loads without the dialer': (s) => {
        if (access === null) expect(s.value).toBe('unavailable');
      },
    },
    rules: {
      'the parts load on start, and again a while after a failure': (step) => {
        const loads = startsOf(step, 'loadParts');
        const shouldLoad =
          access !== null &&
          (step.event.type === 'xstate.init' ||
            step.event.type === `xstate.after.${SOFTPHONE_RELOAD_MS}.softphone.failed`);
        expect(loads.length).toBe(shouldLoad ? 1 : 0);
      },
      'a failed load is reported once and retried after the delay': (step) => {
        const failed = step.event.type === 'xstate.error.actor.loadParts';
        expect(calls(step, 'reportLoadFailure').length).toBe(failed ? 1 : 0);
        if (failed)
          expect(step.effects.scheduled.map((t) => [t.event.type, t.delay])).toEqual([
            [`xstate.after.${SOFTPHONE_RELOAD_MS}.softphone.failed`, 10_000],
          ]);
      },
      'the dialer starts first (the registration reports to it), with the number and the button id': (step) => {
        const started = step.effects.started.map((c) => c.id).filter((id) => id !== 'loadParts');
        if (step.event.type !== 'xstate.done.actor.loadParts') return expect(started).toEqual([]);
        expect(started).toEqual(['dialer', 'sipRegistration', ...(access?.canIntercept ? ['interception'] : [])]);
        expect(starts(step, 'dialer')).toEqual([
          { myNumber: access!.account.number, fabId: access!.fabId, manageCalls: true, doors: true },
        ]);
        expect(starts(step, 'sipRegistration')).toEqual([{ account: access!.account }]);
      },
    },
  });
}

describe('models together', () => coverage.expectAllExercised());

describe('softphone singletons', () => {
  it('load their chunk, then start the dialer before the registration, with the account and the button id', async () => {
    const started: unknown[] = [];
    const actor = createActor(loaded(started), { input: { access: sampleAccess } }).start();
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('withInterception'));
    expect(started).toEqual([
      ['dialer', { myNumber: sampleAccess.account.number, fabId: sampleAccess.fabId, manageCalls: true, doors: true }],
      ['sipRegistration', { account: sampleAccess.account }],
      ['interception', undefined],
    ]);
  });

  it('run under the root actor once the profile is loaded, with their system ids, and stop at logout', async () => {
    const machine = appMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: { login: pendingActor(), loadProfile: pendingActor(), refreshTokens: pendingActor() },
        }),
        notifications: createMachine({}) as never,
        realtime: createMachine({}) as never,
        softphone: loaded([]) as never,
      },
    });
    const app = createActor(machine, {
      input: { locale: 'en', collapsedCategories: [], session: { tokens: null, remember: false } },
    }).start();
    app.send({ type: 'session.loggedIn' });
    app.send({ type: 'session.profileLoaded', profileId: 1, softphone: sampleAccess });
    await vi.waitFor(() => expect(app.system.get('interception')).toBeDefined());
    expect(app.system.get('dialer')).toBeDefined();
    expect(app.system.get('sipRegistration')).toBeDefined();
    expect(app.system.get('interception')).toBeDefined();
    app.send({ type: 'session.loggedOut' });
    expect(app.system.get('dialer')).toBeUndefined();
    expect(app.getSnapshot().children.softphone).toBeUndefined();
  });
});

describe('softphone access (5, 6.4)', () => {
  const withNumber: Profile = {
    ...adminProfile,
    sip_number: { id: 12, number: '1001', name: 'Concierge desk', password: 'Gate1001pass' },
  };
  const settings: ServerSettings = {
    ...demoSettings,
    sip_proxy_host: 'sip.example',
    sip_port: 8443,
    is_sip_enabled: true,
    is_web_dialer_enabled: true,
    features: { ...demoSettings.features!, sip: true, web_dialer: true },
  };

  it('is given with a profile, a proxy host, SIP and the web dialer enabled and licensed, and a SIP number', () => {
    expect(softphoneAccess(withNumber, settings)).toEqual({
      account: {
        number: '1001',
        password: 'Gate1001pass',
        displayName: 'Concierge desk',
        host: 'sip.example',
        port: 8443,
      },
      canIntercept: withNumber.role.permissions.includes('calls.interception'),
      canManageCalls: expect.any(Boolean),
      canOpenDoors: expect.any(Boolean),
      fabId: 13,
    });
  });

  it.each([
    ['no profile', null, settings],
    ['no SIP number', { ...withNumber, sip_number: null }, settings],
    ['no proxy host', withNumber, { ...settings, sip_proxy_host: null }],
    ['SIP disabled', withNumber, { ...settings, is_sip_enabled: false }],
    ['web dialer disabled', withNumber, { ...settings, is_web_dialer_enabled: false }],
    ['SIP not licensed', withNumber, { ...settings, features: { ...settings.features!, sip: false } }],
    ['web dialer not licensed', withNumber, { ...settings, features: { ...settings.features!, web_dialer: false } }],
    ['no features (anonymous settings)', withNumber, { ...settings, features: null }],
  ] as const)('is refused with %s', (_, profile, s) => {
    expect(softphoneAccess(profile as Profile | null, s as ServerSettings)).toBeNull();
  });

  it('offers interception only with calls.interception', () => {
    const without = { ...withNumber, role: { ...withNumber.role, permissions: [] } };
    const withIt = { ...withNumber, role: { ...withNumber.role, permissions: ['calls.interception'] } };
    expect(softphoneAccess(without, settings)?.canIntercept).toBe(false);
    expect(softphoneAccess(withIt, settings)?.canIntercept).toBe(true);
  });

  it.each([
    [[], false, false],
    [['concierge.reception'], true, true],
    [['calls.interception'], true, false],
    [['calls.call_panel'], false, true],
  ])(
    'with %j the call queue is %s and doors %s (the server rules of calls management)',
    (permissions, queue, doors) => {
      const profile = { ...withNumber, role: { ...withNumber.role, permissions } };
      expect(softphoneAccess(profile, settings)).toMatchObject({ canManageCalls: queue, canOpenDoors: doors });
    },
  );
});
