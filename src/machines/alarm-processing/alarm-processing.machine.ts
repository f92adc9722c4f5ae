import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { DeviceAlarm } from '../../contract/entities/device-alarm';
import { ALARM_COMMENT_MAX } from '../../contract/entities/device-alarm';
import type { CallFailure } from '../session/session.types';

export interface AlarmProcessingInput {
  /** The alarm of /devices/alarms/:id/edit. */
  id: number;
}

export interface AlarmProcessingContext {
  id: number;
  alarm: DeviceAlarm | null;
  comment: string;
  /** `required` / `max_length` of the comment, shown once the operator tried to process. */
  commentError: 'required' | 'max_length' | null;
  /** Why the load or the last processing failed (the server's message). */
  failure: CallFailure | null;
}

export type AlarmProcessingEvent =
  | { type: 'comment.changed'; value: string }
  | { type: 'process.submitted' }
  | { type: 'retry' }
  /** The alarm changed elsewhere (realtime DeviceAlarmChanged for this id): read it again. */
  | { type: 'alarm.changed' };

type AlertParams = { kind: 'success'; code: string; params: { device: string } };

const commentErrorOf = (comment: string): AlarmProcessingContext['commentError'] =>
  comment.trim().length === 0 ? 'required' : comment.trim().length > ALARM_COMMENT_MAX ? 'max_length' : null;

/**
 * Processing one device alarm (§4: processing supplies a comment), the page /devices/alarms/:id/edit:
 * loading → review (the alarm, its comment field) → processing → processed; a refusal (the
 * server's message, e.g. 409 `alarm already processed`, 403) goes to failed, where retry sends the
 * same comment again and editing goes back to review. An alarm that is processed already (on
 * load, or changed elsewhere meanwhile) is shown in `alreadyProcessed`: nothing can be sent.
 */
export const alarmProcessingMachine = setup({
  types: {
    context: {} as AlarmProcessingContext,
    events: {} as AlarmProcessingEvent,
    input: {} as AlarmProcessingInput,
  },
  actors: {
    load: fromPromise<DeviceAlarm, { id: number }>(() => new Promise(() => {})),
    process: fromPromise<DeviceAlarm, { id: number; comment: string }>(() => new Promise(() => {})),
    /** Sends `alarm.changed` when the alarm changes elsewhere (realtime), while it can be processed here. */
    changes: fromCallback<AlarmProcessingEvent, { id: number }>(() => () => {}),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setAlarm: assign((_, params: { alarm: DeviceAlarm }) => ({ alarm: params.alarm, failure: null })),
    setComment: assign((_, params: { value: string }) => ({
      comment: params.value,
      commentError: null,
    })),
    checkComment: assign(({ context }) => ({ commentError: commentErrorOf(context.comment) })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isProcessed: (_, params: { alarm: DeviceAlarm }) => params.alarm.state === 'processed',
    commentValid: ({ context }) => commentErrorOf(context.comment) === null,
  },
}).createMachine({
  id: 'alarmProcessing',
  context: ({ input }) => ({ id: input.id, alarm: null, comment: '', commentError: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isProcessed', params: ({ event }) => ({ alarm: event.output }) },
            target: 'alreadyProcessed',
            actions: { type: 'setAlarm', params: ({ event }) => ({ alarm: event.output }) },
          },
          { target: 'review', actions: { type: 'setAlarm', params: ({ event }) => ({ alarm: event.output }) } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading', actions: 'clearFailure' } },
    },
    review: {
      invoke: { id: 'changes', src: 'changes', input: ({ context }) => ({ id: context.id }) },
      on: {
        'comment.changed': { actions: { type: 'setComment', params: ({ event }) => ({ value: event.value }) } },
        'process.submitted': [
          { guard: 'commentValid', target: 'processing', actions: 'clearFailure' },
          { actions: 'checkComment' },
        ],
        'alarm.changed': 'loading',
      },
    },
    processing: {
      invoke: {
        id: 'process',
        src: 'process',
        input: ({ context }) => ({ id: context.id, comment: context.comment.trim() }),
        onDone: {
          target: 'processed',
          actions: [
            { type: 'setAlarm', params: ({ event }) => ({ alarm: event.output }) },
            {
              type: 'alert',
              params: ({ event }) => ({
                kind: 'success' as const,
                code: 'alarms:processing.done',
                params: { device: event.output.device.name },
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    failed: {
      invoke: { id: 'changes', src: 'changes', input: ({ context }) => ({ id: context.id }) },
      on: {
        retry: { target: 'processing', actions: 'clearFailure' },
        'comment.changed': {
          target: 'review',
          actions: ['clearFailure', { type: 'setComment', params: ({ event }) => ({ value: event.value }) }],
        },
        'alarm.changed': { target: 'loading', actions: 'clearFailure' },
      },
    },
    /** Processed here: the result stays on the page. */
    processed: { type: 'final' },
    /** Processed before this page could: shown, never sent again. */
    alreadyProcessed: { type: 'final' },
  },
});

export type AlarmProcessingMachine = typeof alarmProcessingMachine;
