/**
 * What the schedule evaluator answers, shared by everything that decides access (the explain
 * call, the credential lists compiled for doors, the simulated doors). The evaluator itself is
 * `evaluate.ts` beside this file.
 */

/** How a date counts for a time rule's day types (doc 1 §3: day, workday, holiday). */
export type DayType = 'day' | 'workday' | 'holiday';

/** The project's calendar: its IANA time zone and the dates marked holiday or workday (YYYY-MM-DD). */
export interface ProjectCalendar {
  timeZone: string;
  days: ReadonlyMap<string, 'holiday' | 'workday'>;
}

/** Why a schedule is open or closed at an instant (stable codes: the explain call shows them). */
export type ScheduleReason =
  | 'open'
  | 'not_yet_valid'
  | 'expired'
  | 'outside_hours'
  | 'day_not_in_schedule'
  | 'day_type_mismatch'
  | 'repeats_ended';

export interface ScheduleVerdict {
  open: boolean;
  reason: ScheduleReason;
  /** The occurrence the instant falls in (open), as ISO instants. */
  occurrence?: { from: string; to: string };
  /** The local date's day type in the project's calendar. */
  day_type: DayType;
  /** The local date (YYYY-MM-DD) the instant was judged on. */
  local_date: string;
}
