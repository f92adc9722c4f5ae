import type { SnapshotFrom } from 'xstate';
import { callFixtures, sampleInputs } from '../../machines/call/call.fixtures';
import { callMachine } from '../../machines/call/call.machine';
import { selectCallStatus, selectHasSipSession } from '../../machines/call/call.selectors';
import type { CallContext, CallSummary } from '../../machines/call/call.types';
import {
  dialerContext,
  dialerFixtures,
  sampleContacts,
  sampleDoors,
  sampleHistory,
} from '../../machines/dialer/dialer.fixtures';
import { dialerMachine } from '../../machines/dialer/dialer.machine';
import type { DialerContext } from '../../machines/dialer/dialer.types';
import { interceptionFixtures } from '../../machines/interception/interception.fixtures';
import type { InterceptionMachine } from '../../machines/interception/interception.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { sipRegistrationFixtures } from '../../machines/sip-registration/sip-registration.fixtures';
import type { SipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';

type CallSnapshot = SnapshotFrom<typeof callMachine>;
type ResourceSnapshot = SnapshotFrom<typeof loaderMachine>;

/** Everything a dialer story shows: the dialer, its calls and lists, the registration, interception. */
export interface DialerScene {
  dialer: SnapshotFrom<typeof dialerMachine>;
  calls: CallSnapshot[];
  contacts: ResourceSnapshot;
  recents: ResourceSnapshot;
  doors: ResourceSnapshot;
  registration: SnapshotFrom<SipRegistrationMachine>;
  /** Null when the user may not intercept calls. */
  interception: SnapshotFrom<InterceptionMachine> | null;
}

const loaded = (data: unknown) => loaderMachine.resolveState({ value: 'loaded', context: { data, error: null } });
const loading = loaderMachine.resolveState({ value: 'loading', context: { data: null, error: null } });

/** A call fixture under another identity (a scene shows several calls at once). */
export function callAs(fixture: CallSnapshot, overrides: Partial<CallContext>): CallSnapshot {
  return callMachine.resolveState({ value: fixture.value, context: { ...fixture.context, ...overrides } });
}

/** What the dialer mirrors of a call snapshot. */
export function summaryOf(call: CallSnapshot): CallSummary {
  const c = call.context;
  return {
    id: c.speechId,
    status: selectCallStatus(call),
    type: c.type,
    direction: c.direction,
    number: c.number,
    hasSIPSession: selectHasSipSession(call),
    parentId: c.parentId,
    answeredBy: c.answeredBy,
  };
}

/** A removed call (final) is gone from the dialer: it lists it no more and its actor has stopped. */
export const isRemoved = (call: CallSnapshot) => call.status === 'done';

const lists = () => ({ contacts: loaded(sampleContacts), recents: loaded(sampleHistory), doors: loaded(sampleDoors) });

/** A scene from a dialer state, its calls and context overrides; lists loaded, registered, interception off. */
export function scene(
  value: keyof typeof dialerFixtures,
  calls: CallSnapshot[],
  overrides: Partial<DialerContext> = {},
  rest: Partial<Omit<DialerScene, 'dialer' | 'calls'>> = {},
): DialerScene {
  const base = dialerFixtures[value].context;
  const listed = calls.filter((call) => !isRemoved(call));
  return {
    dialer: dialerMachine.resolveState({
      value: dialerFixtures[value].value,
      context: dialerContext({ ...base, calls: listed.map(summaryOf), ...overrides }),
    }),
    calls,
    ...lists(),
    registration: sipRegistrationFixtures.registered,
    interception: interceptionFixtures.inactive,
    ...rest,
  };
}

/**
 * A scene around a dialer fixture as it is (the Machines stories show the
 * fixture itself): `calls` are the call actors its summaries stand for.
 */
export function fixtureScene(dialer: SnapshotFrom<typeof dialerMachine>, calls: CallSnapshot[]): DialerScene {
  const ids = calls.map((call) => call.context.speechId);
  if (dialer.context.calls.some((c) => !ids.includes(c.id))) throw new Error('a listed call has no actor');
  return {
    dialer,
    calls,
    ...lists(),
    registration: sipRegistrationFixtures.registered,
    interception: interceptionFixtures.inactive,
  };
}

const awaitingId = sampleInputs.awaiting.speechId;
const active = callFixtures.active;
const ringing = callAs(callFixtures.ringing, {
  speechId: 'b9d3c0de-0000-4000-8000-00000000000a',
  number: '2003',
  info: { address: null, user: 'Ravi Resident' },
});
const waitingDoor = callAs(callFixtures.paused, { speechId: 'b9d3c0de-0000-4000-8000-00000000000b' });
const takenElsewhere = callAs(callFixtures.answeredByAnother, {
  speechId: 'b9d3c0de-0000-4000-8000-00000000000c',
  number: '3002',
  info: { address: 'Gate B', user: null },
});

/** The panel's scenes, one per dialer state and the variants worth seeing. */
export const dialerScenes = {
  idle: scene('idle', []),
  busy: scene('idle', [active, waitingDoor, takenElsewhere, ringing], { selectedCallId: active.context.speechId }),
  confirmingEnd: scene('confirmingEnd', [active, ringing], {
    pending: { kind: 'accept', id: ringing.context.speechId },
    interrupting: active.context.speechId,
    selectedCallId: active.context.speechId,
  }),
  confirmingHold: scene('confirmingHold', [callFixtures.activeAwaiting, ringing], {
    pending: { kind: 'accept', id: ringing.context.speechId },
    interrupting: awaitingId,
    selectedCallId: awaitingId,
  }),
  confirmingReturn: scene('confirmingReturn', [
    callFixtures.processedPaused,
    callAs(callFixtures.destroyed, { parentId: awaitingId }),
  ]),
  recents: scene('idle', [], { leftView: 'recents' }),
  searching: scene('idle', [], { contactSearch: ' rESid ', keypad: '2002' }),
  offline: scene('idle', [], { registration: 'unregistered' }, { registration: sipRegistrationFixtures.unregistered }),
  connectionError: scene('idle', [], { registration: 'error' }, { registration: sipRegistrationFixtures.error }),
  mediaDenied: scene(
    'idle',
    [],
    { registration: 'mediaDenied' },
    { registration: sipRegistrationFixtures.mediaDenied },
  ),
  intercepting: scene('idle', [], {}, { interception: interceptionFixtures.active }),
  noInterception: scene('idle', [], {}, { interception: null }),
  doorSelected: scene('idle', [], { door: { token: sampleDoors[0]!.token, sipNumber: sampleDoors[0]!.sip_number } }),
  waitingFailed: scene('idle', [], { waitingFailure: { code: 'internal server error', status: 500 } }),
  loadingLists: scene(
    'idle',
    [],
    {},
    { contacts: loading, recents: loading, doors: loading, interception: interceptionFixtures.loading },
  ),
};
