import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Integrations with a video platform (issue 14, doc 1 §3 "Integration"): per project
 * (`domain_id` null) or per group. `url_key` is the server's address as compared (lower-cased,
 * no trailing slash): one integration per server in a project (8.2 "external video platform
 * server URL exists"). The password is kept to sign in to the platform and never answered;
 * the certificate file is kept as PEM text with its file name.
 */
export const integrations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('integrations')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('url_key', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text')
      .addColumn('password', 'text')
      .addColumn('certificate', 'text')
      .addColumn('certificate_name', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('integrations_url_uq')
      .on('integrations')
      .columns(['project_id', 'url_key'])
      .unique()
      .execute();
    await db.schema.createIndex('integrations_domain_idx').on('integrations').column('domain_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('integrations').execute();
  },
};
