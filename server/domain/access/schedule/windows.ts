import type { TimeRuleDefinition } from '../../../../src/contract/time-rule-definition';
import { zoneOffsets } from './zone';

/**
 * The instants a time rule is open on one occurrence date, in the calendar's zone (epoch ms,
 * end exclusive). A window is the stretch of local wall-clock time from `from` to `to`, so:
 * - a wall time skipped by a spring-forward change (02:30 in Berlin on the last Sunday of
 *   March) means the change instant itself: 02:30–04:00 opens at 03:00 CEST, and a window wholly
 *   inside the skipped hour (02:00–03:00) is empty and opens nothing that day;
 * - a wall time that repeats in an autumn change means its first instant: 01:00–02:00 in New York
 *   on the first Sunday of November lasts two hours;
 * - "all day" runs from the start of the date to the start of the next (23 or 25 hours across a
 *   change; a day that skips midnight, as in Santiago, starts at the change).
 * Wall time maps to instants without ever going backwards, so consecutive occurrences never overlap.
 * Offsets come from Temporal through zone.ts.
 */
export interface Window {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

export function windowOf(def: TimeRuleDefinition, day: number, timeZone: string): Window {
  if (def.is_all_day) return { start: atSecond(day, 0, timeZone), end: atSecond(day + 1, 0, timeZone) };
  const start = atSecond(day, def.from, timeZone);
  // `to` below `from` closes on the next day (an overnight window).
  const end = def.to > def.from ? atSecond(day, def.to, timeZone) : atSecond(day + 1, def.to, timeZone);
  return { start, end };
}

/** The instant of a second of a local date (86400: the start of the next date). */
function atSecond(day: number, second: number, timeZone: string): number {
  return zoneOffsets(timeZone).instantOf(day * DAY_MS + second * 1000);
}

/** The local date (epoch day) of an instant in the zone. */
export function localDay(epochMs: number, timeZone: string): number {
  return Math.floor((epochMs + zoneOffsets(timeZone).offsetAt(epochMs)) / DAY_MS);
}

/** An ISO instant without milliseconds when they are zero (2026-03-10T09:00:00Z). */
export function isoInstant(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('.000Z', 'Z');
}
