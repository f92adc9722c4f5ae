import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Licences (issue 14, doc 1 §3, §4; doc 2 7.8, 8.2), docs/decisions.md "Licences":
 * - `licences`: the licences installed in a project. `payload` keeps the signed file's text (its
 *   signature is checked again whenever it is read into state), `data` the parsed licence; the
 *   issuer's `licence_id` is held once by the installation (unique), whichever project has it;
 * - `licence_settings`: per project, the notices (section 3 `notifications`), and beside the cached
 *   features (`projects.features`, derived from its licences) the counts and period they give and
 *   when they next change, so limits and gates read one row and no signature;
 * - `domain_licences`: a group's own licence settings (counts, flags, restrict period, notices);
 *   a group without a row inherits. It goes with its group;
 * - `licence_notices`: which notice went out last for which licence end, so modes repeat on time
 *   and `once` stays once.
 */
export const licences: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('licences')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('licence_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('customer', 'text')
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('installed_at', 'text', (c) => c.notNull())
      .addColumn('installed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('licences_licence_id_uq').on('licences').column('licence_id').unique().execute();
    await db.schema
      .createIndex('licences_project_idx')
      .on('licences')
      .columns(['project_id', 'installed_at'])
      .execute();

    await db.schema
      .createTable('licence_settings')
      .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
      .addColumn('notifications', 'text')
      .addColumn('features_until', 'text')
      .addColumn('summary', 'text')
      .execute();

    await db.schema
      .createTable('domain_licences')
      .addColumn('domain_id', 'integer', (c) => c.primaryKey().references('domains.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('domain_licences_project_idx').on('domain_licences').column('project_id').execute();

    await db.schema
      .createTable('licence_notices')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('episode', 'text', (c) => c.notNull())
      .addColumn('last_sent_at', 'text', (c) => c.notNull())
      .addColumn('sent_count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('licence_notices_uq')
      .on('licence_notices')
      .columns(['project_id', 'subject', 'episode'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('licence_notices').execute();
    await db.schema.dropTable('domain_licences').execute();
    await db.schema.dropTable('licence_settings').execute();
    await db.schema.dropTable('licences').execute();
  },
};
