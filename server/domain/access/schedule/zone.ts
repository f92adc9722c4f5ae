import { Temporal } from 'temporal-polyfill';

/**
 * UTC offsets of one IANA zone, from Temporal, kept as the stretches between its offset changes
 * (a zone changes a couple of times a year at most). The polyfill takes tens of microseconds per
 * conversion; the evaluator makes several per decision, so each stretch is asked for once and
 * every later conversion is arithmetic. All instants are epoch milliseconds.
 */
interface Stretch {
  start: number; // first instant with `offset` (-Infinity: no earlier change known)
  end: number; // first instant after it (Infinity: no later change known)
  offset: number; // ms to add to UTC for local wall time
}

const MAX_STRETCHES = 4096;

export class ZoneOffsets {
  private readonly stretches: Stretch[] = [];

  constructor(readonly timeZone: string) {}

  /** The offset in force at an instant. */
  offsetAt(ms: number): number {
    return this.stretchAt(ms).offset;
  }

  /** The first instant of the stretch holding `ms` (the change before it). */
  changeBefore(ms: number): number {
    return this.stretchAt(ms).start;
  }

  /**
   * The instant of a local wall time (`wall`: local ms as if it were UTC): its first instant when
   * it repeats, the change itself when it was skipped.
   */
  instantOf(wall: number): number {
    const before = this.offsetAt(wall - 86_400_000);
    const after = this.offsetAt(wall + 86_400_000);
    const candidates = [wall - Math.max(before, after), wall - Math.min(before, after)];
    for (const instant of candidates) if (this.offsetAt(instant) + instant === wall) return instant;
    // Skipped: read with the earlier offset it lies past the change; the change starts its stretch.
    return this.changeBefore(wall - before);
  }

  private stretchAt(ms: number): Stretch {
    const found = this.find(ms);
    if (found) return found;
    const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(this.timeZone);
    const offset = zoned.offsetNanoseconds / 1e6;
    const previous = zoned.getTimeZoneTransition('previous');
    const next = zoned.getTimeZoneTransition('next');
    // At a change itself, `previous` is the change before that one.
    const atChange = previous !== null && ms !== previous.epochMilliseconds && this.offsetJustBefore(ms) !== offset;
    const stretch = {
      start: atChange ? ms : (previous?.epochMilliseconds ?? Number.NEGATIVE_INFINITY),
      end: next?.epochMilliseconds ?? Number.POSITIVE_INFINITY,
      offset,
    };
    if (this.stretches.length >= MAX_STRETCHES) this.stretches.length = 0;
    this.stretches.push(stretch);
    this.stretches.sort((a, b) => a.start - b.start);
    return stretch;
  }

  private offsetJustBefore(ms: number): number {
    return Temporal.Instant.fromEpochMilliseconds(ms - 1).toZonedDateTimeISO(this.timeZone).offsetNanoseconds / 1e6;
  }

  private find(ms: number): Stretch | undefined {
    let lo = 0;
    let hi = this.stretches.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.stretches[mid] as Stretch;
      if (ms < s.start) hi = mid - 1;
      else if (ms >= s.end) lo = mid + 1;
      else return s;
    }
    return undefined;
  }
}

const zones = new Map<string, ZoneOffsets>();

export function zoneOffsets(timeZone: string): ZoneOffsets {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = new ZoneOffsets(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}
