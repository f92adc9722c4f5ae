/**
 * The whole-server side of the held figure of bench/devices.bench.ts: the real app (devices
 * authenticated from the devices table, presence recorded in their rows, the task queue) with
 * `n` simulated devices in a child process. Besides the link's figures: `presence_ms`, until
 * every device's row says online. argv: `hold <n> <hold_s> <heartbeat_s>`. Prints `RESULT {json}`.
 * BENCH_CPU_PROF=<dir>: a profile of the connect window.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { spawnFleet, startBenchApp } from './devices-app';
import { loopDelayDuring, report, rssMb, sleep, startProfile } from './devices-measure';

const [, a, b, c] = process.argv.slice(2);
const [n, holdS, heartbeatS] = [Number(a), Number(b), Number(c)];
const bench = await startBenchApp(n);
const { app, db } = bench;
let statuses = 0;
app.ctx.deviceLink.onStatus(() => statuses++);
const recorded = async () =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from devices where info like ${'%"status":"online"%'}`.execute(db))
      .rows[0]?.n ?? 0,
  );
const profile = await startProfile('connect');
const started = performance.now();
const fleet = spawnFleet(bench.port, n, heartbeatS);
while (app.ctx.deviceLink.status().devices_online < n) await sleep(50);
const connectMs = performance.now() - started;
while ((await recorded()) < n) await sleep(50);
const presenceMs = performance.now() - started;
await profile?.stop();
statuses = 0;
const loopP99 = await loopDelayDuring(() => sleep(holdS * 1000));
report({
  devices: n,
  connect_ms: Math.round(connectMs),
  presence_ms: Math.round(presenceMs),
  online_after_hold: app.ctx.deviceLink.status().devices_online,
  statuses_per_s: Math.round(statuses / holdS),
  loop_p99_ms: Number(loopP99.toFixed(1)),
  rss_mb: rssMb(),
});
fleet.kill();
await bench.close();
process.exit(0);
