/**
 * The embedded SIP server on loopback (SQLite): registrations per second
 * (each one a challenge round trip plus the authorised REGISTER) and call
 * setups per second (INVITE through the forking proxy to a registered agent
 * that answers at once, then ACK and BYE, the history row written). Agents are
 * the test user agent over real WSS connections. Prints p50/p99.
 */
import { performance } from 'node:perf_hooks';
import { SipUserAgent } from '../server/sip/ua/user-agent';
import { ANSWER, buildSipTestApp, OFFER } from '../tests/support/sip';
import { ms, percentiles } from './stats';

const AGENTS = Number(process.env.BENCH_SIP_AGENTS ?? 40);
const REGISTRATIONS = Number(process.env.BENCH_SIP_REGISTRATIONS ?? 4000);
const CALLS = Number(process.env.BENCH_SIP_CALLS ?? 2000);

const t = await buildSipTestApp('sqlite');
const now = new Date().toISOString();
const numbers = Array.from({ length: AGENTS * 2 }, (_, i) => String(50_000 + i));
await t.db
  .insertInto('sip_numbers')
  .values(
    numbers.map((number) => ({
      project_id: t.projectId,
      number,
      password: `Pw${number}x`,
      created_at: now,
      updated_at: now,
    })),
  )
  .execute();
const connect = (number: string) =>
  SipUserAgent.connect({ url: `wss://127.0.0.1:${t.port}`, domain: t.domain, number, password: `Pw${number}x` });

/** Runs `total` jobs on `workers` parallel lanes; returns each job's duration and the wall time. */
async function run(total: number, workers: number, job: (lane: number) => Promise<void>) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, lane) => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        await job(lane);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

function report(name: string, result: { samples: number[]; seconds: number }) {
  const p = percentiles(result.samples);
  const rate = (p.n / result.seconds).toFixed(0);
  console.log(`${name}: ${p.n} in ${result.seconds.toFixed(2)} s = ${rate}/s; p50 ${ms(p.p50)}, p99 ${ms(p.p99)}`);
}

// Registrations: AGENTS connections registering again and again.
const registrars = await Promise.all(numbers.slice(0, AGENTS).map(connect));
await run(AGENTS * 5, AGENTS, async (lane) => void (await registrars[lane]!.register())); // warm-up
const registrations = await run(REGISTRATIONS, AGENTS, async (lane) => {
  const res = await registrars[lane]!.register();
  if (res.status !== 200) throw new Error(`REGISTER answered ${res.status}`);
});
report(`registrations (${AGENTS} connections)`, registrations);

// Call setups: AGENTS/2 caller→callee pairs; callees answer at once.
const pairs = AGENTS / 2;
const callees = await Promise.all(numbers.slice(AGENTS, AGENTS + pairs).map(connect));
for (const callee of callees) {
  await callee.register();
  callee.onIncoming = (call) => call.accept(ANSWER);
}
const setups: number[] = [];
const calls = await run(CALLS, pairs, async (lane) => {
  const t0 = performance.now();
  const call = registrars[lane]!.call(callees[lane]!.options.number, { sdp: OFFER });
  const answer = await call.answered;
  if (answer.status !== 200) throw new Error(`INVITE answered ${answer.status}`);
  setups.push(performance.now() - t0);
  await call.bye();
});
report(`call setups, INVITE→200 (${pairs} parallel pairs)`, { samples: setups, seconds: calls.seconds });
report('whole calls, INVITE→200→ACK→BYE→200', calls);

await Promise.all([...registrars, ...callees].map((a) => a.close()));
await t.close();
