import { itemsIntersect, type SlotItem } from '../../contract/amenity-slots';
import { SECONDS_IN_DAY, type WeekDay } from '../../contract/constants';

/**
 * The week grid's arithmetic, pure: where a pointer lands (seconds of the day, snapped to the
 * slot duration so a drawn slot's length is always a multiple of it), what a drag would draw,
 * and whether it may be drawn (section 5: slots of one amenity never intersect).
 */

/** Pixels per hour of the grid. */
export const HOUR_PX = 20;
export const GRID_PX = 24 * HOUR_PX;

/** The second of the day at `y` pixels down the column, snapped to the step (0 … 86400). */
export function secondAt(y: number, height: number, step: number): number {
  const raw = (Math.min(Math.max(y, 0), height) / height) * SECONDS_IN_DAY;
  return Math.min(SECONDS_IN_DAY, Math.round(raw / step) * step);
}

/** The slot a drag from `a` to `b` draws on a day: at least one step long, in order. */
export function drawn(day: WeekDay, a: number, b: number, step: number): SlotItem {
  const from = Math.min(a, b);
  let to = Math.max(a, b);
  if (to - from < step) to = Math.min(SECONDS_IN_DAY, from + step);
  return { days: [day], from: to === SECONDS_IN_DAY && to - from < step ? to - step : from, to };
}

/** The items a candidate would intersect (`except`: the item being changed). */
export function clashes(items: readonly SlotItem[], candidate: SlotItem, except: number | null = null): number[] {
  return items.flatMap((item, i) => (i !== except && itemsIntersect(item, candidate) ? [i] : []));
}

/** A candidate replacing item `index` (or added when null): refused when it intersects another. */
export function place(items: readonly SlotItem[], candidate: SlotItem, index: number | null): SlotItem[] | null {
  if (clashes(items, candidate, index).length > 0) return null;
  if (index === null) return [...items, candidate];
  return items.map((item, i) => (i === index ? candidate : item));
}

/** "HH:MM" of a second of the day, for time inputs (86400 is "24:00"). */
export const timeText = (seconds: number) =>
  `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;

/** Seconds of "HH:MM" (24:00 allowed), or null. */
export function parseTime(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60;
  return Number(m[2]) < 60 && seconds <= SECONDS_IN_DAY ? seconds : null;
}
