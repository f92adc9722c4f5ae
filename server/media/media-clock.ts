import { performance } from 'node:perf_hooks';
import { FRAME_MS } from './tone';

/** Something that sends paced packets (a tone, a DTMF event): told the time on every tick. */
export interface Paced {
  pump(nowMs: number): void;
}

/**
 * One 20 ms timer for every paced source in the process instead of one per endpoint:
 * a hundred held callers cost one timer, and the timer exists only while something plays,
 * so a closed endpoint leaves nothing behind. Sources compute how many frames are due from
 * the time they are given, so a late tick is caught up rather than stretching the audio.
 */
const sources = new Set<Paced>();
let timer: NodeJS.Timeout | null = null;

function tick(): void {
  const now = performance.now();
  for (const source of sources) {
    try {
      source.pump(now);
    } catch {
      // One broken source must not silence the others; the source's owner sees its own state.
    }
  }
}

/** Starts pacing a source (first pump on the next tick). */
export function addPaced(source: Paced): void {
  sources.add(source);
  timer ??= setInterval(tick, FRAME_MS);
}

/** Stops pacing a source; the timer stops with the last one. */
export function removePaced(source: Paced): void {
  sources.delete(source);
  if (sources.size === 0 && timer) {
    clearInterval(timer);
    timer = null;
  }
}

/** Number of sources being paced (tests check that closing endpoints removes theirs). */
export function pacedCount(): number {
  return sources.size;
}

/** Milliseconds on the clock the sources are pumped with. */
export const clockNow = (): number => performance.now();
