import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Groups (issue 3): group settings as JSON, domain types limited to a subtree,
 * the built-in addressless type `area` for projects created before it existed,
 * and indexes the hierarchy rules query on.
 */
export const groups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('domains')
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('domain_types')
      .addColumn('domain_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('domains_type_idx').on('domains').columns(['project_id', 'domain_type_id']).execute();
    await db.schema.createIndex('domains_created_by_idx').on('domains').column('created_by_user_id').execute();

    // Projects seeded before this migration get the sixth built-in type too.
    const now = new Date().toISOString();
    await sql`
      insert into domain_types (project_id, type, name, created_at)
      select p.id, 'area', 'Common area', ${now} from projects p
      where not exists (select 1 from domain_types t where t.project_id = p.id and t.type = 'area')
    `.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('domains_created_by_idx').ifExists().execute();
    await db.schema.dropIndex('domains_type_idx').ifExists().execute();
    await db.schema.alterTable('domain_types').dropColumn('domain_id').execute();
    await db.schema.alterTable('domains').dropColumn('settings').execute();
  },
};
