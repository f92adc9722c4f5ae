/**
 * Devices over MQTT (issue 11), each beside a bare aedes + MQTT.js baseline of the same shape,
 * every run in its own process:
 * - held: N simulated devices connected with credentials and a status heartbeat, held for a
 *   while; connect time, how many the server still counts online, statuses per second, loop
 *   delay and memory of the broker process; the devices run in a child process (goal 10,000).
 *   Two Gatehouse rows: `server` is the whole app (credentials from the devices table, presence
 *   recorded in the rows: `presence_ms` until every row says online, the task queue), `link`
 *   the device link alone (credentials from memory).
 * - ingest: devices sending events in batches until every one is stored and acked
 *   (goal ≥ 5,000 events/s). Gatehouse stores them with the platform's ingestion
 *   (server/domain/devices/event-ingest.ts) into a fresh SQLite file (BENCH_DATABASE_URL:
 *   PostgreSQL); the baseline keeps them in an in-memory set.
 * - converge: one settings change to BENCH_CONVERGE_DEVICES devices until every one took it: on
 *   the Gatehouse side the real app (SQLite, the device task queue: set-use-address queues a
 *   settings apply per device), on the bare side a request published to each client
 *   (goal ≤ 10 s for 2,000).
 * BENCH_DEVICES (2000), BENCH_HOLD_S (20), BENCH_HEARTBEAT_S (10), BENCH_EVENTS (50000),
 * BENCH_EVENT_DEVICES (100), BENCH_EVENT_CHUNK (20), BENCH_CONNECT_WAVE (200, both sides).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberFrom } from './support/devices-measure';

const here = dirname(fileURLToPath(import.meta.url));
const SIDES = {
  server: join(here, 'support/devices-server.ts'),
  gatehouse: join(here, 'support/devices-gatehouse.ts'),
  converge: join(here, 'support/devices-converge.ts'),
  baseline: join(here, 'bare/devices-baseline.ts'),
};

const devices = numberFrom('BENCH_DEVICES', 2000);
const holdS = numberFrom('BENCH_HOLD_S', 20);
const heartbeatS = numberFrom('BENCH_HEARTBEAT_S', 10);
const events = numberFrom('BENCH_EVENTS', 50_000);
const eventDevices = numberFrom('BENCH_EVENT_DEVICES', 100);
const chunk = numberFrom('BENCH_EVENT_CHUNK', 20);
const convergeDevices = numberFrom('BENCH_CONVERGE_DEVICES', 2000);
const only = process.env.BENCH_ONLY; // hold | ingest | converge: one figure alone

function run(side: keyof typeof SIDES, args: (string | number)[]): Record<string, number> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', SIDES[side], ...args.map(String)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`${side} ${args.join(' ')} failed:\n${child.stderr.slice(-2000)}`);
  return JSON.parse(line.slice('RESULT '.length));
}

const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const row = (name: string, r: Record<string, number>, keys: string[]) =>
  `${name.padEnd(10)} ${keys.map((k) => String(r[k] ?? '-').padStart(k.length)).join('  ')}`;

console.log(`load before: ${load()}`);
const holdKeys = [
  'devices',
  'connect_ms',
  'presence_ms',
  'online_after_hold',
  'statuses_per_s',
  'loop_p99_ms',
  'rss_mb',
];
if (!only || only === 'hold') {
  console.log(`\nheld: ${devices} devices, heartbeat ${heartbeatS} s, held ${holdS} s (goal 10,000 online)`);
  console.log(`${''.padEnd(10)} ${holdKeys.join('  ')}`);
  console.log(row('server', run('server', ['hold', devices, holdS, heartbeatS]), holdKeys));
  console.log(row('link', run('gatehouse', ['hold', devices, holdS, heartbeatS]), holdKeys));
  console.log(row('baseline', run('baseline', ['hold', devices, holdS, heartbeatS]), holdKeys));
}

if (!only || only === 'ingest') {
  const ingestKeys = ['devices', 'events', 'stored', 'ms', 'events_per_s'];
  console.log(
    `\ningest: ${events} events from ${eventDevices} devices, ${chunk} per batch, stored and acked (goal ≥ 5,000/s)`,
  );
  console.log(`${''.padEnd(10)} ${ingestKeys.join('  ')}`);
  for (const side of ['gatehouse', 'baseline'] as const)
    console.log(row(side, run(side, ['ingest', eventDevices, events, chunk]), ingestKeys));
}

if (!only || only === 'converge') {
  const convergeKeys = ['devices', 'converged', 'converge_ms'];
  console.log(
    `\nconverge: one settings change to ${convergeDevices} devices until every one took it (goal ≤ 10,000 ms)`,
  );
  console.log(`${''.padEnd(10)} ${convergeKeys.join('  ')}`);
  console.log(row('gatehouse', run('converge', [convergeDevices]), convergeKeys));
  console.log(row('baseline', run('baseline', ['converge', convergeDevices]), convergeKeys));
}
console.log(`\nload after: ${load()}`);
