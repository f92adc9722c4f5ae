import type { Kysely, Migration } from 'kysely';

/**
 * Users keep `elevator_access_disabled` (section 3): the users form has always
 * sent it, and the server dropped it. A field the form sends is a field the
 * server stores.
 */
export const userFlags: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('elevator_access_disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('elevator_access_disabled').execute();
  },
};
