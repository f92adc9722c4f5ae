import { assign, fromPromise, sendTo, setup } from 'xstate';
import { type AnnounceByToken, pollAnswerErrors } from '../../contract/entities/announce';
import type { FieldError } from '../../contract/errors';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

export interface PollAnswerContext {
  token: string;
  announce: AnnounceByToken | null;
  /** Chosen option indices. */
  answers: number[];
  customAnswer: string;
  errors: Record<string, FieldError>;
  failure: CallFailure | null;
}

export interface PollAnswerInput {
  token: string;
}

/** What sending answers: the announce as the server now has it (with the caller's response). */
export interface PollAnswerRequest {
  token: string;
  answers: number[];
  custom_answer: string | null;
}

export type PollAnswerEvent =
  | { type: 'poll.retry' }
  | { type: 'poll.toggle'; index: number }
  | { type: 'poll.customChanged'; text: string }
  | { type: 'poll.submit' }
  /** From the answered state: change the answer while the poll runs. */
  | { type: 'poll.change' };

type AlertParams = { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> };
const failureOf = (error: unknown) => error as CallFailure;

const requestOf = (context: PollAnswerContext): PollAnswerRequest => ({
  token: context.token,
  answers: context.answers,
  custom_answer: context.customAnswer.trim() === '' ? null : context.customAnswer.trim(),
});

/** Section 5 on the inputs: answers or a custom response. */
export const pollErrors = (context: PollAnswerContext): Record<string, FieldError> =>
  pollAnswerErrors(requestOf(context));

const fromResponse = (announce: AnnounceByToken) => ({
  answers: announce.response?.answers ?? [],
  customAnswer: announce.response?.custom_answer ?? '',
});

/**
 * An announce opened by its token (/announce/:token): an information, or a
 * poll. A running poll is answered: options (one, or several when allowed),
 * a custom answer when allowed, at least one of them (section 5; 'check
 * fields data' otherwise), then sent; the answer can be changed while the poll
 * runs. Anything else (information, a poll not running) is only read.
 */
export const pollAnswerMachine = setup({
  types: {
    context: {} as PollAnswerContext,
    events: {} as PollAnswerEvent,
    input: {} as PollAnswerInput,
  },
  actors: {
    load: fromPromise<AnnounceByToken, { token: string }>(() => new Promise(() => {})),
    submit: fromPromise<AnnounceByToken, PollAnswerRequest>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    /** The announce as opened, with the caller's answer so far. */
    takeAnnounce: assign((_, params: { announce: AnnounceByToken }) => ({
      announce: params.announce,
      ...fromResponse(params.announce),
      failure: null,
    })),
    /** The announce as the server has it with the answer just sent. */
    takeAnswered: assign((_, params: { announce: AnnounceByToken }) => ({
      announce: params.announce,
      ...fromResponse(params.announce),
      errors: {},
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** One option replaces the other unless several are allowed. */
    toggleAnswer: assign(({ context }, params: { index: number }) => {
      const multi = context.announce?.type_info.poll_multi_answers_allowed === true;
      const has = context.answers.includes(params.index);
      const answers = multi
        ? has
          ? context.answers.filter((a) => a !== params.index)
          : [...context.answers, params.index].sort((x, y) => x - y)
        : has
          ? []
          : [params.index];
      return { answers, errors: {} };
    }),
    setCustom: assign((_, params: { text: string }) => ({ customAnswer: params.text, errors: {} })),
    showCheckErrors: assign(({ context }) => ({ errors: pollErrors(context) })),
    showServerErrors: assign((_, params: { failure: CallFailure }) => ({
      failure: params.failure,
      errors: params.failure.fields ?? {},
    })),
  },
  guards: {
    isOpenPoll: ({ context }) => context.announce?.type === 'poll' && context.announce.status === 'started',
    isAnswered: ({ context }) => context.announce?.response != null,
    isValid: ({ context }) => Object.keys(pollErrors(context)).length === 0,
  },
}).createMachine({
  id: 'pollAnswer',
  context: ({ input }) => ({
    token: input.token,
    announce: null,
    answers: [],
    customAnswer: '',
    errors: {},
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'opened',
          actions: { type: 'takeAnnounce', params: ({ event }) => ({ announce: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    failed: { on: { 'poll.retry': 'loading' } },
    opened: {
      always: [{ guard: 'isOpenPoll', target: 'answering' }, { target: 'reading' }],
    },
    /** Information, or a poll that is not running: shown as it is. */
    reading: {},
    answering: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'isAnswered', target: 'answered' }, { target: 'editing' }] },
        editing: {
          on: {
            'poll.toggle': { actions: { type: 'toggleAnswer', params: ({ event }) => ({ index: event.index }) } },
            'poll.customChanged': { actions: { type: 'setCustom', params: ({ event }) => ({ text: event.text }) } },
            'poll.submit': 'validating',
          },
        },
        validating: {
          always: [
            { guard: 'isValid', target: 'sending' },
            {
              target: 'editing',
              actions: [
                'showCheckErrors',
                { type: 'alert', params: { kind: 'error', code: 'common:form.checkFields' } },
              ],
            },
          ],
        },
        sending: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => requestOf(context),
            onDone: {
              target: 'answered',
              actions: [
                { type: 'takeAnswered', params: ({ event }) => ({ announce: event.output }) },
                { type: 'alert', params: { kind: 'success', code: 'announces:poll.sent' } },
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'showServerErrors', params: ({ event }) => ({ failure: failureOf(event.error) }) },
                { type: 'alert', params: ({ event }) => failureAlert(event.error) },
              ],
            },
          },
        },
        answered: { on: { 'poll.change': 'editing' } },
      },
    },
  },
});

export type PollAnswerMachine = typeof pollAnswerMachine;
