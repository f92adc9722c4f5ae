import type { SnapshotFrom } from 'xstate';
import type { ProjectDay } from '../../contract/entities/time-rule';
import { type ProjectDaysContext, type ProjectDaysMachine, projectDaysMachine } from './project-days.machine';

/** A year of the demo's calendar: two public holidays and a Saturday worked instead of a bridge day. */
export const sampleDays: ProjectDay[] = [
  { date: '2026-01-01', day_type: 'holiday', name: 'New Year’s Day' },
  { date: '2026-05-09', day_type: 'workday', name: 'Working Saturday' },
  { date: '2026-12-25', day_type: 'holiday', name: 'Christmas Day' },
];

const snapshot = (value: string, context: Partial<ProjectDaysContext>) =>
  projectDaysMachine.resolveState({
    value,
    context: {
      year: 2026,
      days: [],
      draft: { date: '', day_type: 'holiday', name: '' },
      removing: null,
      failure: null,
      ...context,
    },
  });

const typed = { date: '2026-05-01', day_type: 'holiday' as const, name: 'Labour Day' };

/** One snapshot per state of the day calendar. */
export const projectDaysFixtures = {
  loading: snapshot('loading', {}),
  failed: snapshot('failed', { failure: { code: 'network' } }),
  ready: snapshot('ready', { days: sampleDays, draft: typed }),
  saving: snapshot('saving', { days: sampleDays, draft: typed }),
  removing: snapshot('removing', { days: sampleDays, removing: '2026-05-09' }),
} satisfies Record<string, SnapshotFrom<ProjectDaysMachine>>;
