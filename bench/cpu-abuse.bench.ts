/**
 * CPU as a weapon: a real listening server on loopback, loaded two ways, each
 * beside a baseline without abuse in the same run.
 *
 * 1. Login flood: a logged-in client loops GET /profile alone, then while
 *    BENCH_LOGINS (20) POST /login are kept in flight. Prints the profile
 *    call's median and max latency, and how the logins were answered.
 * 2. Image bomb: the administrator uploads an ordinary 1024×768 PNG, then a
 *    48 KB PNG declaring 20000×20000. Prints the answer, its time, the longest
 *    event-loop stall (perf_hooks monitorEventLoopDelay) and the growth of the
 *    peak RSS of this process.
 *
 * Server and clients share this process, so a stalled event loop shows in both
 * (as it would for the embedded SIP server).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Jimp } from 'jimp';
import { API_BASE } from '../src/contract/http';
import { buildTestApp, PASSWORDS } from '../tests/support/api-app';
import { multipart } from '../tests/support/multipart';
import { pngBomb } from '../tests/support/png-bomb';
import { listening } from '../tests/support/ws-client';
import { ms, percentiles } from './stats';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

// PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE pass through, to compare pool sizes.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('PASSWORD_HASH_'))) as Record<
  string,
  string
>;
const t = await buildTestApp('sqlite', { env });
const origin = `${await listening(t.app)}${API_BASE}`;
const admin = await t.session('admin');
const residentId = (
  await t.db.selectFrom('users').select('id').where('login', '=', 'resident').executeTakeFirstOrThrow()
).id;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Loops GET /profile for SECONDS; the latencies of the calls. */
async function profileLoop(until: number): Promise<number[]> {
  const samples: number[] = [];
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${origin}/profile`, { headers: { authorization: `Bearer ${admin.token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /profile answered ${res.status}`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** Keeps LOGINS logins in flight until `until`; counts the answers by status. */
async function loginFlood(until: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const one = async () => {
    while (performance.now() < until) {
      const res = await fetch(`${origin}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'staff', password: PASSWORDS.demo }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 429) await new Promise((r) => setTimeout(r, 50));
    }
  };
  await Promise.all(Array.from({ length: LOGINS }, one));
  return statuses;
}

function report(label: string, samples: number[], loop: { max: number }) {
  const s = percentiles(samples);
  console.log(
    `${label.padEnd(34)} GET /profile n=${s.n}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}; event loop blocked up to ${ms(loop.max / 1e6)}`,
  );
}

/** Runs `work` with the event-loop delay monitored. */
async function monitored<T>(work: () => Promise<T>): Promise<[T, { max: number }]> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const result = await work();
  loop.disable();
  return [result, loop];
}

// Warm up the routes and the password hashing (the dummy hash, JIT).
await profileLoop(performance.now() + 300);
await t.login('staff', PASSWORDS.demo);

report('baseline (no logins)', ...(await monitored(() => profileLoop(performance.now() + SECONDS * 1000))));
const until = performance.now() + SECONDS * 1000;
const [[flooded, statuses], floodLoop] = await monitored(() => Promise.all([profileLoop(until), loginFlood(until)]));
report(`during ${LOGINS} concurrent logins`, flooded, floodLoop);
console.log(`  logins answered: ${JSON.stringify(statuses)}`);

async function upload(label: string, image: Buffer, crop: { x: number; y: number; size: number }) {
  const body = multipart(
    { x: String(crop.x), y: String(crop.y), size: String(crop.size) },
    { image: { name: 'photo.png', data: image } },
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const rssBefore = process.memoryUsage().rss;
  loop.enable();
  const t0 = performance.now();
  const res = await fetch(`${origin}/users/${residentId}/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, ...body.headers },
    body: body.payload,
  });
  const answer = await res.text();
  const elapsed = performance.now() - t0;
  loop.disable();
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  console.log(
    `${label.padEnd(34)} ${res.status} ${res.status === 200 ? '' : answer} in ${ms(elapsed)}; event loop blocked up to ${ms(loop.max / 1e6)}; ` +
      `peak RSS +${mb(peakAfter - peakBefore)} (RSS ${mb(rssBefore)} → ${mb(process.memoryUsage().rss)})`,
  );
}

const photo = new Jimp({ width: 1024, height: 768, color: 0x3366ccff });
for (let x = 0; x < 1024; x += 7) for (let y = 0; y < 768; y += 5) photo.setPixelColor(0xffcc00ff, x, y);
const photoPng = await photo.getBuffer('image/png');
await upload('warm-up (1024×768 PNG)', photoPng, { x: 100, y: 50, size: 600 });
await upload(`baseline (1024×768 PNG, ${(photoPng.length / 1024).toFixed(0)} KB)`, photoPng, {
  x: 100,
  y: 50,
  size: 600,
});
const bomb = pngBomb(20_000, 20_000);
await upload(`bomb (20000×20000 PNG, ${(bomb.length / 1024).toFixed(0)} KB)`, bomb, { x: 0, y: 0, size: 1000 });

await t.close();
