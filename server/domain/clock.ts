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
