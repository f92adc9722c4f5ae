import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/** Self-registrations waiting for their e-mail to be confirmed (7.2). */
export const selfRegistration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('self_registrations')
      .$call(idColumn(db))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('self_registrations').execute();
  },
};
