import { GUEST_ACCESS } from '../../../src/contract/constants';
import type { Clock } from '../clock';
import { tooManyRequests } from '../errors';

/**
 * The per-key budget of the public guest calls (docs/decisions.md, Guest access): at most
 * `calls` within any `windowSeconds` for one key, counted on this server node in memory (a key is
 * one guest's phone; several nodes each allow the budget). Beyond it: 429 with Retry-After, the
 * seconds until the oldest counted call leaves the window. Only existing keys are counted, so the
 * memory is bounded by the keys in use; the time is the server's Clock (tests move it on).
 */
export function createGuestRateLimit(
  clock: Clock,
  rule: { calls: number; windowSeconds: number } = GUEST_ACCESS.rateLimit,
) {
  const hits = new Map<number, number[]>();
  const windowMs = rule.windowSeconds * 1000;
  let lastSweep = clock.now().getTime();

  /** Forgets keys whose calls all left the window (at most once a window). */
  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= at - windowMs) hits.delete(key);
  }

  return {
    /** Counts a call of the key at `now`, or refuses it (429) when the key spent its budget. */
    hit(keyId: number, now: Date = clock.now()): void {
      const at = now.getTime();
      sweep(at);
      const times = (hits.get(keyId) ?? []).filter((t) => t > at - windowMs);
      if (times.length >= rule.calls) {
        hits.set(keyId, times);
        throw tooManyRequests(((times[0] as number) + windowMs - at) / 1000);
      }
      times.push(at);
      hits.set(keyId, times);
    },
  };
}
export type GuestRateLimit = ReturnType<typeof createGuestRateLimit>;
