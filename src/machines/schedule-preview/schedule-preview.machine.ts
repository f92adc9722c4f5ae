import { type AnyActorRef, assign, fromCallback, fromPromise, setup } from 'xstate';
import { SCHEDULE_PREVIEW } from '../../contract/constants';
import type { TimeRuleDefinition } from '../../contract/time-rule-definition';
import type { FormValues } from '../entity-form/entity-form.definition';
import type { CallFailure } from '../session/session.types';
import { draftOf } from './schedule-preview.draft';

/** One occurrence: ISO instants. */
export interface Occurrence {
  from: string;
  to: string;
}

/** What the preview asks the server (POST /time-rules/occurrences). */
export interface OccurrencesRequest {
  definition: TimeRuleDefinition;
  count: number;
}

/** What it answers: the project's zone (occurrences are shown in it) and the next occurrences. */
export interface OccurrencesAnswer {
  time_zone: string;
  items: Occurrence[];
}

export interface SchedulePreviewContext {
  /** The form actor whose values are previewed (null: nothing to follow, stories and tests). */
  source: AnyActorRef | null;
  /** The definition the form describes now; null while it is incomplete or invalid. */
  draft: TimeRuleDefinition | null;
  /** The definition the shown occurrences are of. */
  shown: TimeRuleDefinition | null;
  items: Occurrence[];
  timeZone: string | null;
  failure: CallFailure | null;
}

export interface SchedulePreviewInput {
  source?: AnyActorRef | null;
}

export type SchedulePreviewEvent =
  /** The form's values changed (sent by `followDraft`). */
  { type: 'draft.changed'; values: FormValues } | { type: 'preview.retry' };

const same = (a: TimeRuleDefinition | null, b: TimeRuleDefinition | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The schedule editor's next occurrences (doc 1 §2.1 "shows the next occurrences as you edit").
 * `followDraft` hears the form's values; each change that makes a different valid definition
 * waits for the edits to pause (`SCHEDULE_PREVIEW.debounceMs`), then asks the server, which
 * alone knows the project's zone and day calendar. States: incomplete (no valid definition yet),
 * waiting (a change to preview), loading, shown, empty (the schedule never occurs again),
 * failed (retry). A change while loading drops the request and waits again; the last answer
 * stays shown (dimmed) until the next one arrives.
 */
export const schedulePreviewMachine = setup({
  types: {
    context: {} as SchedulePreviewContext,
    events: {} as SchedulePreviewEvent,
    input: {} as SchedulePreviewInput,
  },
  actors: {
    /** Sends `draft.changed` with the form's values now and at every change; given by the area. */
    followDraft: fromCallback<SchedulePreviewEvent, { source: AnyActorRef | null }>(() => {}),
    fetchOccurrences: fromPromise<OccurrencesAnswer, OccurrencesRequest>(() => new Promise(() => {})),
  },
  delays: { previewDebounce: SCHEDULE_PREVIEW.debounceMs },
  guards: {
    /** The values describe the definition already waited for, loaded or shown: nothing to do. */
    isUnchanged: ({ context }, params: { values: FormValues }) => same(draftOf(params.values), context.draft),
    isIncomplete: (_, params: { values: FormValues }) => draftOf(params.values) === null,
    hasOccurrences: (_, params: { answer: OccurrencesAnswer }) => params.answer.items.length > 0,
  },
  actions: {
    takeDraft: assign((_, params: { values: FormValues }) => ({ draft: draftOf(params.values), failure: null })),
    takeAnswer: assign(({ context }, params: { answer: OccurrencesAnswer }) => ({
      shown: context.draft,
      items: params.answer.items,
      timeZone: params.answer.time_zone,
      failure: null,
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'schedulePreview',
  context: ({ input }) => ({
    source: input.source ?? null,
    draft: null,
    shown: null,
    items: [],
    timeZone: null,
    failure: null,
  }),
  invoke: { id: 'followDraft', src: 'followDraft', input: ({ context }) => ({ source: context.source }) },
  on: {
    'draft.changed': [
      { guard: { type: 'isUnchanged', params: ({ event }) => ({ values: event.values }) } },
      {
        guard: { type: 'isIncomplete', params: ({ event }) => ({ values: event.values }) },
        target: '.incomplete',
        actions: { type: 'takeDraft', params: ({ event }) => ({ values: event.values }) },
      },
      {
        target: '.waiting',
        reenter: true,
        actions: { type: 'takeDraft', params: ({ event }) => ({ values: event.values }) },
      },
    ],
  },
  initial: 'incomplete',
  states: {
    incomplete: {},
    waiting: { after: { previewDebounce: 'loading' } },
    loading: {
      invoke: {
        id: 'fetchOccurrences',
        src: 'fetchOccurrences',
        // Only a valid draft leads here (waiting is entered with one).
        input: ({ context }) => ({ definition: context.draft as TimeRuleDefinition, count: SCHEDULE_PREVIEW.count }),
        onDone: [
          {
            guard: { type: 'hasOccurrences', params: ({ event }) => ({ answer: event.output }) },
            target: 'shown',
            actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'empty', actions: { type: 'takeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    shown: {},
    empty: {},
    failed: { on: { 'preview.retry': { target: 'loading', actions: 'clearFailure' } } },
  },
});

export type SchedulePreviewMachine = typeof schedulePreviewMachine;
