import { setup } from 'xstate';
import { dialerMachine } from '../dialer/dialer.machine';
import { interceptionMachine } from '../interception/interception.machine';
import { sipRegistrationMachine } from '../sip-registration/sip-registration.machine';
import type { SoftphoneAccess } from './softphone.access';

export interface SoftphoneInput {
  /** Null when the dialer is not available to this user (softphone.access.ts). */
  access: SoftphoneAccess | null;
}

const dialerInvoke = {
  id: 'dialer',
  systemId: 'dialer',
  src: 'dialer',
  input: ({ context }: { context: SoftphoneInput }) => ({
    myNumber: context.access!.account.number,
    fabId: context.access!.fabId,
    manageCalls: context.access!.canManageCalls,
    doors: context.access!.canOpenDoors,
  }),
} as const;
const registrationInvoke = {
  id: 'sipRegistration',
  systemId: 'sipRegistration',
  src: 'sipRegistration',
  input: ({ context }: { context: SoftphoneInput }) => ({ account: context.access!.account }),
} as const;

/**
 * Runs the softphone singletons for the logged-in user (invoked by the root
 * actor in `loggedIn.ready`): the dialer first (the registration reports to
 * it), then the SIP registration, and interception when permitted. With no
 * access it runs nothing. Stopping it (logout) stops them all: the user agent
 * unregisters and every call hangs up.
 */
export const softphoneMachine = setup({
  types: { context: {} as SoftphoneInput, input: {} as SoftphoneInput },
  actors: { dialer: dialerMachine, sipRegistration: sipRegistrationMachine, interception: interceptionMachine },
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
      always: [
        { guard: 'isUnavailable', target: 'unavailable' },
        { guard: 'canIntercept', target: 'withInterception' },
        { target: 'running' },
      ],
    },
    /** No SIP number, no proxy host, or SIP or the web dialer disabled. */
    unavailable: {},
    running: { invoke: [dialerInvoke, registrationInvoke] },
    withInterception: {
      invoke: [dialerInvoke, registrationInvoke, { id: 'interception', systemId: 'interception', src: 'interception' }],
    },
  },
});

export type SoftphoneMachine = typeof softphoneMachine;
