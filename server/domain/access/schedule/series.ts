import { type TimeRuleDefinition, WEEK_DAYS } from '../../../../src/contract/time-rule-definition';
import { civilFromDays, daysInMonth, dayTypeMatches, dayTypeOf, isoWeekday, parseDate } from './days';
import type { ProjectCalendar, ScheduleReason } from './verdict';

/**
 * Which local dates a time rule occurs on (docs/decisions.md, Access management › Schedules).
 * Dates are epoch days (days.ts). `check` answers one date: null when it occurs, else why not;
 * `dates` lists the occurring dates in order. Series whose membership depends on what came
 * before (a count, or "every Nth workday") are walked from valid_from.
 */
export interface Series {
  check(day: number): ScheduleReason | null;
  dates(fromDay: number, horizonDay: number): Generator<number>;
}

type PatternMiss = 'day_not_in_schedule' | 'day_type_mismatch';

/**
 * The series of a definition in a calendar, kept while both objects live (the walk is done once;
 * definitions and calendars are treated as immutable).
 */
const kept = new WeakMap<TimeRuleDefinition, WeakMap<ProjectCalendar, Series>>();

export function seriesOf(def: TimeRuleDefinition, calendar: ProjectCalendar): Series {
  let byCalendar = kept.get(def);
  if (!byCalendar) {
    byCalendar = new WeakMap();
    kept.set(def, byCalendar);
  }
  let series = byCalendar.get(calendar);
  if (!series) {
    series = createSeries(def, calendar);
    byCalendar.set(calendar, series);
  }
  return series;
}

export function createSeries(def: TimeRuleDefinition, calendar: ProjectCalendar): Series {
  const start = parseDate(def.valid_from);
  const startCivil = civilFromDays(start);
  const repeats = def.repeat_mode !== 'never';
  const custom = def.repeat_mode === 'custom';
  const count = repeats && def.repeat_duration_mode === 'count' ? (def.repeat_duration_count ?? 1) : null;
  const until = repeats && def.repeat_duration_mode === 'until' && def.repeat_duration_until !== null;
  // The last date an occurrence may start on, from the fixed bounds (null: none).
  const last = minOf(
    def.valid_to === null ? null : parseDate(def.valid_to),
    until ? parseDate(def.repeat_duration_until as string) : null,
    repeats ? null : start,
  );
  const iteration = custom && def.repeat_custom_mode === 'daily' ? def.day_iteration : 1;
  const filtered = def.use_day_types || (custom && def.months.length > 0);
  // Every Nth of a filtered run, or a count: membership depends on the dates before.
  const walked = count !== null || (iteration > 1 && filtered);
  const weekdays = new Set(def.weekdays.map((w) => WEEK_DAYS.indexOf(w) + 1));

  /** The repeat pattern and the day type, ignoring bounds, counts and every-Nth. */
  function pattern(day: number): PatternMiss | null {
    if (!inPattern(day)) return 'day_not_in_schedule';
    if (def.use_day_types && !dayTypeMatches(def.day_type, dayTypeOf(calendar, day))) return 'day_type_mismatch';
    return null;
  }

  function inPattern(day: number): boolean {
    switch (def.repeat_mode) {
      case 'never':
        return day === start;
      case 'daily':
        return true;
      case 'weekly':
        return (day - start) % 7 === 0;
      case 'every_2_weeks':
        return (day - start) % 14 === 0;
      case 'monthly':
        return civilFromDays(day).day === startCivil.day;
      case 'yearly': {
        const date = civilFromDays(day);
        return date.day === startCivil.day && date.month === startCivil.month;
      }
      case 'custom': {
        const date = civilFromDays(day);
        if (def.months.length > 0 && !def.months.includes(date.month)) return false;
        switch (def.repeat_custom_mode) {
          case 'daily':
            return true;
          case 'weekly':
            return weekdays.has(isoWeekday(day));
          default:
            return def.days.includes(date.day) || loopsOn(day);
        }
      }
    }
  }

  function loopsOn(day: number): boolean {
    const looper = def.looper;
    if (!looper || isoWeekday(day) !== WEEK_DAYS.indexOf(looper.weekday) + 1) return false;
    const date = civilFromDays(day);
    if (looper.nth === -1) return date.day + 7 > daysInMonth(date.year, date.month);
    return Math.ceil(date.day / 7) === looper.nth;
  }

  /** The bounds every date must meet, whatever the pattern. */
  function bounds(day: number): ScheduleReason | null {
    if (day < start) return 'not_yet_valid';
    if (def.valid_to !== null && day > parseDate(def.valid_to)) return 'expired';
    if (last !== null && day > last) return 'repeats_ended';
    return null;
  }

  // The walk, kept: occurring dates found so far from valid_from, in order.
  const walkedDates: number[] = [];
  let cursor = start;
  let candidates = 0;
  const countReached = () => count !== null && walkedDates.length >= count;

  /** Extends the walk through `toDay` (or until the count is reached). */
  function walkTo(toDay: number): void {
    const end = minOf(toDay, last) as number;
    for (; cursor <= end && !countReached(); cursor++) {
      if (pattern(cursor) !== null) continue;
      candidates++;
      if ((candidates - 1) % iteration === 0) walkedDates.push(cursor);
    }
  }

  function check(day: number): ScheduleReason | null {
    const outside = bounds(day);
    if (outside) return outside;
    if (walked) {
      walkTo(day);
      const at = lowerBound(walkedDates, day);
      if (walkedDates[at] === day) return null;
      if (countReached() && at >= walkedDates.length) return 'repeats_ended';
      return pattern(day) ?? 'day_not_in_schedule';
    }
    const miss = pattern(day);
    if (miss) return miss;
    return (day - start) % iteration === 0 ? null : 'day_not_in_schedule';
  }

  function* dates(fromDay: number, horizonDay: number): Generator<number> {
    const end = minOf(horizonDay, last) as number;
    if (walked) {
      for (let at = lowerBound(walkedDates, fromDay); ; at++) {
        // Walk on a month at a time, as far as the dates asked for need.
        while (at >= walkedDates.length && cursor <= end && !countReached()) walkTo(Math.min(cursor + 31, end));
        const day = walkedDates[at];
        if (day === undefined || day > end) return;
        yield day;
      }
    }
    for (let day = Math.max(fromDay, start); day <= end; day++) if (check(day) === null) yield day;
  }

  return { check, dates };
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function minOf(...values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? Math.min(...present) : null;
}
