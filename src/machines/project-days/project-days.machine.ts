import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ProjectDay, ProjectDayInput } from '../../contract/entities/time-rule';
import type { PROJECT_DAY_TYPES } from '../../contract/time-rule-definition';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

/** The day being marked, as typed. */
export interface DayDraft {
  date: string;
  day_type: (typeof PROJECT_DAY_TYPES)[number];
  name: string;
}

export interface ProjectDaysContext {
  /** The year shown. */
  year: number;
  /** Its marked days, by date. */
  days: ProjectDay[];
  draft: DayDraft;
  /** The date being removed. */
  removing: string | null;
  /** Why loading, or the last save or removal, failed. */
  failure: CallFailure | null;
}

export type ProjectDaysEvent =
  | { type: 'days.yearChanged'; year: number }
  | { type: 'days.retry' }
  | { type: 'draft.change'; field: keyof DayDraft; value: string }
  | { type: 'day.save' }
  | { type: 'day.remove'; date: string };

type AlertParams = { kind: 'success' | 'error'; code: string; params?: Record<string, string | number> };

const emptyDraft = (): DayDraft => ({ date: '', day_type: 'holiday', name: '' });
const byDate = (a: ProjectDay, b: ProjectDay) => a.date.localeCompare(b.date);

/**
 * The project's day calendar on the schedules page (holidays, and weekend days worked instead):
 * what day types read (docs/decisions.md, Schedules). loading a year → ready; a day typed and
 * saved (PUT /time-rules/days, an upsert by date) → saving → ready with it in place; a day
 * removed (DELETE /time-rules/days/{date}) → removing → ready without it. A failed load offers a
 * retry; a refused save keeps what was typed and shows the server's reason.
 */
export const projectDaysMachine = setup({
  types: {
    context: {} as ProjectDaysContext,
    events: {} as ProjectDaysEvent,
    input: {} as { year: number },
  },
  actors: {
    loadDays: fromPromise<ProjectDay[], { year: number }>(() => new Promise(() => {})),
    saveDay: fromPromise<ProjectDay, ProjectDayInput>(() => new Promise(() => {})),
    removeDay: fromPromise<unknown, { date: string }>(() => new Promise(() => {})),
  },
  guards: {
    hasDate: ({ context }) => context.draft.date.trim() !== '',
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setYear: assign((_, params: { year: number }) => ({ year: params.year, days: [], removing: null, failure: null })),
    /** The year's days (an answer about another year, from a change raced by a slow load, shows nothing of it). */
    setDays: assign(({ context }, params: { days: ProjectDay[] }) => ({
      days: params.days.filter((d) => d.date.startsWith(`${context.year}-`)).sort(byDate),
      failure: null,
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    changeDraft: assign(({ context }, params: { field: keyof DayDraft; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
      failure: null,
    })),
    /** The saved day in its place (shown when it is of the year shown); the form empties. */
    putDay: assign(({ context }, params: { day: ProjectDay }) => ({
      days: params.day.date.startsWith(`${context.year}-`)
        ? [...context.days.filter((d) => d.date !== params.day.date), params.day].sort(byDate)
        : context.days,
      draft: { ...emptyDraft(), day_type: context.draft.day_type },
      failure: null,
    })),
    markRemoving: assign((_, params: { date: string }) => ({ removing: params.date, failure: null })),
    dropDay: assign(({ context }) => ({
      days: context.days.filter((d) => d.date !== context.removing),
      removing: null,
    })),
    clearRemoving: assign({ removing: null }),
  },
}).createMachine({
  id: 'projectDays',
  context: ({ input }) => ({
    year: input.year,
    days: [],
    draft: emptyDraft(),
    removing: null,
    failure: null,
  }),
  initial: 'loading',
  on: {
    'days.yearChanged': {
      target: '.loading',
      reenter: true,
      actions: { type: 'setYear', params: ({ event }) => ({ year: event.year }) },
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadDays',
        src: 'loadDays',
        input: ({ context }) => ({ year: context.year }),
        onDone: { target: 'ready', actions: { type: 'setDays', params: ({ event }) => ({ days: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    failed: { on: { 'days.retry': { target: 'loading', actions: 'clearFailure' } } },
    ready: {
      on: {
        'draft.change': {
          actions: { type: 'changeDraft', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'day.save': { guard: 'hasDate', target: 'saving' },
        'day.remove': {
          target: 'removing',
          actions: { type: 'markRemoving', params: ({ event }) => ({ date: event.date }) },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveDay',
        src: 'saveDay',
        input: ({ context }) => ({
          date: context.draft.date.trim(),
          day_type: context.draft.day_type,
          name: context.draft.name.trim() === '' ? null : context.draft.name.trim(),
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'putDay', params: ({ event }) => ({ day: event.output }) },
            { type: 'alert', params: { kind: 'success', code: 'schedules:days.saved' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.error) },
          ],
        },
      },
    },
    removing: {
      invoke: {
        id: 'removeDay',
        src: 'removeDay',
        input: ({ context }) => ({ date: context.removing as string }),
        onDone: {
          target: 'ready',
          actions: ['dropDay', { type: 'alert', params: { kind: 'success', code: 'schedules:days.removed' } }],
        },
        onError: {
          target: 'ready',
          actions: [
            'clearRemoving',
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.error) },
          ],
        },
      },
    },
  },
});

export type ProjectDaysMachine = typeof projectDaysMachine;
