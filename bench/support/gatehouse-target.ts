/**
 * The Gatehouse side of bench/users-list.bench.ts, in its own process so the bench's load
 * generator never shares its event loop: a migrated, seeded server with BENCH_USERS extra
 * members seeded by bulk inserts, listening on 127.0.0.1. Over IPC it reports where it listens
 * and the database file, and measures its own event-loop delay between `loop:start` and
 * `loop:stop` (perf_hooks.monitorEventLoopDelay, 1 ms resolution).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildTestApp } from '../../tests/support/api-app';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const BATCH = 500;

const t = await buildTestApp('sqlite');
const admin = await t.session('admin');
const projectId = admin.project.id;
const role = await t.db
  .selectFrom('roles')
  .select('id')
  .where('project_id', '=', projectId)
  .where('is_admin', '=', 0)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const groups = await t.db
  .selectFrom('domains')
  .select('id')
  .where('project_id', '=', projectId)
  .orderBy('id')
  .execute();
const markers = await t.db.selectFrom('markers').select('id').where('project_id', '=', projectId).execute();

const started = performance.now();
const now = new Date().toISOString();
for (let from = 0; from < USERS; from += BATCH) {
  await t.db.transaction().execute(async (trx) => {
    const rows = Array.from({ length: Math.min(BATCH, USERS - from) }, (_, i) => {
      const n = from + i;
      // Names out of id order, so sorting by name is real work for the database.
      const key = (n * 7919) % USERS;
      return {
        login: `bench${n}`,
        name: `Bench User ${String(key).padStart(6, '0')}`,
        email: `bench${n}@example.net`,
        created_at: now,
        updated_at: now,
        activated_at: n % 3 === 0 ? null : now,
      };
    });
    const ids = await trx.insertInto('users').values(rows).returning('id').execute();
    await trx
      .insertInto('memberships')
      .values(ids.map(({ id }) => ({ user_id: id, project_id: projectId, role_id: role.id, created_at: now })))
      .execute();
    await trx
      .insertInto('user_domains')
      .values(ids.map(({ id }, i) => ({ user_id: id, domain_id: groups[(from + i) % groups.length]!.id })))
      .execute();
    if (markers.length > 0) {
      const marked = ids.filter((_, i) => (from + i) % 10 === 0);
      if (marked.length > 0) {
        await trx
          .insertInto('user_markers')
          .values(marked.map(({ id }) => ({ user_id: id, marker_id: markers[0]!.id })))
          .execute();
      }
    }
  });
}
const seedSeconds = (performance.now() - started) / 1000;
// What a server does after a bulk change (the periodic statistics job), if this build has one.
await (await import('../../server/db/statistics').catch(() => null))?.gatherStatistics?.(t.db);

await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const loop = monitorEventLoopDelay({ resolution: 1 });
process.on('message', (message: { type: string }) => {
  if (message.type === 'loop:start') {
    loop.reset();
    loop.enable();
    process.send?.({ type: 'loop:started' });
  } else if (message.type === 'loop:stop') {
    loop.disable();
    process.send?.({ type: 'loop', p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 });
  }
});
process.on('disconnect', () => {
  void t.close().finally(() => process.exit(0));
});
process.send?.({
  type: 'ready',
  port,
  token: admin.token,
  projectId,
  roleId: role.id,
  groupId: groups[1]?.id ?? groups[0]!.id,
  dbFile: t.config.sqliteFile,
  seedSeconds,
});
