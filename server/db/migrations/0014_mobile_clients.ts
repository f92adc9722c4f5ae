import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * The mobile clients of a user (section 3: id, platform, info, auth_at,
 * vendor_id, sip_number, ukey2): one row per installation of the mobile
 * companion app that logged in as the user in the project. The mobile app's
 * login writes them (not built yet: docs/decisions.md, "Users"); the console
 * reads them in the mobile client info dialog.
 */
export const mobileClients: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mobile_clients')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // ios | android
      .addColumn('platform', 'text', (c) => c.notNull())
      // What the app says of itself: device model, OS and app version.
      .addColumn('info', 'text')
      .addColumn('auth_at', 'text', (c) => c.notNull())
      // The vendor's installation id (identifierForVendor, Android ID): one row per installation.
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('sip_number_id', 'integer', (c) => c.references('sip_numbers.id').onDelete('set null'))
      .addColumn('ukey2', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mobile_clients_user_idx')
      .on('mobile_clients')
      .columns(['user_id', 'project_id'])
      .execute();
    await db.schema
      .createIndex('mobile_clients_vendor_idx')
      .on('mobile_clients')
      .columns(['project_id', 'vendor_id'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mobile_clients').execute();
  },
};
