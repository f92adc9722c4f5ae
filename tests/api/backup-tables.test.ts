import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTables } from '../../server/db/introspect';
import { FILE_COLUMN, FILE_REFS, NOT_FILES } from '../../server/domain/backups/files';
import { buildLayout } from '../../server/domain/backups/layout';
import { BACKUP_TABLES, classOf } from '../../server/domain/backups/tables';
import { BACKUP_ENTITIES } from '../../src/contract/entities/backup';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/**
 * No table escapes backups (issue 14): every table of the migrated database is either a backup
 * entity's or excluded with a reason (server/domain/backups/tables.ts), every entity table has a
 * derivable project scope, and every column that names a file is carried or said not to be.
 */
describe.each(dialects)('backup table classes (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  it('names every table of the database as an entity or an exclusion', async () => {
    const tables = await readTables(t.db);
    expect(tables.length).toBeGreaterThan(40);
    const unnamed = tables.map((s) => s.name).filter((name) => classOf(name) === null);
    expect(unnamed).toEqual([]);
    const layout = buildLayout(tables);
    expect(layout.unclassified).toEqual([]);
    // Every entity a console can choose has tables here but amenities (their tables arrive with their area).
    const withTables = new Set(layout.tables.map((x) => x.entity));
    expect(BACKUP_ENTITIES.filter((e) => !withTables.has(e))).toEqual(
      tables.some((s) => s.name === 'amenities') ? [] : ['amenities'],
    );
    for (const [name, cls] of Object.entries(BACKUP_TABLES)) {
      if ('excluded' in cls) expect(cls.excluded.length, name).toBeGreaterThan(10);
    }
  });

  it('knows which project each backed-up row belongs to, and writes parents first', async () => {
    const layout = buildLayout(await readTables(t.db));
    const users = layout.byName.get('users');
    expect(users?.scope).toMatchObject({ kind: 'shared', via: 'memberships', column: 'user_id', references: 'id' });
    // A shared user is also the project's when a project's row names it (an access event's holder).
    const referencedBy = users?.scope.kind === 'shared' ? users.scope.referencedBy : [];
    expect(referencedBy).toContainEqual({ table: 'access_events', column: 'user_id' });
    expect(referencedBy).not.toContainEqual(expect.objectContaining({ table: 'memberships' }));
    expect(layout.byName.get('roles')?.scope).toEqual({ kind: 'column', column: 'project_id' });
    expect(layout.byName.get('device_alarm_log')?.scope).toMatchObject({ kind: 'parent', parent: 'device_alarms' });
    expect(layout.byName.get('user_domains')?.scope).toMatchObject({ kind: 'parent', parent: 'domains' });
    expect(layout.byName.get('projects')?.written).not.toContain('features');
    expect([...(layout.byName.get('domains')?.deferred ?? [])]).toContain('parent_id');
    const position = new Map(layout.tables.map((x, i) => [x.name, i]));
    for (const table of layout.tables) {
      for (const fk of table.foreignKeys) {
        if (fk.table === table.name || table.deferred.has(fk.column) || !position.has(fk.table)) continue;
        expect(position.get(fk.table), `${table.name}.${fk.column}`).toBeLessThan(position.get(table.name) as number);
      }
    }
  });

  it('carries every column that names a file, or says why not', async () => {
    const layout = buildLayout(await readTables(t.db));
    for (const table of layout.tables) {
      for (const column of table.columns) {
        if (!FILE_COLUMN.test(column)) continue;
        const carried = FILE_REFS.some((f) => f.table === table.name && f.column === column);
        expect(carried || `${table.name}.${column}` in NOT_FILES, `${table.name}.${column}`).toBe(true);
      }
    }
    for (const ref of FILE_REFS) expect(layout.byName.get(ref.table)?.columns, ref.kind).toContain(ref.column);
  });

  it('fails on a table a migration added without naming it', async () => {
    await sql`create table stray_things (id integer primary key, project_id integer references projects(id))`.execute(
      t.db,
    );
    try {
      const layout = buildLayout(await readTables(t.db));
      expect(layout.unclassified).toEqual(['stray_things']);
    } finally {
      await sql`drop table stray_things`.execute(t.db);
    }
  });
});
