import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { createDatabase } from '../../server/db/dialects';
import { readTables } from '../../server/db/introspect';
import { MIGRATIONS } from '../../server/db/migrations/registry';
import type { Database } from '../../server/db/schema';
import { insertRows, type Row } from '../../server/db/table-rows';
import { buildLayout } from '../../server/domain/backups/layout';
import { writeBackup } from '../../server/domain/backups/make';
import { BACKUP_TABLES } from '../../server/domain/backups/tables';
import { BACKUP_ENTITIES } from '../../src/contract/entities/backup';
import type { TestApp } from './api-app';
import { multipart } from './multipart';

/** The passphrase backups of the suites are made with. */
export const PASSPHRASE = 'correct horse battery staple';
export const ALL_ENTITIES = [...BACKUP_ENTITIES];

/** Names of the tables of the database that belong to a backup entity (optionally, to these entities). */
export async function entityTables(db: Kysely<Database>, entities?: readonly string[]): Promise<string[]> {
  const present = new Set((await readTables(db)).map((s) => s.name));
  return Object.entries(BACKUP_TABLES)
    .filter(([name, cls]) => present.has(name) && 'entity' in cls && (!entities || entities.includes(cls.entity)))
    .map(([name]) => name)
    .sort();
}

/**
 * Every row of these tables, of every project (`select *`, each row as JSON, sorted): what a
 * restore must give back is compared whole, and a restore of one project must leave the others
 * alone.
 */
export async function dumpTables(
  db: Kysely<Database>,
  tables: readonly string[],
  /** Only these columns of a table (an older schema's), when given. */
  only?: ReadonlyMap<string, readonly string[]>,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const kept = only?.get(table);
    out[table] = rows.rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row)
              .filter(([c]) => !kept || kept.includes(c))
              .sort(([a], [b]) => a.localeCompare(b)),
          ),
        ),
      )
      .sort();
  }
  return out;
}

/** POST /backups/make; fails the test unless it answers 200. */
export async function makeBackup(
  t: TestApp,
  token: string,
  body: { name: string; entities?: string[]; passphrase?: string; operation_id?: string },
) {
  const res = await t.call('POST', '/backups/make', {
    token,
    body: { entities: ALL_ENTITIES, passphrase: PASSPHRASE, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`make answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: number; name: string; size: number; origin: string };
}

/** POST /backups/restore with a file. */
export function uploadBackup(t: TestApp, token: string, data: Buffer, name = 'backup.zip') {
  const body = multipart({}, { file: { name, data } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v0/backups/restore',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
}

export const preview = (t: TestApp, token: string, id: number, passphrase = PASSPHRASE) =>
  t.call('POST', `/backups/${id}/preview`, { token, body: { passphrase } });
export const apply = (t: TestApp, token: string, id: number, passphrase = PASSPHRASE, operation_id?: string) =>
  t.call('POST', `/backups/${id}/apply`, { token, body: { passphrase, ...(operation_id ? { operation_id } : {}) } });

/** The stored archive's bytes (GET download). */
export async function download(t: TestApp, token: string, id: number): Promise<Buffer> {
  const res = await t.call('GET', `/backups/${id}/download`, { token });
  if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}: ${res.body}`);
  return res.rawPayload;
}

/**
 * An archive as a build whose schema ended at `version` made it: a scratch database migrated
 * only that far takes the live database's rows (the columns that version had), and the make
 * code writes it with that schema version. Answers the archive's bytes.
 */
export async function olderArchive(
  t: TestApp,
  input: { version: string; projectId: number; entities: string[]; name: string },
): Promise<{ archive: Buffer; columns: Map<string, string[]> }> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-older-'));
  const file = join(dir, 'old.sqlite');
  const scratch = createDatabase({ databaseUrl: null, sqliteFile: file });
  try {
    await sql`pragma foreign_keys = off`.execute(scratch);
    const migrator = new Migrator({ db: scratch, provider: { getMigrations: async () => MIGRATIONS } });
    const migrated = await migrator.migrateTo(input.version);
    if (migrated.error) throw migrated.error;
    const old = await readTables(scratch);
    for (const shape of old) {
      const cls = BACKUP_TABLES[shape.name];
      if (!cls || !('entity' in cls)) continue;
      const columns = shape.columns.map((c) => c.name);
      const live = await sql<Record<string, unknown>>`select ${sql.join(columns.map((c) => sql.ref(c)))}
        from ${sql.table(shape.name)}`.execute(t.db);
      await insertRows(
        scratch,
        shape.name,
        columns,
        live.rows.map((r) => columns.map((c) => (r[c] ?? null) as Row[number])),
      );
    }
    const archive = join(dir, 'old.zip');
    await writeBackup({
      db: scratch,
      target: { databaseUrl: null, sqliteFile: file },
      layout: buildLayout(old),
      dataDir: t.config.dataDir,
      projectId: input.projectId,
      entities: input.entities,
      path: archive,
      description: {
        name: input.name,
        entities: input.entities,
        made_at: new Date().toISOString(),
        made_by: { id: null, name: 'An older build' },
        project: { id: input.projectId, name: 'Riverside Residence' },
        schema_version: input.version,
        product_version: '0.0.9',
        restoring: null,
      },
      passphrase: PASSPHRASE,
      kdfCost: 'low',
      progress: () => undefined,
    });
    return { archive: readFileSync(archive), columns: new Map(old.map((x) => [x.name, x.columns.map((c) => c.name)])) };
  } finally {
    await scratch.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
