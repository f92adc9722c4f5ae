/**
 * Backups (issue 14): how long a make, a preview (the dry run) and a restore (safety backup
 * first, then one transaction) take, and how big the archive is, for the demo project and for a
 * project of 100,000 users (bulk members as in bench/users-list.bench.ts), every entity chosen,
 * through the calls (in process, app.inject). SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. The restore brings back a change made after the backup (every bulk
 * user renamed), so it writes for real.
 *
 * Prints: dialect | project | rows | archive size | make s | preview s | restore s.
 * BENCH_USERS=100000.
 */
import { performance } from 'node:perf_hooks';
import type { DialectName } from '../server/db/dialects';
import { buildTestApp } from '../tests/support/api-app';
import { apply, makeBackup, preview } from '../tests/support/backups';
import { addBulkUsers } from '../tests/support/bulk-users';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const seconds = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const out = await run();
  return [out, (performance.now() - started) / 1000];
};

const rows: string[] = [];
for (const dialect of dialects) {
  for (const size of ['demo', `${USERS / 1000}k users`]) {
    const t = await buildTestApp(dialect);
    try {
      const admin = (await t.session('admin')).token;
      const project = await t.db
        .selectFrom('projects')
        .select('id')
        .where('name', '=', 'Riverside Residence')
        .executeTakeFirstOrThrow();
      if (size !== 'demo') await addBulkUsers(t.db, project.id, USERS, 2000);
      const users = await t.db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', project.id)
        .executeTakeFirstOrThrow();
      const [made, make] = await seconds(() => makeBackup(t, admin, { name: 'Bench' }));
      await t.db
        .updateTable('users')
        .set({ name: 'Renamed after the backup' })
        .where('login', 'like', 'bulk%')
        .execute();
      await t.db.updateTable('users').set({ name: 'Rita Renamed' }).where('login', '=', 'resident').execute();
      const [dry, previewed] = await seconds(() => preview(t, admin, made.id));
      if (dry.statusCode !== 200) throw new Error(`preview answered ${dry.statusCode}: ${dry.body}`);
      const [done, restore] = await seconds(() => apply(t, admin, made.id));
      if (done.statusCode !== 200) throw new Error(`apply answered ${done.statusCode}: ${done.body}`);
      const back = await t.db
        .selectFrom('users')
        .select('name')
        .where('login', '=', 'resident')
        .executeTakeFirstOrThrow();
      if (back.name === 'Rita Renamed') throw new Error('the restore did not bring the data back');
      const changed = (done.json().data.entities as { changed: number }[]).reduce((n, e) => n + e.changed, 0);
      rows.push(
        [
          dialect.padEnd(8),
          size.padEnd(10),
          String(Number(users.n)).padStart(7),
          `${(made.size / 1024 / 1024).toFixed(1)} MB`.padStart(9),
          make.toFixed(1).padStart(6),
          previewed.toFixed(1).padStart(9),
          restore.toFixed(1).padStart(9),
          String(changed).padStart(8),
        ].join(' | '),
      );
      console.log(rows.at(-1));
    } finally {
      await t.close();
    }
  }
}
console.log(`\nBackups, every entity, in process (app.inject)`);
console.log('dialect  | project    | members | archive   | make s | preview s | restore s | changed');
for (const row of rows) console.log(row);
