import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Project settings and mail (issue 14, doc 1 §3 "Project settings", "Mail template"):
 * - `project_settings`: one JSON object per project and section (general, sip, push,
 *   whitelabel, apple_wallet, mail, domain_forward_rules, …); a missing section or field
 *   means the default (the environment's where there is one), so later areas add sections
 *   without a migration;
 * - `installation_settings`: what serves every project of the installation (the device
 *   broker's TLS certificate and key), one JSON object per section;
 * - `mail_templates`: per project (`domain_id` null) or per group, one per type at each
 *   level: `domain_key` is the group's id or 0, so a unique index covers the project level
 *   too (NULLs are distinct in unique indexes on both dialects);
 * - the outbox keeps the HTML part of each message beside its text.
 */
export const projectSettings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('project_settings')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('section', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_settings_pk', ['project_id', 'section'])
      .execute();
    await db.schema
      .createTable('installation_settings')
      .addColumn('section', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mail_templates')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
      .addColumn('domain_key', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mail_type_id', 'integer', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_templates_uq')
      .on('mail_templates')
      .columns(['project_id', 'domain_key', 'mail_type_id'])
      .unique()
      .execute();
    await db.schema.createIndex('mail_templates_domain_idx').on('mail_templates').column('domain_id').execute();
    await db.schema.alterTable('outbox').addColumn('html', 'text').execute();
    await db.schema.createIndex('outbox_created_idx').on('outbox').columns(['project_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_created_idx').execute();
    await db.schema.alterTable('outbox').dropColumn('html').execute();
    await db.schema.dropTable('mail_templates').execute();
    await db.schema.dropTable('installation_settings').execute();
    await db.schema.dropTable('project_settings').execute();
  },
};
