import { type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import { timeRulesEntity } from '../../contract/entities/time-rule';
import type { FormValues } from '../../machines/entity-form/entity-form.definition';
import { projectDaysMachine } from '../../machines/project-days/project-days.machine';
import {
  type SchedulePreviewEvent,
  schedulePreviewMachine,
} from '../../machines/schedule-preview/schedule-preview.machine';
import { defineArea } from './area';

/**
 * Schedules (7.5 time-rules): the entity (list, form, picker), the editor's preview of next
 * occurrences (following the form actor it is given, asking POST /time-rules/occurrences) and the
 * project's day calendar.
 */
export const schedulesArea = defineArea('schedules', ({ http, showAlert, kit }) => ({
  entities: {
    timeRules: kit(timeRulesEntity),
  },
  machines: {
    schedulePreview: schedulePreviewMachine.provide({
      actors: {
        // The form's values now and at every change (each change makes a new values object).
        followDraft: fromCallback<SchedulePreviewEvent, { source: AnyActorRef | null }>(({ input, sendBack }) => {
          const source = input.source;
          if (!source) return undefined;
          let last: unknown;
          const tell = (snapshot: { context?: { values?: FormValues } }) => {
            const values = snapshot.context?.values;
            if (!values || values === last) return;
            last = values;
            sendBack({ type: 'draft.changed', values });
          };
          tell(source.getSnapshot());
          const subscription = source.subscribe(tell);
          return () => subscription.unsubscribe();
        }),
        fetchOccurrences: fromPromise(
          async ({ input }) => (await http.call('POST /time-rules/occurrences', { body: input })).data,
        ),
      },
    }),
    projectDays: projectDaysMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        loadDays: fromPromise(
          async ({ input }) =>
            (await http.call('GET /time-rules/days/items', { searchParams: { year: String(input.year) } })).data,
        ),
        saveDay: fromPromise(async ({ input }) => (await http.call('PUT /time-rules/days', { body: input })).data),
        removeDay: fromPromise(async ({ input }) =>
          http.call('DELETE /time-rules/days/{date}', { params: { date: input.date } }),
        ),
      },
    }),
  },
}));
