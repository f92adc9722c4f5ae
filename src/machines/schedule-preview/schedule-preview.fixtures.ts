import type { SnapshotFrom } from 'xstate';
import type { TimeRuleDefinition } from '../../contract/time-rule-definition';
import type { Occurrence, SchedulePreviewContext, SchedulePreviewMachine } from './schedule-preview.machine';
import { schedulePreviewMachine } from './schedule-preview.machine';

/** Working hours on workdays, as the preview holds it. */
export const sampleDefinition: TimeRuleDefinition = {
  valid_from: '2026-03-02',
  valid_to: null,
  is_all_day: false,
  from: 28_800,
  to: 72_000,
  repeat_mode: 'daily',
  repeat_duration_mode: 'forever',
  repeat_duration_count: null,
  repeat_duration_until: null,
  repeat_custom_mode: 'daily',
  months: [],
  weekdays: [],
  days: [],
  looper: null,
  use_day_types: true,
  day_iteration: 1,
  day_type: 'workday',
};

/** The next occurrences of the sample in Europe/Berlin (08:00–20:00, Monday to Friday). */
export const sampleOccurrences: Occurrence[] = [
  { from: '2026-03-10T07:00:00.000Z', to: '2026-03-10T19:00:00.000Z' },
  { from: '2026-03-11T07:00:00.000Z', to: '2026-03-11T19:00:00.000Z' },
  { from: '2026-03-12T07:00:00.000Z', to: '2026-03-12T19:00:00.000Z' },
  { from: '2026-03-13T07:00:00.000Z', to: '2026-03-13T19:00:00.000Z' },
  { from: '2026-03-16T07:00:00.000Z', to: '2026-03-16T19:00:00.000Z' },
  { from: '2026-03-17T07:00:00.000Z', to: '2026-03-17T19:00:00.000Z' },
];
export const SAMPLE_ZONE = 'Europe/Berlin';

const snapshot = (value: string, context: Partial<SchedulePreviewContext>) =>
  schedulePreviewMachine.resolveState({
    value,
    context: { source: null, draft: null, shown: null, items: [], timeZone: null, failure: null, ...context },
  });

const answered = { draft: sampleDefinition, shown: sampleDefinition, items: sampleOccurrences, timeZone: SAMPLE_ZONE };
const changed = { ...sampleDefinition, to: 64_800 };

/** One snapshot per state of the schedule editor's preview. */
export const schedulePreviewFixtures = {
  incomplete: snapshot('incomplete', {}),
  waiting: snapshot('waiting', { ...answered, draft: changed }),
  loading: snapshot('loading', { ...answered, draft: changed }),
  shown: snapshot('shown', answered),
  empty: snapshot('empty', { draft: sampleDefinition, shown: sampleDefinition, items: [], timeZone: SAMPLE_ZONE }),
  failed: snapshot('failed', { ...answered, draft: changed, failure: { code: 'network' } }),
} satisfies Record<string, SnapshotFrom<SchedulePreviewMachine>>;
