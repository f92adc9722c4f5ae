import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/** The mail outbox (every message, whatever the mail mode) and one-time codes for invitations and recovery. */
export const mailRegistration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema
      .createTable('one_time_codes')
      .$call(idColumn(db))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('one_time_codes_user_idx').on('one_time_codes').columns(['user_id', 'kind']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('one_time_codes').execute();
    await db.schema.dropTable('outbox').execute();
  },
};
