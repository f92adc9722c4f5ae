/** How many tasks run at once, and how many may wait for a slot. */
export interface QueueLimits {
  concurrency: number;
  waiting: number;
}

/** What a queue is doing now, and the most tasks it ever ran at once (since the last resetPeak). */
export interface QueueStats {
  inFlight: number;
  waiting: number;
  peakInFlight: number;
  refused: number;
}

export interface BoundedQueue {
  /**
   * Runs the task when a slot is free. When every slot is taken and the
   * waiting line is full, the task is not run: `refuse(retryAfterSeconds)` is thrown.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** New limits; tasks already running or waiting keep their place. */
  configure(limits: QueueLimits): void;
  stats(): QueueStats;
  resetPeak(): void;
}

/**
 * A concurrency limit with a bounded waiting line, first come first served.
 * The Retry-After estimate is the line ahead divided among the slots, times
 * the average task duration seen so far, in whole seconds (at least 1).
 */
export function createBoundedQueue(limits: QueueLimits, refuse: (retryAfterSeconds: number) => Error): BoundedQueue {
  let { concurrency, waiting: maxWaiting } = limits;
  let inFlight = 0;
  let peakInFlight = 0;
  let refused = 0;
  let averageMs = 0;
  const line: Array<() => void> = [];

  const pump = () => {
    while (inFlight < concurrency && line.length > 0) {
      inFlight++;
      peakInFlight = Math.max(peakInFlight, inFlight);
      line.shift()?.();
    }
  };

  const retryAfter = () => {
    const rounds = Math.ceil((line.length + inFlight) / concurrency);
    return Math.max(1, Math.ceil((rounds * averageMs) / 1000));
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (inFlight >= concurrency && line.length >= maxWaiting) {
        refused++;
        throw refuse(retryAfter());
      }
      await new Promise<void>((start) => {
        line.push(start);
        pump();
      });
      const started = performance.now();
      try {
        return await task();
      } finally {
        const elapsed = performance.now() - started;
        averageMs = averageMs === 0 ? elapsed : averageMs * 0.8 + elapsed * 0.2;
        inFlight--;
        pump();
      }
    },
    configure(next) {
      concurrency = next.concurrency;
      maxWaiting = next.waiting;
      pump();
    },
    stats: () => ({ inFlight, waiting: line.length, peakInFlight, refused }),
    resetPeak() {
      peakInFlight = inFlight;
    },
  };
}
