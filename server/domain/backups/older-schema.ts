import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { createDatabase } from '../../db/dialects';
import { MIGRATIONS } from '../../db/migrations/registry';
import { insertRows } from '../../db/table-rows';
import { invalidBackup } from './archive';
import type { BackupLayout } from './layout';
import { tablesOf } from './layout';
import type { ArchiveTable } from './plan';
import { projectRows } from './scope';

/** The schema version of this build: its latest migration. */
export const SCHEMA_VERSION: string = Object.keys(MIGRATIONS).sort().at(-1) as string;

/** How old an archive is: -1 older, 0 this build's, 1 newer (or of a version this build never had). */
export function compareSchema(version: string): -1 | 0 | 1 {
  if (version === SCHEMA_VERSION) return 0;
  return Object.hasOwn(MIGRATIONS, version) ? -1 : 1;
}

/**
 * Rows of an archive made at an older schema, brought to this build's (docs/decisions.md,
 * Backups): a scratch SQLite file (foreign keys off: it holds one project's rows, whatever they
 * point to outside) is migrated up to the archive's version, takes the archive's rows as they
 * were written, is migrated to the latest version by the same migrations a server runs, and the
 * project's rows of the archive's entities are read back in today's columns. The scratch file
 * is removed whatever happens.
 */
export async function migrateArchive(input: {
  version: string;
  projectId: number;
  entities: readonly string[];
  tables: ReadonlyMap<string, ArchiveTable>;
  layout: BackupLayout;
  progress: (done: number, total: number) => void;
}): Promise<Map<string, ArchiveTable>> {
  if (compareSchema(input.version) !== -1) throw invalidBackup('newer_schema');
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-restore-'));
  const scratch = createDatabase({ databaseUrl: null, sqliteFile: join(dir, 'scratch.sqlite') });
  try {
    await sql`pragma foreign_keys = off`.execute(scratch);
    const migrator = new Migrator({ db: scratch, provider: { getMigrations: async () => MIGRATIONS } });
    const older = await migrator.migrateTo(input.version);
    if (older.error) throw older.error;
    const total = input.tables.size + 2;
    let done = 0;
    input.progress(done, total);
    for (const [table, rows] of input.tables) {
      try {
        await insertRows(scratch, table, rows.columns, rows.rows);
      } catch {
        // A table or column the archive's own version never had: not an archive of that version.
        throw invalidBackup('corrupted');
      }
      input.progress(++done, total);
    }
    const latest = await migrator.migrateToLatest();
    if (latest.error) throw latest.error;
    input.progress(++done, total);
    const out = new Map<string, ArchiveTable>();
    const tables = tablesOf(input.layout, input.entities);
    const within = new Set(tables.map((t) => t.name));
    for (const table of tables) {
      out.set(table.name, {
        columns: table.columns,
        rows: await projectRows(scratch, input.layout, table, input.projectId, table.columns, undefined, within),
      });
    }
    input.progress(total, total);
    return out;
  } finally {
    await scratch.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
