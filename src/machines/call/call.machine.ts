import { assign, fromCallback, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { CALL_DEFAULT_VOLUME, CALL_DURATION_TICK_MS, DTMF, ENDED_CALL_REMOVAL_MS } from '../../contract/constants';
import type { CallFailure } from '../session/session.types';
import { callGuards } from './call.guards';
import type {
  CallContext,
  CallEvent,
  CallInput,
  CallParentEvent,
  CallStatus,
  SipSessionCommand,
  SipSessionInput,
} from './call.types';

/** Transitions shared by the states without a SIP session: the server decides where the call rests. */
const restingServerRoutes = [
  { guard: 'isServerDestroyed', target: '#call.destroyed', actions: 'applyServerFields' },
  { guard: 'isServerAnswered', target: '#call.answeredByAnother', actions: ['applyServerFields', 'reportFields'] },
  { guard: 'isServerWaiting', target: '#call.paused', actions: ['applyServerFields', 'reportFields'] },
  {
    guard: 'isServerAnsweredWaiting',
    target: '#call.processed_paused',
    actions: ['applyServerFields', 'reportFields'],
  },
  { guard: 'isServerNew', target: '#call.new', actions: ['applyServerFields', 'reportFields'] },
] as const;

/** Back to where an awaiting call rests (a join failed or was cancelled, our leg ended). */
const backToRest = [
  { guard: 'restsAsNew', target: '#call.new' },
  { guard: 'restsAsPaused', target: '#call.paused' },
  { target: '#call.processed_paused' },
] as const;

/** What the resting states (new, paused, processed_paused) accept. */
const restingOn = {
  'call.join': { target: '#call.withSession.joining', actions: { type: 'setMode', params: { mode: 'join' } } },
  'call.hangup': '#call.stopping',
  'session.attached': { target: '#call.withSession.ringing', actions: { type: 'setMode', params: { mode: 'attach' } } },
  'server.updated': restingServerRoutes,
} as const;

const report = (status: CallStatus, hasSIPSession: boolean) =>
  ({ type: 'report', params: { status, hasSIPSession } }) as const;

/** Actions of every transition into `active` (not entry actions: the duration tick re-enters it). */
const enterActive = ['startStretch', report('active', true)] as const;

/**
 * One call of the dialer (section 4). States carry the status names (as tags
 * where two states share one: dialing and ringing are both `calling`); a SIP
 * session exists only inside `withSession`, whose invoked `sipSession` actor
 * (JsSIP in the services) hangs up our leg when the state is left: ending,
 * holding and cancelling a join are all "leave withSession".
 */
export const callMachine = setup({
  types: {
    context: {} as CallContext,
    events: {} as CallEvent,
    input: {} as CallInput,
    tags: {} as CallStatus,
  },
  actors: {
    sipSession: fromCallback<SipSessionCommand, SipSessionInput>(() => () => {}),
    stopCall: fromPromise<void, { speechId: string }>(() => new Promise(() => {})),
  },
  delays: { durationTick: CALL_DURATION_TICK_MS, endedCallRemoval: ENDED_CALL_REMOVAL_MS },
  guards: callGuards,
  actions: {
    /** Tells the dialer the call's status (its mirror drives the interrupt rules and the button). */
    report: sendParent(
      ({ context }, params: { status: CallStatus; hasSIPSession: boolean }): CallParentEvent => ({
        type: 'call.changed',
        id: context.speechId,
        changes: params,
      }),
    ),
    reportFields: sendParent(
      ({ context }): CallParentEvent => ({
        type: 'call.changed',
        id: context.speechId,
        changes: { answeredBy: context.answeredBy, type: context.type },
      }),
    ),
    notifyRemoved: sendParent(({ context }): CallParentEvent => ({ type: 'call.removed', id: context.speechId })),
    /** Ring sound and desktop notification of an incoming call (services). */
    startRinging: (_, _params: { speechId: string; number: string; sosCall: boolean }) => {},
    stopRinging: (_, _params: { speechId: string }) => {},
    alertFailure: (_, _params: { code: string }) => {},
    answer: sendTo(
      'sipSession',
      ({ context }): SipSessionCommand => ({ type: 'session.answer', video: context.video }),
    ),
    sendDtmf: sendTo(
      'sipSession',
      (_, params: { tone: string }): SipSessionCommand => ({
        type: 'session.dtmf',
        tone: params.tone,
        duration: DTMF.inCallMs,
      }),
    ),
    applyMute: sendTo(
      'sipSession',
      ({ context }): SipSessionCommand => ({ type: 'session.mute', muted: context.settings.micMuted }),
    ),
    applyVolume: sendTo(
      'sipSession',
      ({ context }): SipSessionCommand => ({ type: 'session.volume', volume: context.settings.volume }),
    ),
    applyVideo: sendTo(
      'sipSession',
      ({ context }): SipSessionCommand => ({ type: 'session.video', enabled: context.video }),
    ),
    toggleMute: assign({ settings: ({ context }) => ({ ...context.settings, micMuted: !context.settings.micMuted }) }),
    setVolume: assign({
      settings: ({ context }, params: { volume: number }) => ({
        ...context.settings,
        volume: Math.min(1, Math.max(0, params.volume)),
      }),
    }),
    toggleVideo: assign({ video: ({ context }) => !context.video }),
    tick: assign({ duration: ({ context }) => context.duration + 1 }),
    startStretch: assign({ duration: 0 }),
    markStarted: assign({ started: ({ context }, params: { at: number }) => context.started ?? params.at }),
    setMode: assign({ sessionMode: (_, params: { mode: CallContext['sessionMode'] }) => params.mode }),
    rememberRest: assign({ resumeStatus: (_, params: { status: CallContext['resumeStatus'] }) => params.status }),
    rememberCause: assign({
      endCause: ({ event }) => (event.type === 'session.ended' || event.type === 'session.failed' ? event.cause : null),
    }),
    setFailure: assign({ failure: (_, params: { failure: CallFailure }) => params.failure }),
    applyServerFields: assign(({ context, event }) => {
      if (event.type !== 'server.updated') return {};
      return { answeredBy: event.call.answered_by, type: event.call.type, info: event.call.info ?? context.info };
    }),
  },
}).createMachine({
  id: 'call',
  context: ({ input }) => {
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
    };
  },
  initial: 'routing',
  states: {
    /** Where the input says the call is now. */
    routing: {
      always: [
        { guard: 'startsDialing', target: 'withSession.dialing' },
        { guard: 'startsRinging', target: 'withSession.ringing' },
        { guard: 'startsDestroyed', target: 'destroyed' },
        { guard: 'startsAnswered', target: 'answeredByAnother' },
        { guard: 'startsAnsweredWaiting', target: 'processed_paused' },
        { guard: 'startsNew', target: 'new' },
        { target: 'paused' },
      ],
    },
    new: {
      tags: 'new',
      entry: [report('new', false), { type: 'rememberRest', params: { status: 'new' } }],
      on: restingOn,
    },
    paused: {
      tags: 'paused',
      entry: [report('paused', false), { type: 'rememberRest', params: { status: 'paused' } }],
      on: restingOn,
    },
    processed_paused: {
      tags: 'processed_paused',
      entry: [report('processed_paused', false), { type: 'rememberRest', params: { status: 'processed_paused' } }],
      on: restingOn,
    },
    /** Answered by another number (or on another device): disabled, with that info (4). */
    answeredByAnother: {
      tags: 'active',
      entry: report('active', false),
      on: { 'server.updated': restingServerRoutes },
    },
    withSession: {
      invoke: {
        id: 'sipSession',
        src: 'sipSession',
        input: ({ context }) => ({
          speechId: context.speechId,
          mode: context.sessionMode,
          target: context.sessionMode === 'join' ? context.callee : context.number,
          video: context.video,
        }),
      },
      on: {
        'call.toggleMute': { actions: ['toggleMute', 'applyMute'] },
        'call.volumeChanged': {
          actions: [{ type: 'setVolume', params: ({ event }) => ({ volume: event.volume }) }, 'applyVolume'],
        },
        'call.toggleVideo': { actions: ['toggleVideo', 'applyVideo'] },
        'server.updated': [
          { guard: 'isServerDestroyed', target: 'destroyed', actions: 'applyServerFields' },
          { guard: 'isAnsweredByAnother', target: 'answeredByAnother', actions: ['applyServerFields', 'reportFields'] },
          { actions: ['applyServerFields', 'reportFields'] },
        ],
      },
      initial: 'dialing',
      states: {
        /** Outgoing, waiting for an answer. */
        dialing: {
          tags: 'calling',
          entry: report('calling', true),
          on: {
            'session.accepted': {
              target: 'active',
              actions: [{ type: 'markStarted', params: ({ event }) => ({ at: event.at }) }, ...enterActive],
            },
            'session.ended': { target: '#call.destroyed', actions: 'rememberCause' },
            'session.failed': { target: '#call.destroyed', actions: 'rememberCause' },
            'call.hangup': '#call.destroyed',
            'call.interrupt': '#call.destroyed',
          },
        },
        /** Incoming, ringing: ring sound and notification until answered or ended. */
        ringing: {
          tags: 'calling',
          entry: [
            report('calling', true),
            {
              type: 'startRinging',
              params: ({ context }) => ({
                speechId: context.speechId,
                number: context.number,
                sosCall: context.sosCall,
              }),
            },
          ],
          exit: { type: 'stopRinging', params: ({ context }) => ({ speechId: context.speechId }) },
          on: {
            'call.accept': { target: 'active', actions: ['answer', ...enterActive] },
            'call.hangup': [{ guard: 'isAwaiting', target: 'resting' }, { target: '#call.destroyed' }],
            'session.ended': [
              { guard: 'isAwaiting', target: 'resting' },
              { target: '#call.destroyed', actions: 'rememberCause' },
            ],
            'session.failed': [
              { guard: 'isAwaiting', target: 'resting' },
              { target: '#call.destroyed', actions: 'rememberCause' },
            ],
          },
        },
        /** Joining an awaiting call: our INVITE to its callee with its speech id. */
        joining: {
          tags: 'joining',
          entry: report('joining', true),
          on: {
            'session.accepted': {
              target: 'active',
              actions: [{ type: 'markStarted', params: ({ event }) => ({ at: event.at }) }, ...enterActive],
            },
            'session.ended': 'resting',
            'session.failed': 'resting',
            'call.interrupt': 'resting',
            'call.hangup': '#call.stopping',
          },
        },
        active: {
          tags: 'active',
          // Entered through `enterActive`, so the second ticks (which re-enter) keep the stretch and say nothing.
          after: { durationTick: { target: 'active', reenter: true, actions: 'tick' } },
          on: {
            'session.accepted': { actions: { type: 'markStarted', params: ({ event }) => ({ at: event.at }) } },
            'call.sendDtmf': { actions: { type: 'sendDtmf', params: ({ event }) => ({ tone: event.tone }) } },
            'call.hold': { guard: 'isAwaiting', target: '#call.processed_paused' },
            'call.interrupt': [
              { guard: 'isAwaiting', target: '#call.processed_paused' },
              { target: '#call.destroyed' },
            ],
            'call.hangup': [{ guard: 'isAwaiting', target: '#call.stopping' }, { target: '#call.destroyed' }],
            'session.ended': [
              { guard: 'isAwaiting', target: 'resting' },
              { target: '#call.destroyed', actions: 'rememberCause' },
            ],
            'session.failed': [
              { guard: 'isAwaiting', target: 'resting' },
              { target: '#call.destroyed', actions: 'rememberCause' },
            ],
          },
        },
        /** Our leg is gone; an awaiting call goes back to where it rests. */
        resting: { always: backToRest },
      },
    },
    /** Stopping an awaiting call via the server (POST /calls/stop). */
    stopping: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ status: context.resumeStatus, hasSIPSession: false }),
      },
      invoke: {
        id: 'stopCall',
        src: 'stopCall',
        input: ({ context }) => ({ speechId: context.speechId }),
        onDone: 'destroyed',
        onError: {
          target: 'stopFailed',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alertFailure', params: ({ event }) => ({ code: (event.error as CallFailure).code }) },
          ],
        },
      },
      on: { 'server.updated': { guard: 'isServerDestroyed', target: 'destroyed', actions: 'applyServerFields' } },
    },
    stopFailed: { always: backToRest },
    /** Ended: shown for 5 s, then removed (4). */
    destroyed: {
      tags: 'destroyed',
      entry: report('destroyed', false),
      after: { endedCallRemoval: 'removed' },
    },
    removed: { type: 'final', tags: 'destroyed', entry: 'notifyRemoved' },
  },
});

export type CallMachine = typeof callMachine;
