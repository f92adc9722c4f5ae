import type { TimeRule } from '../../contract/entities/time-rule';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { scheduleForm } from './schedule-form';

const created = '2026-01-05T09:00:00.000Z';
type Base = Omit<
  TimeRule,
  'id' | 'name' | 'valid_from' | 'from' | 'to' | 'repeat_mode' | 'access_rules' | 'next_occurrence'
>;
const base: Base = {
  valid_to: null,
  is_all_day: false,
  repeat_duration_mode: 'forever',
  repeat_duration_count: null,
  repeat_duration_until: null,
  repeat_custom_mode: 'daily',
  months: [],
  weekdays: [],
  days: [],
  looper: null,
  use_day_types: false,
  day_iteration: 1,
  day_type: 'day',
  description: null,
  created_at: created,
  created_by_user: { id: 1, name: 'Administrator' },
};

/** The demo's schedules, and a monthly one that has ended. */
export const sampleSchedules: TimeRule[] = [
  {
    ...base,
    id: 1,
    name: 'Working hours',
    valid_from: '2026-01-01',
    from: 28_800,
    to: 72_000,
    repeat_mode: 'daily',
    use_day_types: true,
    day_type: 'workday',
    access_rules: [
      { id: 1, name: 'Residents — Building A' },
      { id: 2, name: 'Staff' },
    ],
    next_occurrence: { from: '2026-03-10T08:00:00.000Z', to: '2026-03-10T20:00:00.000Z' },
  },
  {
    ...base,
    id: 2,
    name: 'Weekends',
    valid_from: '2026-01-01',
    from: 32_400,
    to: 64_800,
    is_all_day: true,
    repeat_mode: 'custom',
    repeat_custom_mode: 'weekly',
    weekdays: ['sat', 'sun'],
    access_rules: [],
    next_occurrence: { from: '2026-03-14T00:00:00.000Z', to: '2026-03-15T00:00:00.000Z' },
  },
  {
    ...base,
    id: 3,
    name: 'Night patrol',
    description: 'Last Friday of the month, overnight',
    valid_from: '2025-01-01',
    valid_to: '2025-12-31',
    from: 79_200,
    to: 21_600,
    repeat_mode: 'custom',
    repeat_custom_mode: 'monthly',
    looper: { nth: -1, weekday: 'fri' },
    access_rules: [{ id: 4, name: 'Security company' }],
    next_occurrence: null,
  },
];

/** Snapshots of the schedule pages for stories and tests. */
export const scheduleFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleSchedules as unknown as ListRow[], total: 3, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  form: {
    creating: entityFormSnapshot(scheduleForm, 'editing'),
    editing: entityFormSnapshot(scheduleForm, 'editing', { item: sampleSchedules[2]! }),
    /** Custom weekly without a weekday: the check of section 5 on its input. */
    incomplete: entityFormSnapshot(scheduleForm, 'editing', {
      values: {
        ...scheduleForm.fromItem(sampleSchedules[1]!),
        name: 'Gym',
        weekdays: [],
        repeat_duration_mode: 'count',
        repeat_duration_count: '',
      },
      errors: { weekdays: { code: 'required' }, repeat_duration_count: { code: 'required' } },
    }),
  },
};
