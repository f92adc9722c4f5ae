import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Backups (issue 14, docs/decisions.md › Backups): the catalogue of a project's stored archives.
 * The archive itself is a file under DATA_DIR/backups/<project>/ (`file`); a row is written
 * once its file is complete, so a make that dies half-way leaves no row. What the list shows is
 * kept here (the archive's header says the same in clear): name, entities, size, when and by
 * whom it was made, the schema and product versions. `origin` is `made`, `safety` (made by a
 * restore before it wrote: `restoring_*` name the backup restored) or `uploaded` (restore from
 * file).
 */
export const backups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('backups')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // JSON array of entity names.
      .addColumn('entities', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('made_at', 'text', (c) => c.notNull())
      .addColumn('made_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('made_by_name', 'text')
      .addColumn('schema_version', 'text', (c) => c.notNull())
      .addColumn('product_version', 'text', (c) => c.notNull())
      .addColumn('restoring_backup_id', 'integer', (c) => c.references('backups.id').onDelete('set null'))
      .addColumn('restoring_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('backups_project_idx').on('backups').columns(['project_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('backups').ifExists().execute();
  },
};
