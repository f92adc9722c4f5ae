import { CALL_DEFAULT_VOLUME } from '../../contract/constants';
import { callMachine } from './call.machine';
import type { CallContext, CallInput } from './call.types';

/** The concierge's own number in every sample. */
export const MY_NUMBER = '1001';

/** Inputs of the sample calls: a resident called directly, a door panel queued on the concierge number. */
export const sampleInputs = {
  outgoing: {
    speechId: 'b9d3c0de-0000-4000-8000-000000000001',
    number: '2002',
    callee: '2002',
    direction: 'outgoing',
    type: 'normal',
    sosCall: false,
    info: { address: null, user: 'Rita Resident' },
    answeredBy: null,
    parentId: null,
    myNumber: MY_NUMBER,
    createdAt: null,
    video: false,
    start: { kind: 'dial' },
  },
  incoming: {
    speechId: 'b9d3c0de-0000-4000-8000-000000000002',
    number: '2002',
    callee: MY_NUMBER,
    direction: 'incoming',
    type: 'normal',
    sosCall: false,
    info: { address: null, user: 'Rita Resident' },
    answeredBy: null,
    parentId: null,
    myNumber: MY_NUMBER,
    createdAt: null,
    video: false,
    start: { kind: 'ring' },
  },
  awaiting: {
    speechId: 'b9d3c0de-0000-4000-8000-000000000003',
    number: '3001',
    callee: '1000',
    direction: 'incoming',
    type: 'awaiting',
    sosCall: false,
    info: { address: 'Building A, entrance 1', user: null },
    answeredBy: null,
    parentId: null,
    myNumber: MY_NUMBER,
    createdAt: '2025-05-12T09:41:00.000Z',
    video: false,
    start: { kind: 'server', status: 'waiting' },
  },
} satisfies Record<string, CallInput>;

/** A call context as the machine builds it from an input, with overrides. */
export function callContext(input: CallInput, overrides: Partial<CallContext> = {}): CallContext {
  const { start, ...fields } = input;
  return {
    ...fields,
    started: null,
    duration: 0,
    settings: { volume: CALL_DEFAULT_VOLUME, micMuted: false },
    sessionMode: start.kind === 'dial' ? 'dial' : start.kind === 'ring' ? 'attach' : 'join',
    initialServerStatus: start.kind === 'server' ? start.status : null,
    resumeStatus: 'paused',
    endCause: null,
    failure: null,
    ...overrides,
  };
}

const connected = { started: Date.parse('2025-05-12T09:42:00.000Z'), duration: 83 };

/** One snapshot per state of the call machine (stories and the model test's coverage check). */
export const callFixtures = {
  dialing: callMachine.resolveState({ value: { withSession: 'dialing' }, context: callContext(sampleInputs.outgoing) }),
  ringing: callMachine.resolveState({ value: { withSession: 'ringing' }, context: callContext(sampleInputs.incoming) }),
  ringingSos: callMachine.resolveState({
    value: { withSession: 'ringing' },
    context: callContext(sampleInputs.incoming, { sosCall: true }),
  }),
  active: callMachine.resolveState({
    value: { withSession: 'active' },
    context: callContext(sampleInputs.incoming, connected),
  }),
  activeMutedVideo: callMachine.resolveState({
    value: { withSession: 'active' },
    context: callContext(sampleInputs.outgoing, {
      ...connected,
      video: true,
      settings: { volume: 0.4, micMuted: true },
    }),
  }),
  newAwaiting: callMachine.resolveState({
    value: 'new',
    context: callContext(sampleInputs.awaiting, { resumeStatus: 'new', initialServerStatus: 'new' }),
  }),
  paused: callMachine.resolveState({ value: 'paused', context: callContext(sampleInputs.awaiting) }),
  joining: callMachine.resolveState({
    value: { withSession: 'joining' },
    context: callContext(sampleInputs.awaiting),
  }),
  activeAwaiting: callMachine.resolveState({
    value: { withSession: 'active' },
    context: callContext(sampleInputs.awaiting, { ...connected, answeredBy: MY_NUMBER }),
  }),
  processedPaused: callMachine.resolveState({
    value: 'processed_paused',
    context: callContext(sampleInputs.awaiting, { answeredBy: MY_NUMBER, resumeStatus: 'processed_paused' }),
  }),
  answeredByAnother: callMachine.resolveState({
    value: 'answeredByAnother',
    context: callContext(sampleInputs.awaiting, { answeredBy: '1002' }),
  }),
  stopping: callMachine.resolveState({
    value: 'stopping',
    context: callContext(sampleInputs.awaiting, { answeredBy: MY_NUMBER, resumeStatus: 'processed_paused' }),
  }),
  destroyed: callMachine.resolveState({
    value: 'destroyed',
    context: callContext(sampleInputs.outgoing, { ...connected, endCause: 'Terminated' }),
  }),
  removed: callMachine.resolveState({ value: 'removed', context: callContext(sampleInputs.outgoing, connected) }),
};
