import type { TFunction } from 'i18next';
import type { TimeRuleDefinition, WeekDay } from '../../contract/time-rule-definition';
import { WEEK_DAYS } from '../../contract/time-rule-definition';
import { timeOfSeconds } from '../../machines/schedule-preview/schedule-preview.draft';

/**
 * A schedule in words, as the list shows it: "Every day, workdays only, 08:00–20:00, until
 * 31 Dec 2026". Names of weekdays and months come from Intl in the console's language; the
 * phrases from `schedules:summary`.
 */

/** A YYYY-MM-DD date as a calendar date (no time zone involved). */
const utcDate = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** A local date (YYYY-MM-DD) in the locale's medium style. */
export function formatLocalDate(ymd: string, locale: string): string {
  const date = utcDate(ymd);
  if (Number.isNaN(date.getTime())) return ymd;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A weekday's name in the locale (`long` or `short`). 2024-01-01 was a Monday. */
export function weekdayName(day: WeekDay, locale: string, width: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day)));
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(date);
}

/** A month's name (1–12) in the locale, standalone. */
export function monthName(month: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month - 1, 1)),
  );
}

const weekdayOf = (ymd: string): WeekDay => WEEK_DAYS[(utcDate(ymd).getUTCDay() + 6) % 7] as WeekDay;

/** The hours of a schedule: all day, a window, or an overnight window. */
export function hoursOf(d: Pick<TimeRuleDefinition, 'is_all_day' | 'from' | 'to'>, t: TFunction): string {
  if (d.is_all_day) return t('schedules:summary.allDay');
  const hours = { from: timeOfSeconds(d.from), to: timeOfSeconds(d.to) };
  return d.to < d.from ? t('schedules:summary.overnight', hours) : t('schedules:summary.hours', hours);
}

function patternOf(d: TimeRuleDefinition, t: TFunction, locale: string): string {
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  const months = (short = false) => list(d.months.map((m) => monthName(m, locale, short ? 'short' : 'long')));
  const typed = d.use_day_types && d.day_type !== 'day';
  switch (d.repeat_mode) {
    case 'never':
      return t('schedules:summary.once', { date: formatLocalDate(d.valid_from, locale) });
    case 'daily':
      return t('schedules:summary.daily');
    case 'weekly':
    case 'every_2_weeks':
      return t(`schedules:summary.${d.repeat_mode}`, { weekday: weekdayName(weekdayOf(d.valid_from), locale) });
    case 'monthly':
      return t('schedules:summary.monthly', { day: utcDate(d.valid_from).getUTCDate() });
    case 'yearly':
      return t('schedules:summary.yearly', {
        date: new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
          utcDate(d.valid_from),
        ),
      });
    case 'custom':
      break;
  }
  const inMonths = d.months.length > 0 ? ` ${t('schedules:summary.inMonths', { months: months(true) })}` : '';
  switch (d.repeat_custom_mode) {
    case 'daily':
      return (
        (typed
          ? t('schedules:summary.everyNTyped', {
              count: d.day_iteration,
              unit: t(`schedules:units.${d.day_type}`, { count: d.day_iteration }),
            })
          : t('schedules:summary.everyNDays', { count: d.day_iteration })) + inMonths
      );
    case 'weekly':
      return (
        t('schedules:summary.onWeekdays', { weekdays: list(d.weekdays.map((w) => weekdayName(w, locale, 'short'))) }) +
        inMonths
      );
    case 'monthly':
    case 'yearly': {
      const parts: string[] = [];
      if (d.days.length > 0) parts.push(t('schedules:summary.onDays', { days: list(d.days.map(String)) }));
      if (d.looper)
        parts.push(
          t('schedules:summary.onLooper', {
            nth: t(`schedules:nth.${d.looper.nth}`),
            weekday: weekdayName(d.looper.weekday, locale),
          }),
        );
      const what = list(parts);
      return d.repeat_custom_mode === 'monthly'
        ? t('schedules:summary.monthlyOn', { what }) + inMonths
        : t('schedules:summary.yearlyOn', { what, months: months() });
    }
  }
}

/** The whole summary: pattern, day type, hours, end. */
export function scheduleSummary(d: TimeRuleDefinition, t: TFunction, locale: string): string {
  const parts = [patternOf(d, t, locale)];
  const typedDaily = d.repeat_mode === 'custom' && d.repeat_custom_mode === 'daily';
  if (d.use_day_types && d.day_type !== 'day' && !typedDaily)
    parts.push(t('schedules:summary.onlyType', { type: t(`schedules:dayTypesPlural.${d.day_type}`) }));
  parts.push(hoursOf(d, t));
  if (d.repeat_mode !== 'never') {
    if (d.repeat_duration_mode === 'count' && d.repeat_duration_count !== null)
      parts.push(t('schedules:summary.times', { count: d.repeat_duration_count }));
    const ends = [d.valid_to, d.repeat_duration_mode === 'until' ? d.repeat_duration_until : null]
      .filter((x): x is string => x !== null)
      .sort();
    if (ends[0]) parts.push(t('schedules:summary.until', { date: formatLocalDate(ends[0], locale) }));
  }
  return parts.join(', ');
}
