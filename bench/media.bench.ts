/**
 * Server-side media cost of awaiting calls (werift, PCMU, DTLS-SRTP on loopback).
 *
 * This process plays the server: one endpoint per held caller (hold tone), or two bridged
 * legs per answered call relaying both ways. The callers and concierges run in a child
 * process (bench/media-far-ends.ts), so the CPU measured here is the server's alone.
 * Prints, per scenario: packets/s the server sends (tone + relay), % of one core, % per
 * call, and event-loop delay p99 (what a relayed packet may wait: jitter we add).
 *
 * BENCH_MEDIA_CALLS=1,10,20 (calls per scenario), BENCH_MEDIA_SECONDS=10 (measured window).
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createMediaEndpoint, type WebRtcEndpoint } from '../server/media/endpoint';
import { ms, percentiles } from './stats';

const CALLS = (process.env.BENCH_MEDIA_CALLS ?? '1,10,20').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 10);
const WARM_UP_MS = 2000;
const media = { host: '127.0.0.1', stunServers: [], portRange: null } as const;

const child = fork(fileURLToPath(new URL('./media-far-ends.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  stdio: 'inherit',
});
let nextId = 0;
const pending = new Map<string, (message: { sdp?: string; packetsIn?: number }) => void>();
child.on('message', (message: { type: string; id?: number; sdp?: string; packetsIn?: number }) => {
  const key = `${message.type}:${message.id ?? ''}`;
  pending.get(key)?.(message);
  pending.delete(key);
});
function ask<T>(command: Record<string, unknown>, answer: string): Promise<T> {
  return new Promise((resolve) => {
    pending.set(answer, resolve as (message: unknown) => void);
    child.send(command);
  });
}

/** One server leg answering a far end that offers; the far end then plays `signal`. Null when setup failed. */
async function leg(signal: 'voice' | 'tone' | null): Promise<WebRtcEndpoint | null> {
  const id = nextId++;
  const { sdp } = await ask<{ sdp: string }>({ type: 'offer', id }, `offer:${id}`);
  const server = createMediaEndpoint(media);
  const answer = await server.answer(sdp);
  const accepted = await ask<{ error?: string }>({ type: 'accept', id, sdp: answer, signal }, `accepted:${id}`);
  try {
    if (accepted.error) throw new Error(accepted.error);
    await server.whenConnected(30_000);
    return server;
  } catch (error) {
    failedSetups.push(String(error));
    await server.close();
    return null;
  }
}
const failedSetups: string[] = [];

let idleCore = 0;

/** Legs whose connection dropped during the window (a starved machine misses ICE consent checks). */
function notConnected(legs: WebRtcEndpoint[]): string {
  const down = legs.filter((l) => l.connectionState !== 'connected').map((l) => l.connectionState);
  return down.length === 0 ? '' : `, ${down.length} legs not connected (${[...new Set(down)].join(', ')})`;
}

async function measure(name: string, calls: number, legs: WebRtcEndpoint[]) {
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  const out0 = legs.reduce((n, l) => n + l.stats().packetsOut, 0);
  const in0 = legs.reduce((n, l) => n + l.stats().packetsIn, 0);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  loop.disable();
  const out = (legs.reduce((n, l) => n + l.stats().packetsOut, 0) - out0) / wall;
  const inbound = (legs.reduce((n, l) => n + l.stats().packetsIn, 0) - in0) / wall;
  const core = ((cpu.user + cpu.system) / 1e6 / wall) * 100;
  if (name === 'idle') {
    idleCore = core;
    console.log(`idle process: ${core.toFixed(1)} % of one core`);
    return;
  }
  console.log(
    `${name.padEnd(9)} ${String(calls).padStart(3)} calls: ${out.toFixed(0).padStart(5)} pkt/s out, ` +
      `${inbound.toFixed(0).padStart(5)} pkt/s in, ${core.toFixed(1).padStart(5)} % of one core, ` +
      `${((core - idleCore) / calls).toFixed(2)} %/call above idle, ` +
      `event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms${notConnected(legs)}`,
  );
}

console.log(
  `Node ${process.version}, werift in-process media, ${SECONDS} s windows after ${WARM_UP_MS / 1000} s warm-up`,
);
process.on('exit', () => child.kill());
await measure('idle', 0, []);
const setups: number[] = [];
for (const calls of CALLS) {
  // Held: the caller talks (voice-like), the server plays the hold tone back.
  const held: WebRtcEndpoint[] = [];
  for (let i = 0; i < calls; i++) {
    const caller = await leg('voice');
    caller?.playHoldTone();
    if (caller) held.push(caller);
  }
  await measure('held', held.length, held);
  await Promise.all(held.map((l) => l.close()));
  await ask({ type: 'close' }, 'closed:');

  // Answered: caller leg ↔ concierge leg, both far ends talking, relayed without transcoding.
  const bridged: WebRtcEndpoint[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const caller = await leg('voice');
    const concierge = await leg('tone');
    if (!caller || !concierge) {
      await Promise.all([caller?.close(), concierge?.close()]);
      continue;
    }
    caller.bridge(concierge);
    setups.push(performance.now() - started);
    bridged.push(caller, concierge);
  }
  await measure('bridged', bridged.length / 2, bridged);
  await Promise.all(bridged.map((l) => l.close()));
  await ask({ type: 'close' }, 'closed:');
}
const setup = percentiles(setups);
console.log(
  `bridged call setup (two legs: offer, answer, ICE, DTLS, one after another): ` +
    `p50 ${ms(setup.p50)}, p95 ${ms(setup.p95)}, max ${ms(setup.max)} over ${setup.n} calls`,
);
if (failedSetups.length > 0) {
  console.log(`${failedSetups.length} legs failed to connect: ${[...new Set(failedSetups)].join('; ')}`);
}
child.disconnect();
