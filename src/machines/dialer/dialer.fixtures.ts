import { MY_NUMBER, sampleInputs } from '../call/call.fixtures';
import type { CallSummary } from '../call/call.types';
import { dialerMachine } from './dialer.machine';
import type { DialerContext } from './dialer.types';

/** Summaries matching the call fixtures' samples. */
export const sampleSummaries = {
  active: {
    id: sampleInputs.outgoing.speechId,
    status: 'active',
    type: 'normal',
    direction: 'outgoing',
    number: '2002',
    hasSIPSession: true,
    parentId: null,
    answeredBy: null,
  },
  ringing: {
    id: sampleInputs.incoming.speechId,
    status: 'calling',
    type: 'normal',
    direction: 'incoming',
    number: '2002',
    hasSIPSession: true,
    parentId: null,
    answeredBy: null,
  },
  awaitingActive: {
    id: sampleInputs.awaiting.speechId,
    status: 'active',
    type: 'awaiting',
    direction: 'incoming',
    number: '3001',
    hasSIPSession: true,
    parentId: null,
    answeredBy: MY_NUMBER,
  },
} satisfies Record<string, CallSummary>;

/** A registered dialer with the panel open and nothing going on. */
export const dialerContext = (overrides: Partial<DialerContext> = {}): DialerContext => ({
  myNumber: MY_NUMBER,
  fabId: 4711,
  registration: 'registered',
  calls: [],
  selectedCallId: null,
  keypad: '',
  lastDialed: null,
  contactSearch: '',
  pending: null,
  interrupting: null,
  returnTo: null,
  door: null,
  openingDoor: false,
  panelOpen: true,
  leftView: 'contacts',
  loadingWaitingCalls: false,
  waitingFailure: null,
  ...overrides,
});

const withRinging = (active: CallSummary) => ({
  calls: [active, sampleSummaries.ringing],
  selectedCallId: active.id,
  pending: { kind: 'accept', id: sampleSummaries.ringing.id } as const,
  interrupting: active.id,
});

/** One snapshot per dialer state (the approvals of 8.3), plus the panel variants the stories show. */
export const dialerFixtures = {
  idle: dialerMachine.resolveState({ value: 'idle', context: dialerContext() }),
  confirmingEnd: dialerMachine.resolveState({
    value: 'confirmingEnd',
    context: dialerContext(withRinging(sampleSummaries.active)),
  }),
  confirmingHold: dialerMachine.resolveState({
    value: 'confirmingHold',
    context: dialerContext(withRinging(sampleSummaries.awaitingActive)),
  }),
  confirmingReturn: dialerMachine.resolveState({
    value: 'confirmingReturn',
    context: dialerContext({
      calls: [
        { ...sampleSummaries.awaitingActive, status: 'processed_paused', hasSIPSession: false },
        {
          ...sampleSummaries.active,
          status: 'destroyed',
          hasSIPSession: false,
          parentId: sampleSummaries.awaitingActive.id,
        },
      ],
      returnTo: sampleSummaries.awaitingActive.id,
    }),
  }),
};
