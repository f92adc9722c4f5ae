import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the device benches share: the result line, a loop-delay probe, memory. */

export interface HoldResult {
  devices: number;
  connect_ms: number;
  /** The whole server only: until every device's row records it online. */
  presence_ms?: number;
  online_after_hold: number;
  statuses_per_s: number;
  loop_p99_ms: number;
  rss_mb: number;
}

export interface IngestResult {
  devices: number;
  events: number;
  stored: number;
  ms: number;
  events_per_s: number;
}

export interface ConvergeResult {
  devices: number;
  converged: number;
  converge_ms: number;
}

export const report = (result: HoldResult | IngestResult | ConvergeResult) =>
  console.log(`RESULT ${JSON.stringify(result)}`);

/** Event-loop delay while `during` runs, p99 in ms. */
export async function loopDelayDuring(during: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  await during();
  histogram.disable();
  return histogram.percentile(99) / 1e6;
}

export const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One event of the protocol's shape, as both sides of the bench send it. */
export const benchEvent = (serial: string, seq: number) => ({
  id: `${serial}-b-${seq}`,
  at: new Date().toISOString(),
  type: 'button.pressed',
  data: { button: 1 },
});

export const numberFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Runs the calling script again as the devices' process (`args` after the script). */
export function spawnDevices(args: (string | number)[]): ChildProcess {
  const script = process.argv[1] as string;
  return spawn(process.execPath, ['--import', 'tsx', script, ...args.map(String)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Connections opened at once on both sides (BENCH_CONNECT_WAVE, default 200). */
export const CONNECT_WAVE = Number(process.env.BENCH_CONNECT_WAVE ?? 200);

/**
 * BENCH_CPU_PROF=<dir>: a CPU profile of this process from now until `stop` (the measured
 * window only, not the set-up), written there as `<name>-<pid>.cpuprofile`.
 */
export async function startProfile(name = 'devices'): Promise<{ stop(): Promise<void> } | null> {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}
