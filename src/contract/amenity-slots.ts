import { AMENITY_DEFAULTS, SECONDS_IN_DAY, WEEK_DAYS, type WeekDay } from './constants';
import type { FieldError } from './errors';

/**
 * An amenity's time slots (doc 1 §3, §5), pure: what the console's week grid draws and checks
 * as you draw, and what the server enforces. A slot item is a stretch of the day (`from` to `to`,
 * seconds of the local day, `to` up to 86400) on some week days; it is cut into bookable pieces
 * of `duration` seconds, and a reservation books whole pieces.
 */
export interface SlotItem {
  days: readonly WeekDay[];
  from: number;
  to: number;
}

export interface TimeSlots {
  duration: number;
  items: readonly SlotItem[];
}

/** One bookable piece of a day: seconds of the local day. */
export interface SlotPiece {
  from: number;
  to: number;
}

/** A calendar date YYYY-MM-DD that exists (no 2025-02-30). */
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isCalendarDate(date: string): boolean {
  if (!ISO_DATE.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** Days since 1970-01-01 of a date. */
export const epochDay = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** The date `days` after `date`. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The week day of a calendar date (1970-01-01 was a Thursday). */
export function weekDayOf(date: string): WeekDay {
  const index = (((epochDay(date) + 3) % 7) + 7) % 7; // 0 = Monday
  return WEEK_DAYS[index] as WeekDay;
}

/** The pieces of one item, in order (a length that is not a multiple leaves its remainder unbookable). */
export function piecesOf(item: Pick<SlotItem, 'from' | 'to'>, duration: number): SlotPiece[] {
  const out: SlotPiece[] = [];
  if (duration <= 0) return out;
  for (let from = item.from; from + duration <= item.to; from += duration) out.push({ from, to: from + duration });
  return out;
}

/** The bookable pieces of a week day, in order of time. */
export function slotsOfDay(timeSlots: TimeSlots, day: WeekDay): SlotPiece[] {
  return timeSlots.items
    .filter((item) => item.days.includes(day))
    .flatMap((item) => piecesOf(item, timeSlots.duration))
    .sort((a, b) => a.from - b.from);
}

/** Whether two stretches of a day overlap (touching ends do not). */
export const overlaps = (a: SlotPiece, b: SlotPiece): boolean => a.from < b.to && b.from < a.to;

/** Whether two items share a week day and their stretches overlap (section 5: slots cannot intersect). */
export const itemsIntersect = (a: SlotItem, b: SlotItem): boolean =>
  a.days.some((d) => b.days.includes(d)) && overlaps(a, b);

/** "09:30" for 34200 seconds; 86400 is "24:00". */
export function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Section 5's amenity rules beyond the schema, as field errors: a time slot is required; each item
 * has a day, `from` below `to` (within the day), a length that is a multiple of the duration; no two
 * items intersect; persons min ≤ max. Shared by the form (checked as you draw) and the server.
 */
export function amenitySlotErrors(
  timeSlots: TimeSlots,
  persons: { min: number; max: number } = AMENITY_DEFAULTS.persons,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (timeSlots.items.length === 0) errors['time_slots.items'] = { code: 'required' };
  timeSlots.items.forEach((item, i) => {
    const at = `time_slots.items.${i}`;
    if (item.days.length === 0) errors[`${at}.days`] = { code: 'required' };
    if (item.from < 0 || item.from >= SECONDS_IN_DAY) errors[`${at}.from`] = { code: 'range' };
    if (item.to > SECONDS_IN_DAY) errors[`${at}.to`] = { code: 'range' };
    if (item.from >= item.to) errors[`${at}.to`] ??= { code: 'time_order' };
    else if ((item.to - item.from) % timeSlots.duration !== 0) {
      errors[`${at}.to`] ??= { code: 'duration_multiple', params: { duration: timeSlots.duration / 60 } };
    }
    for (let j = 0; j < i; j++) {
      const other = timeSlots.items[j] as SlotItem;
      if (itemsIntersect(item, other)) {
        errors[at] ??= { code: 'slots_intersect', params: { other: j + 1 } };
        break;
      }
    }
  });
  if (persons.min > persons.max) errors['number_of_persons.max'] = { code: 'min_value', params: { min: persons.min } };
  return errors;
}
