/** Units a ban's remaining time is told in, largest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long until `iso`, as the locale says a duration ("14 min", "2 hr"),
 * minutes rounded up (never "0 minutes" while it lasts), hours and days to
 * the nearest; null when it is past or unreadable.
 */
export function timeLeft(iso: string, locale: string, now: Date = new Date()): string | null {
  const ms = new Date(iso).getTime() - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const [unit, size] = UNITS.find(([, size]) => ms >= size) ?? (UNITS.at(-1) as [Intl.RelativeTimeFormatUnit, number]);
  const amount = unit === 'minute' ? Math.ceil(ms / size) : Math.round(ms / size);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(amount);
}
