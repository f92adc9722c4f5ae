/**
 * When a failed attempt is tried again: the n-th wait of the schedule after the n-th attempt
 * (the last wait repeats), with up to a tenth of jitter so a fleet that failed together does
 * not retry in step.
 */
export function retryDelayMs(schedule: readonly number[], attempts: number, random = Math.random): number {
  if (schedule.length === 0) return 0;
  const base = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1] ?? 0;
  return Math.round(base * (1 + random() * 0.1));
}
