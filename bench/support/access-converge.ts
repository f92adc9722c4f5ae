/**
 * The Gatehouse side of bench/access-sync.bench.ts: the real app (SQLite in a temporary
 * DATA_DIR, the embedded broker, the device task queue) with `n` simulated access controllers in
 * this process (so the bench can look into each simulator's lists), one access rule naming all of
 * them and `cards` unowned cards. Measured: PATCH the rule to add a user who owns a card, until
 * every simulator holds that card (`rule_ms`; `api_ms` is the PATCH's own answer). Then the bare
 * figure on the same broker and the same simulators: the same change as one plain `sync` delta
 * request per device (no database, no compile, no task queue), until every simulator holds it
 * (`bare_ms`). argv: `<n> <cards>`. Prints `RESULT {json}`.
 */

import { performance } from 'node:perf_hooks';
import { fleetDevices, startSimulatedFleet } from '../../server/simulator/devices/fleet';
import { API_BASE } from '../../src/contract/constants';
import { startBenchApp } from './devices-app';
import { sleep } from './devices-measure';

const n = Number(process.argv[2] ?? 500);
const cards = Number(process.argv[3] ?? 1000);
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

const fleet = await startSimulatedFleet({
  url: `mqtt://127.0.0.1:${bench.port}`,
  devices: fleetDevices(n),
  heartbeatS: 30,
});
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
while (!fleet.devices.every((d) => d.lists.identifiers.has(lastCard))) await sleep(50);
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
while ((await pending()) > 0) await sleep(50);
log(`rule held by every door (${cards} cards each)`);
await sleep(1000);

const holding = (key: string) => fleet.devices.filter((d) => d.lists.identifiers.has(key)).length;
if (holding(changeKey) !== 0) throw new Error(`${changeKey} is held before the change`);
const started = performance.now();
await call('PATCH', `/access-rules/${ruleId}`, { users: [Number(owned.owner_id)] });
const apiMs = performance.now() - started;
while (holding(changeKey) < n) await sleep(5);
const ruleMs = performance.now() - started;
log('change held by every door');
while ((await pending()) > 0) await sleep(50);

// Bare: the same item to the same simulators over the same broker, one plain request each.
const item = { ...(fleet.devices[0]?.lists.identifiers.get(changeKey) ?? {}), id: 'card:BARE-1' };
const bareStarted = performance.now();
const answers = await Promise.allSettled(
  fleet.devices.map((d) =>
    app.ctx.deviceLink.request(d.serial, 'sync', {
      list: 'identifiers',
      mode: 'delta',
      version: d.versions.identifiers + 1,
      upsert: [item],
      remove: [],
    }),
  ),
);
while (holding('card:BARE-1') < n) await sleep(5);
const bareMs = performance.now() - bareStarted;

console.log(
  `RESULT ${JSON.stringify({
    devices: n,
    cards,
    held: holding(changeKey),
    api_ms: Math.round(apiMs),
    rule_ms: Math.round(ruleMs),
    bare_ms: Math.round(bareMs),
    bare_refused: answers.filter((a) => a.status === 'rejected').length,
  })}`,
);
await fleet.stop();
await bench.close();
process.exit(0);
