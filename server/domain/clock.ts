/**
 * Time as the database stores it: ISO-8601 UTC text, which sorts and compares
 * correctly as a string on both dialects.
 */
export function nowIso(): string {
  return new Date().toISOString();
}

/** The ISO time `seconds` from now. */
export function isoIn(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

/**
 * Where a rule that lasts (bans, locks, counting windows) reads the time, so
 * tests can move it on without waiting.
 */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The ISO time `seconds` after `from`. */
export const isoAfter = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000).toISOString();
