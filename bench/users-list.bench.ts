/**
 * The users list API at 100,000 users on the embedded database (SQLite):
 * GET /users/items through the whole Fastify stack (auth, scope, filters,
 * count, page, relations), measured with app.inject. Prints p50/p95/p99.
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '../tests/support/api-app';
import { ms, percentiles } from './stats';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const BATCH = 500;

const t = await buildTestApp('sqlite');
const admin = await t.session('admin');
const projectId = admin.project.id;
const role = await t.db
  .selectFrom('roles')
  .select('id')
  .where('project_id', '=', projectId)
  .where('name', '=', 'resident')
  .executeTakeFirstOrThrow();
const units = await t.db.selectFrom('domains').select('id').where('project_id', '=', projectId).execute();

const started = performance.now();
const now = new Date().toISOString();
for (let from = 0; from < USERS; from += BATCH) {
  await t.db.transaction().execute(async (trx) => {
    const rows = Array.from({ length: Math.min(BATCH, USERS - from) }, (_, i) => {
      const n = from + i;
      return {
        login: `bench${n}`,
        name: `Bench User ${String(n).padStart(6, '0')}`,
        email: `bench${n}@example.net`,
        created_at: now,
        updated_at: now,
      };
    });
    const ids = await trx.insertInto('users').values(rows).returning('id').execute();
    await trx
      .insertInto('memberships')
      .values(ids.map(({ id }) => ({ user_id: id, project_id: projectId, role_id: role.id, created_at: now })))
      .execute();
    await trx
      .insertInto('user_domains')
      .values(ids.map(({ id }, i) => ({ user_id: id, domain_id: units[i % units.length]!.id })))
      .execute();
  });
}
console.log(`seeded ${USERS} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const filters = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const queries = {
  'page 1, size 20, default sort': '/users/items?page=1&size=20',
  'page 250, sorted by e-mail desc': '/users/items?page=250&size=20&sort=-email',
  'role filter + group filter': `/users/items?size=20&filters=${filters([
    { field: 'role', rule: 'has', value: [role.id] },
    { field: 'domains', rule: 'has', value: [units[1]!.id] },
  ])}`,
  'name search (contains)': `/users/items?size=20&filters=${filters([{ field: 'search', rule: 'contains', value: 'user 0999' }])}`,
};

for (const [label, path] of Object.entries(queries)) {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS + 10; i++) {
    const t0 = performance.now();
    const res = await t.call('GET', path, { token: admin.token });
    const elapsed = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    if (i >= 10) samples.push(elapsed); // the first calls warm caches and JIT
  }
  const s = percentiles(samples);
  console.log(`${label.padEnd(36)} n=${s.n}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`);
}
await t.close();
