import type { DialerHistory } from '../../contract/entities/call-history';
import type { DoorDevice } from '../../contract/entities/calls';
import type { Contact } from '../../contract/entities/sip-number';
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
  manageCalls: true,
  doors: true,
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

/** Contacts of the demo project (GET /sip-numbers/contacts). */
export const sampleContacts: Contact[] = [
  { id: 1, name: 'Reception', number: '1000', user: null, title: 'Concierge line' },
  {
    id: 2,
    name: 'Desk 2',
    number: '1002',
    user: { id: 7, name: 'Carla Concierge', description: 'Night shift' },
    title: null,
  },
  {
    id: 3,
    name: 'Flat 12',
    number: '2002',
    user: { id: 9, name: 'Rita Resident', description: 'Building A, flat 12' },
    title: null,
  },
  {
    id: 4,
    name: 'Flat 3',
    number: '2003',
    user: { id: 10, name: 'Ravi Resident', description: 'Building B, flat 3' },
    title: null,
  },
  { id: 5, name: 'Door A, entrance 1', number: '3001', user: null, title: 'Door panel' },
];

/** Recent calls of 1001 (GET /calls/history/dialer/1001). */
export const sampleHistory: DialerHistory = {
  total: 3,
  items: [
    {
      id: 31,
      from: { number: '2002', user_name: 'Rita Resident' },
      to: { number: MY_NUMBER, user_name: 'Concierge desk' },
      status: 'answered',
      duration: 95,
      created_at: '2025-05-12T09:12:00.000Z',
      type: 'incoming',
    },
    {
      id: 30,
      from: { number: MY_NUMBER, user_name: 'Concierge desk' },
      to: { number: '2003', user_name: 'Ravi Resident' },
      status: 'noanswer',
      duration: 0,
      created_at: '2025-05-12T08:40:00.000Z',
      type: 'outgoing',
    },
    {
      id: 29,
      from: { number: '3001', user_name: null },
      to: { number: MY_NUMBER, user_name: 'Concierge desk' },
      status: 'cancel',
      duration: 0,
      created_at: '2025-05-11T22:03:00.000Z',
      type: 'incoming',
    },
  ],
};

/** Door devices of the concierge (GET /calls/concierge/devices/items). */
export const sampleDoors: DoorDevice[] = [
  { token: 'door-a-1', name: 'Door A, entrance 1', sip_number: '3001' },
  { token: 'gate-b', name: 'Gate B', sip_number: '3002' },
  { token: null, name: 'Service door', sip_number: '3003' },
];
