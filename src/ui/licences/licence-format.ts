import { UNLIMITED_LICENCE_PERIOD } from '../../contract/constants';
import type { LicenceState, RestrictPeriod } from '../../contract/entities/licence';
import type { BadgeTone } from '../kit/Badge';

/** The badge tone of a licence state (section 4). */
export const STATE_TONES: Record<LicenceState, BadgeTone> = {
  active: 'success',
  ending: 'warning',
  expired: 'danger',
  disabled: 'neutral',
  pending: 'info',
};

/** A period end (Unix seconds) as a date; null for the unlimited end. */
export function periodDay(seconds: number, locale: string): string | null {
  if (seconds >= UNLIMITED_LICENCE_PERIOD.to) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(seconds * 1000));
}

/** A restrict period in words: "1 Mar 2025 – 1 Mar 2026", or null when unlimited. */
export function periodText(period: RestrictPeriod, locale: string): string | null {
  if (!period.is_active) return null;
  const from = periodDay(period.from, locale);
  const to = periodDay(period.to, locale);
  if (from === null && to === null) return null;
  return `${from ?? '…'} – ${to ?? '∞'}`;
}

/** A count: its number, or ∞ for no limit. */
export const countText = (n: number | null, locale: string) => (n === null ? '∞' : n.toLocaleString(locale));

/** Unix seconds of a date input's day (UTC): its start, or with `end` its last second. */
export function dayToSeconds(day: string, end = false): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) return null;
  return Math.floor(ms / 1000) + (end ? 86_399 : 0);
}

/** A period end as a date input's value (UTC day); '' for the unlimited end. */
export function secondsToDay(seconds: number): string {
  if (seconds >= UNLIMITED_LICENCE_PERIOD.to) return '';
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
