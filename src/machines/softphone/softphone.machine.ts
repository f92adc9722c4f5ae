import { type AnyActorLogic, type AnyActorRef, assign, fromPromise, setup } from 'xstate';
import type { DialerMachine } from '../dialer/dialer.machine';
import type { InterceptionMachine } from '../interception/interception.machine';
import type { SipRegistrationMachine } from '../sip-registration/sip-registration.machine';
import type { SoftphoneAccess } from './softphone.access';

export interface SoftphoneInput {
  /** Null when the dialer is not available to this user (softphone.access.ts). */
  access: SoftphoneAccess | null;
}

/**
 * The softphone's singletons with their effects. They load with the first
 * registration, not with the login page (JsSIP, the call machines and the
 * dialer are a chunk of their own: first-load budget, issue 10).
 */
export interface SoftphoneParts {
  dialer: DialerMachine;
  sipRegistration: SipRegistrationMachine;
  interception: InterceptionMachine;
}

interface SpawnOptions {
  id: string;
  systemId: string;
  input?: unknown;
}

/** How long a softphone whose parts did not load waits before it tries again. */
export const SOFTPHONE_RELOAD_MS = 10_000;

/**
 * Runs the softphone singletons for the logged-in user (invoked by the root
 * actor in `loggedIn.ready`): it loads their chunk, then starts the dialer
 * first (the registration reports to it), then the SIP registration, and
 * interception when permitted. With no access it loads and runs nothing. A
 * chunk that does not arrive is reported and tried again. Stopping it
 * (logout) stops them all: the user agent unregisters and every call hangs up.
 */
export const softphoneMachine = setup({
  types: { context: {} as SoftphoneInput, input: {} as SoftphoneInput },
  actors: {
    /** Provided by the console (src/services/root-actor.ts); tests give stubs. */
    loadParts: fromPromise<SoftphoneParts>(() => new Promise<never>(() => {})),
  },
  actions: {
    /** Spawns the singletons from the loaded parts, in order, with their system ids. */
    startParts: assign(({ context, spawn: typedSpawn }, { parts }: { parts: SoftphoneParts }) => {
      // The parts arrive as logic at run time, not as implementations named in setup; XState types
      // such spawns without ids, and the selectors, stories and other actors find them by id.
      const spawn = typedSpawn as unknown as (logic: AnyActorLogic, options: SpawnOptions) => AnyActorRef;
      const access = context.access!;
      spawn(parts.dialer, {
        id: 'dialer',
        systemId: 'dialer',
        input: {
          myNumber: access.account.number,
          fabId: access.fabId,
          manageCalls: access.canManageCalls,
          doors: access.canOpenDoors,
        },
      });
      spawn(parts.sipRegistration, {
        id: 'sipRegistration',
        systemId: 'sipRegistration',
        input: { account: access.account },
      });
      if (access.canIntercept) spawn(parts.interception, { id: 'interception', systemId: 'interception' });
      return {};
    }),
    /** Tells the user the dialer is not there for now (it tries again by itself). */
    reportLoadFailure: () => {},
  },
  guards: {
    isUnavailable: ({ context }) => context.access === null,
    canIntercept: ({ context }) => context.access?.canIntercept === true,
  },
}).createMachine({
  id: 'softphone',
  context: ({ input }) => ({ access: input.access }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'isUnavailable', target: 'unavailable' }, { target: 'loading' }],
    },
    /** No SIP number, no proxy host, or SIP or the web dialer disabled. */
    unavailable: {},
    /** Fetching the dialer's chunk. */
    loading: {
      invoke: {
        id: 'loadParts',
        src: 'loadParts',
        onDone: [
          {
            guard: 'canIntercept',
            target: 'withInterception',
            actions: { type: 'startParts', params: ({ event }) => ({ parts: event.output }) },
          },
          { target: 'running', actions: { type: 'startParts', params: ({ event }) => ({ parts: event.output }) } },
        ],
        onError: { target: 'failed', actions: 'reportLoadFailure' },
      },
    },
    /** The chunk did not arrive (offline, a new deployment): tried again after a while. */
    failed: { after: { [SOFTPHONE_RELOAD_MS]: 'loading' } },
    running: {},
    withInterception: {},
  },
});

export type SoftphoneMachine = typeof softphoneMachine;
