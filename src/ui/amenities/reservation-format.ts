import type { SlotPiece } from '../../contract/amenity-slots';
import { clockOf } from '../../contract/amenity-slots';
import type { ReservationStatus } from '../../contract/entities/amenity-reservation';
import type { BadgeTone } from '../kit/Badge';

/** A local date (YYYY-MM-DD) in the reader's language: "Monday, 4 March 2030". */
export function formatDay(date: string, locale: string, style: 'full' | 'medium' = 'full'): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(at);
}

/** "08:00–10:00, 14:00–15:00": slots, adjacent ones joined. */
export function formatSlots(slots: readonly SlotPiece[]): string {
  const sorted = [...slots].sort((a, b) => a.from - b.from);
  const runs: SlotPiece[] = [];
  for (const s of sorted) {
    const last = runs.at(-1);
    if (last && last.to === s.from) last.to = s.to;
    else runs.push({ ...s });
  }
  return runs.map((r) => `${clockOf(r.from)}–${clockOf(r.to)}`).join(', ');
}

/** Badge tones of §4's statuses. */
export const STATUS_TONES: Record<ReservationStatus, BadgeTone> = {
  reserved: 'brand',
  active: 'success',
  inactive: 'info',
  canceled: 'neutral',
  expired: 'neutral',
};

/** Today in the browser's zone (YYYY-MM-DD): the earliest date offered. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
