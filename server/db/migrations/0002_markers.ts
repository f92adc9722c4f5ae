import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/** Markers of a project and the link that applies them to users; the users' registration-link flag. */
export const markers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('markers')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('markers_project_name_unique', ['project_id', 'name'])
      .execute();
    await db.schema
      .createTable('user_markers')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('marker_id', 'integer', (c) => c.notNull().references('markers.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_markers_pk', ['user_id', 'marker_id'])
      .execute();
    await db.schema.createIndex('user_markers_marker_idx').on('user_markers').column('marker_id').execute();
    await db.schema
      .alterTable('users')
      .addColumn('send_registration_link', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('users_name_idx').on('users').column('name').execute();
    // Lists of a project's members start from its memberships.
    await db.schema
      .createIndex('memberships_project_user_idx')
      .on('memberships')
      .columns(['project_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('memberships_project_user_idx').execute();
    await db.schema.dropIndex('users_name_idx').execute();
    await db.schema.alterTable('users').dropColumn('send_registration_link').execute();
    await db.schema.dropTable('user_markers').execute();
    await db.schema.dropTable('markers').execute();
  },
};
