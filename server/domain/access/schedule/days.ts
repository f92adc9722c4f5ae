import type { DayType, ProjectCalendar } from './verdict';

/**
 * Local dates as whole days since 1970-01-01 (plain integers), so walking a series over years
 * costs additions, not Temporal objects. Conversions: Howard Hinnant's civil-from-days.
 */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function daysFromCivil({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function parseDate(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return daysFromCivil({ year, month, day });
}

export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** ISO weekday: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * How the project counts a date: a date marked in `project_days` is what it says (a public
 * holiday, or a Saturday worked in exchange); otherwise Saturday and Sunday are holidays and the
 * other days workdays.
 */
export function dayTypeOf(calendar: ProjectCalendar, days: number, date = formatDate(days)): 'holiday' | 'workday' {
  return calendar.days.get(date) ?? (isoWeekday(days) >= 6 ? 'holiday' : 'workday');
}

/** Whether a date counts for a rule's `day_type` (`day`: every date). */
export function dayTypeMatches(wanted: DayType, actual: 'holiday' | 'workday'): boolean {
  return wanted === 'day' || wanted === actual;
}
