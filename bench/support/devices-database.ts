import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../../server/db/dialects';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';

/**
 * A fresh migrated database for the ingest bench: a SQLite file in a temporary folder (as the
 * server opens it), or BENCH_DATABASE_URL's PostgreSQL database (emptied of devices first), with
 * one project and a device row per serial.
 */
export async function benchDatabase(serials: string[]): Promise<Kysely<Database>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
  const db = createDatabase({
    databaseUrl,
    sqliteFile: join(mkdtempSync(join(tmpdir(), 'gh-bench-')), 'bench.sqlite'),
  });
  await migrateToLatest(db);
  const now = new Date().toISOString();
  if (databaseUrl) await db.deleteFrom('devices').where('serial_number', 'in', serials).execute();
  const project = await db
    .insertInto('projects')
    .values({
      name: `bench-${Date.now()}`,
      description: null,
      features: '{}',
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < serials.length; i += 200) {
    await db
      .insertInto('devices')
      .values(
        serials.slice(i, i + 200).map((serial) => ({
          project_id: project.id,
          name: serial,
          serial_number: serial,
          token: `bench-${serial}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return db;
}
