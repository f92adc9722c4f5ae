import type { Clock } from '../../server/domain/clock';

/** A clock that stands still until the test moves it on (bans, locks and counting windows read it). */
export interface ManualClock extends Clock {
  advance(seconds: number): void;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(seconds) {
      at += seconds * 1000;
    },
  };
}
