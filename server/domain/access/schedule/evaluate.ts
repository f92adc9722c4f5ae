import type { TimeRuleDefinition } from '../../../../src/contract/time-rule-definition';
import { dayTypeOf, formatDate, parseDate } from './days';
import { seriesOf } from './series';
import type { ProjectCalendar, ScheduleVerdict } from './verdict';
import { isoInstant, localDay, windowOf } from './windows';

/**
 * The one answer to "is this schedule open at this instant" (docs/decisions.md, Access
 * management › Schedules), in the calendar's time zone. An instant can lie in an occurrence
 * that started on its local date or, for an overnight or all-day window, on the date before.
 */
export function evaluateSchedule(definition: TimeRuleDefinition, at: Date, calendar: ProjectCalendar): ScheduleVerdict {
  const ms = at.getTime();
  const series = seriesOf(definition, calendar);
  const today = localDay(ms, calendar.timeZone);
  const local_date = formatDate(today);
  const day_type = dayTypeOf(calendar, today, local_date);
  for (const day of [today, today - 1]) {
    if (series.check(day) !== null) continue;
    const window = windowOf(definition, day, calendar.timeZone);
    if (window.start <= ms && ms < window.end) {
      const occurrence = { from: isoInstant(window.start), to: isoInstant(window.end) };
      return { open: true, reason: 'open', occurrence, day_type, local_date };
    }
  }
  return { open: false, reason: series.check(today) ?? 'outside_hours', day_type, local_date };
}

/** How far ahead occurrences are looked for (from valid_from when later): 40 years (a Feb 29 series skips 8 years round 2100). */
export const OCCURRENCE_HORIZON_DAYS = 40 * 366;

/**
 * The next `count` occurrences that have not ended at `from` (one in progress included), in
 * order, as ISO instants; empty windows (wholly inside a DST gap) are left out.
 */
export function nextOccurrences(
  definition: TimeRuleDefinition,
  from: Date,
  calendar: ProjectCalendar,
  count: number,
): { from: string; to: string }[] {
  const ms = from.getTime();
  const out: { from: string; to: string }[] = [];
  if (count <= 0) return out;
  const series = seriesOf(definition, calendar);
  const today = localDay(ms, calendar.timeZone);
  // Looked for from the later of yesterday and valid_from: a rule that starts far ahead still lists.
  const first = Math.max(today - 1, parseDate(definition.valid_from));
  for (const day of series.dates(today - 1, first + OCCURRENCE_HORIZON_DAYS)) {
    const window = windowOf(definition, day, calendar.timeZone);
    if (window.end <= ms || window.end <= window.start) continue;
    out.push({ from: isoInstant(window.start), to: isoInstant(window.end) });
    if (out.length >= count) break;
  }
  return out;
}
