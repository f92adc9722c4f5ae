/**
 * The Gatehouse side of the convergence figure of bench/devices.bench.ts: the real app (SQLite
 * in a temporary DATA_DIR, the embedded broker, the device task queue) with `n` simulated
 * devices in a child process; one settings change to all of them (set-use-address, which
 * queues a settings apply per device) and the time until every device answered it took the
 * settings. argv: `<n>`. Prints `RESULT {json}`. BENCH_CPU_PROF=<dir>: a profile of the
 * measured window.
 */

import { performance } from 'node:perf_hooks';
import { API_BASE } from '../../src/contract/constants';
import { spawnFleet, startBenchApp } from './devices-app';
import { report, sleep, startProfile } from './devices-measure';

const n = Number(process.argv[2] ?? 2000);
const bench = await startBenchApp(n);
const { app, db, ids } = bench;
const fleet = spawnFleet(bench.port, n, 30);
const log = (what: string) => process.stderr.write(`converge: ${what} at ${Math.round(performance.now())} ms\n`);
log('devices made');
while (app.ctx.deviceLink.status().devices_online < n) await sleep(50);
log('online');
// Let the queue settle the devices' first contact (nothing pending) before the change.
await sleep(1000);

const token = await bench.token();
const profile = await startProfile('converge');
const started = performance.now();
for (let from = 0; from < n; from += 1000) {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/devices/set-use-address`,
    headers: { authorization: `Bearer ${token}` },
    payload: { items: ids.slice(from, from + 1000), use_address: true },
  });
  if (res.statusCode !== 200) throw new Error(`set-use-address: ${res.statusCode} ${res.body}`);
}
const done = async () =>
  Number(
    (
      await db
        .selectFrom('device_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'settings.apply')
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow()
    ).n,
  );
log('change sent');
while ((await done()) < n) await sleep(20);
const ms = performance.now() - started;
await profile?.stop();
report({ devices: n, converged: await done(), converge_ms: Math.round(ms) });
fleet.kill();
await bench.close();
process.exit(0);
