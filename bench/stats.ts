/** Percentiles of a list of durations in milliseconds. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? 0 };
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
