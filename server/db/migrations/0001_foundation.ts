import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Projects, users, roles, memberships, groups and refresh tokens.
 * Portable types only: integer, text, double precision. Booleans are integer
 * 0/1, JSON is text, timestamps are ISO text (server/db/schema.ts).
 */
export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    const id = idColumn(db);

    await db.schema
      .createTable('projects')
      .$call(id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('features', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();

    await db.schema
      .createTable('users')
      .$call(id)
      .addColumn('login', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('firstname', 'text')
      .addColumn('lastname', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('description', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('profile_phone', 'text')
      .addColumn('profile_address', 'text')
      .addColumn('use_phone_in_forward', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('country_code', 'text')
      .addColumn('time_zone', 'double precision', (c) => c.notNull().defaultTo(2))
      // The sip_numbers table arrives with the telephony issue, which adds the foreign key.
      .addColumn('sip_number_id', 'integer')
      .addColumn('identifier_format', 'text', (c) => c.notNull().defaultTo('dec'))
      .addColumn('time_format', 'text', (c) => c.notNull().defaultTo('DD-MM-YYYY HH:NN:SS'))
      .addColumn('is_app_popup_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('activated_at', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema.createIndex('users_email_idx').on('users').column('email').execute();

    await db.schema
      .createTable('roles')
      .$call(id)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('roles_project_name_unique', ['project_id', 'name'])
      .execute();

    await db.schema
      .createTable('role_available_roles')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('available_role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_available_roles_pk', ['role_id', 'available_role_id'])
      .execute();

    await db.schema
      .createTable('memberships')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      // A role in use cannot be dropped by accident: issue 3 moves users first ("gently").
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('restrict'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'project_id'])
      .execute();
    await db.schema
      .createIndex('memberships_project_idx')
      .on('memberships')
      .columns(['project_id', 'role_id'])
      .execute();

    await db.schema
      .createTable('domain_types')
      .$call(id)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('domain_types_project_type_unique', ['project_id', 'type'])
      .execute();

    await db.schema
      .createTable('domains')
      .$call(id)
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('domains.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('domain_type_id', 'integer', (c) => c.references('domain_types.id').onDelete('set null'))
      .addColumn('logic_address', 'text')
      .addColumn('lft', 'integer', (c) => c.notNull())
      .addColumn('rgt', 'integer', (c) => c.notNull())
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('domains_tree_idx').on('domains').columns(['project_id', 'lft', 'rgt']).execute();
    await db.schema.createIndex('domains_parent_idx').on('domains').column('parent_id').execute();

    await db.schema
      .createTable('user_domains')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_domains_pk', ['user_id', 'domain_id'])
      .execute();
    await db.schema.createIndex('user_domains_domain_idx').on('user_domains').column('domain_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .$call(id)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'refresh_tokens',
      'user_domains',
      'domains',
      'domain_types',
      'memberships',
      'role_available_roles',
      'roles',
      'users',
      'projects',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
