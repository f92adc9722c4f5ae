import { epochDay, type SlotPiece } from '../../../src/contract/amenity-slots';
import type { ReservationStatus } from '../../../src/contract/entities/amenity-reservation';
import { zoneOffsets } from '../access/schedule/zone';

/**
 * When a reservation's slots happen, in instants. A slot is a stretch of local wall time of the
 * amenity's date, read in the reservation's zone the way schedules read theirs (docs/decisions.md,
 * Access management › Schedules): a wall time skipped by a spring-forward change means the change
 * itself (a slot wholly inside the skipped hour is empty and is not there that day); a wall time
 * that repeats in an autumn change means its first instant (the 01:00–02:00 slot lasts two hours).
 * Instants are computed once, when the reservation is made or changed, and stored: a later change
 * of the zone's rules, or of the server's clock zone, never moves a booking.
 */
const DAY_MS = 86_400_000;

/** An instant stretch, epoch milliseconds, end exclusive. */
export interface Window {
  start: number;
  end: number;
}

/** A fixed-offset zone for a console's offset (minutes east of UTC): `+03:00`, `-05:30`. */
export function offsetZone(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone of a booking: the project's, else the booking console's offset, else UTC. */
export function bookingZone(projectZone: string | null, userOffset: number | null | undefined): string {
  if (projectZone) return projectZone;
  if (userOffset !== null && userOffset !== undefined) return offsetZone(userOffset);
  return 'UTC';
}

/** The instant of a second of a local date (86400: the start of the next date). */
export function instantOf(date: string, second: number, zone: string): number {
  return zoneOffsets(zone).instantOf(epochDay(date) * DAY_MS + second * 1000);
}

/** The instants of one slot of a date; empty (start = end) when a daylight-saving change skips it. */
export function slotWindow(date: string, slot: SlotPiece, zone: string): Window {
  return { start: instantOf(date, slot.from, zone), end: instantOf(date, slot.to, zone) };
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(ms: number, zone: string): string {
  return new Date(ms + zoneOffsets(zone).offsetAt(ms)).toISOString().slice(0, 10);
}

/** The slots' windows in order, adjacent ones merged (two booked hours in a row are one stretch). */
export function windowsOf(date: string, slots: readonly SlotPiece[], zone: string): Window[] {
  const sorted = [...slots].sort((a, b) => a.from - b.from).map((s) => slotWindow(date, s, zone));
  const out: Window[] = [];
  for (const w of sorted) {
    if (w.end <= w.start) continue;
    const last = out.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else out.push({ ...w });
  }
  return out;
}

/**
 * The status time gives a live reservation at `now` (§4, docs/decisions.md): reserved before its
 * first slot, active inside a slot, inactive between two of its slots, expired after the last;
 * and when time moves it next (null once expired).
 */
export function statusAt(windows: readonly Window[], now: number): { status: ReservationStatus; next: number | null } {
  const first = windows[0];
  if (!first) return { status: 'expired', next: null };
  if (now < first.start) return { status: 'reserved', next: first.start };
  for (let i = 0; i < windows.length; i++) {
    const w = windows[i] as Window;
    if (now < w.start) return { status: 'inactive', next: w.start };
    if (now < w.end) return { status: 'active', next: w.end };
  }
  return { status: 'expired', next: null };
}

export const toIso = (ms: number) => new Date(ms).toISOString();

/** Windows as stored: ISO instants. */
export const storedWindows = (windows: readonly Window[]) =>
  JSON.stringify(windows.map((w) => ({ from: toIso(w.start), to: toIso(w.end) })));

/** Stored windows back to instants (a malformed column reads as none). */
export function readWindows(text: string | null): Window[] {
  try {
    const list = JSON.parse(text ?? '[]') as { from: string; to: string }[];
    return Array.isArray(list)
      ? list.map((w) => ({ start: Date.parse(w.from), end: Date.parse(w.to) })).filter((w) => w.end > w.start)
      : [];
  } catch {
    return [];
  }
}
