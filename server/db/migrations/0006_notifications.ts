import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * The notification centre (issue 4): notifications stored per user and project
 * with what the type catalogue gave them when they were created, and each
 * user's subscription switches per project (section 3 plus `acs`).
 */
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notifications')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // A code of NOTIFICATION_TYPES (src/contract/entities/notification.ts).
      .addColumn('type', 'text', (c) => c.notNull())
      // JSON object: the producer's payload.
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      // normal | important
      .addColumn('significance', 'text', (c) => c.notNull().defaultTo('normal'))
      .addColumn('icon', 'text', (c) => c.notNull())
      .addColumn('colour', 'text', (c) => c.notNull())
      // A sound name, or null for silent.
      .addColumn('sound', 'text')
      // JSON { code: 'goto:page', params: { page, query } } or null.
      .addColumn('popup_action', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    // Every read is "this user in this project, newest first", often unread only.
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'project_id', 'id'])
      .execute();
    await db.schema
      .createIndex('notifications_unread_idx')
      .on('notifications')
      .columns(['user_id', 'project_id', 'read_at'])
      .execute();

    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('notify_about_offline_device', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('notify_about_device_task_failed', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('acs', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'project_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_settings').execute();
    await db.schema.dropTable('notifications').execute();
  },
};
