/**
 * The Gatehouse side of bench/access-sync.bench.ts: the real app (SQLite in a temporary
 * DATA_DIR, the embedded broker, the device task queue) with `n` simulated access controllers in
 * a process of their own (access-fleet.ts, which says when every simulator holds an item), one
 * access rule naming all of them and `cards` unowned cards. Measured: PATCH the rule to add a user who owns a card, until
 * every simulator holds that card (`rule_ms`; `api_ms` is the PATCH's own answer). Then the bare
 * figure on the same broker and the same simulators: the same change as one plain `sync` delta
 * request per device (no database, no compile, no task queue), until every simulator holds it
 * (`bare_ms`). argv: `<n> <cards>`. Prints `RESULT {json}`. BENCH_CPU_PROF=<dir>: a profile of
 * the measured window.
 */

import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { doorIdentifiers } from '../../server/domain/access/door-list';
import { fleetDevices } from '../../server/simulator/devices/fleet';
import { API_BASE } from '../../src/contract/constants';
import { startBenchApp } from './devices-app';
import { sleep, startProfile } from './devices-measure';

const n = Number(process.argv[2] ?? 500);
const cards = Number(process.argv[3] ?? 1000);
/** Waits for `check`, failing the bench (with the queue's state) after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 120_000, every = 50) {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) {
      const tasks = await db
        .selectFrom('device_tasks')
        .select(['kind', 'status', 'last_error_code', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['kind', 'status', 'last_error_code'])
        .execute();
      throw new Error(`${what}: not within ${ms} ms; tasks ${JSON.stringify(tasks)}`);
    }
    await sleep(every);
  }
}
const log = (what: string) => process.stderr.write(`access-converge: ${what} at ${Math.round(performance.now())} ms\n`);

const bench = await startBenchApp(n);
const { app, db, ids } = bench;
const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
const now = new Date().toISOString();
const cardIds: number[] = [];
for (let from = 0; from < cards; from += 400) {
  const rows = await db
    .insertInto('identifiers')
    .values(
      Array.from({ length: Math.min(400, cards - from) }, (_, k) => ({
        project_id: project.id,
        type: 'card',
        value: `BENCH-${from + k}`,
        owner_type: 'owner',
        owner_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  cardIds.push(...rows.map((r) => Number(r.id)));
}
// The user the change adds: a demo user owning a card of their own.
const owned = await db
  .selectFrom('identifiers')
  .select(['owner_id', 'value'])
  .where('project_id', '=', project.id)
  .where('owner_type', '=', 'owner')
  .where('owner_id', 'is not', null)
  .where('type', '=', 'card')
  .where('revoked_at', 'is', null)
  .where('is_active', '=', 1)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const changeKey = `card:${owned.value}`;

const fleet = fork(
  join(dirname(fileURLToPath(import.meta.url)), 'access-fleet.ts'),
  [`mqtt://127.0.0.1:${bench.port}`, String(n)],
  { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
);
const serials = fleetDevices(n).map((d) => d.serial);
/** Resolves once every door's simulator holds `key` (the fleet process says so). */
const heldByAll = (key: string) =>
  new Promise<number>((resolve) => {
    const listen = (message: { key: string; held: number }) => {
      if (message.key !== key) return;
      fleet.off('message', listen);
      resolve(message.held);
    };
    fleet.on('message', listen);
    fleet.send({ key });
  });
const within = <T>(what: string, promise: Promise<T>, ms = 120_000) =>
  Promise.race([
    promise,
    sleep(ms).then(async () => {
      const tasks = await db
        .selectFrom('device_tasks')
        .select(['kind', 'status', 'last_error_code', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['kind', 'status', 'last_error_code'])
        .execute();
      throw new Error(`${what}: not within ${ms} ms; tasks ${JSON.stringify(tasks)}`);
    }),
  ]);
while (app.ctx.deviceLink.status().devices_online < n) await sleep(50);
log('online');

const token = await bench.token();
const call = async (method: 'PUT' | 'PATCH', url: string, payload: unknown) => {
  const res = await app.inject({
    method,
    url: `${API_BASE}${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const ruleId = (await call('PUT', '/access-rules', {
  name: 'Every door',
  devices: ids.map((id) => ({ id, lock_number: 1 })),
  identifiers: cardIds,
})) as number;
const lastCard = `card:BENCH-${cards - 1}`;
await within('the rule held by every door', heldByAll(lastCard));
const pending = async () =>
  Number(
    (
      await db
        .selectFrom('device_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'not in', ['completed', 'stopped', 'error'])
        .executeTakeFirstOrThrow()
    ).n,
  );
await until('the first syncs done', async () => (await pending()) === 0);
log(`rule held by every door (${cards} cards each)`);
await sleep(1000);

const profile = await startProfile('access-converge');
const started = performance.now();
await call('PATCH', `/access-rules/${ruleId}`, { users: [Number(owned.owner_id)] });
const apiMs = performance.now() - started;
const held = await within('the change held by every door', heldByAll(changeKey));
const ruleMs = performance.now() - started;
await profile?.stop();
log('change held by every door');
await until('the syncs of the change done', async () => (await pending()) === 0);

// Bare: the same item to the same simulators over the same broker, one plain request each.
const item = {
  ...(await doorIdentifiers(db, ids[0] as number)).find((i) => i.id === changeKey),
  id: 'card:BARE-1',
};
const bareStarted = performance.now();
const bareHeld = heldByAll('card:BARE-1');
const answers = await Promise.allSettled(
  serials.map((serial) =>
    app.ctx.deviceLink.request(serial, 'sync', {
      list: 'identifiers',
      mode: 'delta',
      version: 1_000_000,
      upsert: [item],
      remove: [],
    }),
  ),
);
await within('the bare change held by every door', bareHeld);
const bareMs = performance.now() - bareStarted;

console.log(
  `RESULT ${JSON.stringify({
    devices: n,
    cards,
    held,
    api_ms: Math.round(apiMs),
    rule_ms: Math.round(ruleMs),
    bare_ms: Math.round(bareMs),
    bare_refused: answers.filter((a) => a.status === 'rejected').length,
  })}`,
);
fleet.disconnect();
fleet.kill();
await bench.close();
process.exit(0);
