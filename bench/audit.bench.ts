/**
 * What the audit trail costs a write (issue 14): the same write-heavy calls through the whole
 * plumbing (JWT, caller, permission, scope, body, the answer's schema) on two servers, one with
 * the trail and one without (buildApp `audit: false`), on the embedded database, in process
 * (app.inject, one call at a time, so the figure is the write's own latency, not a queue's).
 *
 * Prints per call: mean and p95 latency with and without the trail, and the difference.
 * BENCH_WRITES=400 (per call and server), BENCH_ROUNDS=3 (alternating, the best round kept).
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp, type TestApp } from '../tests/support/api-app';

const WRITES = Number(process.env.BENCH_WRITES ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Server {
  t: TestApp;
  token: string;
  marker: number;
  user: number;
}

async function server(audit: boolean): Promise<Server> {
  const t = await buildTestApp('sqlite', { env: { GATEHOUSE_DEMO_SIZE: 'small' } });
  if (!audit) t.app.auditEnabled = false;
  const token = (await t.session('admin')).token;
  const marker = (await t.call('PUT', '/markers', { token, body: { name: 'Bench', color: '#101010' } })).json().data;
  const user = (await t.db.selectFrom('users').select('id').where('login', '=', 'resident').executeTakeFirstOrThrow())
    .id;
  return { t, token, marker, user };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Latencies (ms) of `WRITES` calls of one kind. */
async function measure(s: Server, kind: string): Promise<{ mean: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const started = performance.now();
    let res: { statusCode: number };
    if (kind === 'PATCH /markers/{id}')
      res = await s.t.call('PATCH', `/markers/${s.marker}`, { token: s.token, body: { name: `Bench ${i % 2}` } });
    else if (kind === 'PATCH /users/{id}')
      res = await s.t.call('PATCH', `/users/${s.user}`, { token: s.token, body: { name: `Rita ${i % 2}` } });
    else {
      const created = await s.t.call('PUT', '/markers', { token: s.token, body: { name: `M${i}`, color: '#202020' } });
      res = await s.t.call('DELETE', `/markers/${created.json().data}`, { token: s.token });
    }
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${kind} answered ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p95: percentile(times, 0.95) };
}

const withTrail = await server(true);
const without = await server(false);
const kinds = ['PATCH /markers/{id}', 'PATCH /users/{id}', 'PUT + DELETE /markers'];
console.log(`${WRITES} writes per call and server, best of ${ROUNDS} rounds (SQLite, in process)`);
console.log('call                     | mean with | mean without | +mean  | p95 with | p95 without');
for (const kind of kinds) {
  let best = { on: { mean: Infinity, p95: Infinity }, off: { mean: Infinity, p95: Infinity } };
  for (let round = 0; round < ROUNDS; round++) {
    const off = await measure(without, kind);
    const on = await measure(withTrail, kind);
    if (on.mean + off.mean < best.on.mean + best.off.mean) best = { on, off };
  }
  const f = (n: number) => n.toFixed(2).padStart(6);
  const more = ((best.on.mean / best.off.mean - 1) * 100).toFixed(0);
  console.log(
    `${kind.padEnd(24)} | ${f(best.on.mean)} ms | ${f(best.off.mean)} ms    | ${more.padStart(4)}% | ${f(best.on.p95)} ms | ${f(best.off.p95)} ms`,
  );
}
const events = await withTrail.t.db
  .selectFrom('audit_events')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirst();
console.log(`events written by the server with the trail: ${Number(events?.n ?? 0)}`);
await withTrail.t.close();
await without.t.close();
