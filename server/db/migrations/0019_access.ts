import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Access management (issue 12, doc 1 §3): schedules (time rules) and the project's day calendar,
 * identifiers (guest keys are identifiers with owner_type guest), access rules with what they
 * join, and elevator access rules.
 * - a time rule's recurrence (repeat modes, custom modes, looper, day types) is one JSON
 *   `definition`: it is read whole by the evaluator and never queried by its parts;
 * - `project_days` marks dates as holiday or workday (a moved working day) for day types;
 * - identifiers are unique by (project, type, value) (8.2 "duplicate identifier with number and
 *   type"): a unique index, so two saves racing cannot both take a value; `key_uid` is the
 *   public id of a guest key (`/guest-access/{key_uid}`);
 * - the join tables go with either side (cascade); `created_by_user_id` is kept for the scope
 *   "a user sees what they created" and set null when the user goes.
 */
export const access: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('time_rules')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('definition', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('time_rules_project_name_idx')
      .on('time_rules')
      .columns(['project_id', 'name', 'id'])
      .execute();

    await db.schema
      .createTable('project_days')
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('day_type', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .execute();
    await db.schema
      .createIndex('project_days_uq')
      .on('project_days')
      .columns(['project_id', 'date'])
      .unique()
      .execute();

    await db.schema
      .createTable('identifiers')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text')
      .addColumn('description', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('owner_type', 'text', (c) => c.notNull().defaultTo('owner'))
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('guest_type', 'text')
      .addColumn('period_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('period_from', 'text')
      .addColumn('period_to', 'text')
      .addColumn('passes_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('passes_max_count', 'integer')
      .addColumn('passes_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_profile_identifier', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('revoked_at', 'text')
      .addColumn('photo_path', 'text')
      .addColumn('key_uid', 'text')
      .addColumn('key_message', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('identifiers_value_uq')
      .on('identifiers')
      .columns(['project_id', 'type', 'value'])
      .unique()
      .execute();
    await db.schema.createIndex('identifiers_key_uid_uq').on('identifiers').column('key_uid').unique().execute();
    await db.schema.createIndex('identifiers_owner_idx').on('identifiers').column('owner_id').execute();
    await db.schema.createIndex('identifiers_project_idx').on('identifiers').columns(['project_id', 'id']).execute();

    await db.schema
      .createTable('access_rules')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('prohibition', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_shareable', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('access_rules_project_name_idx')
      .on('access_rules')
      .columns(['project_id', 'name', 'id'])
      .execute();

    // What a rule joins: (rule, other) pairs, indexed both ways.
    const joins: [table: string, column: string, target: string, extra?: 'lock_number'][] = [
      ['access_rule_devices', 'device_id', 'devices.id', 'lock_number'],
      ['access_rule_time_rules', 'time_rule_id', 'time_rules.id'],
      ['access_rule_users', 'user_id', 'users.id'],
      ['access_rule_identifiers', 'identifier_id', 'identifiers.id'],
      ['access_rule_domains', 'domain_id', 'domains.id'],
    ];
    for (const [table, column, target, extra] of joins) {
      let create = db.schema
        .createTable(table)
        .addColumn('access_rule_id', 'integer', (c) => c.notNull().references('access_rules.id').onDelete('cascade'))
        .addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'));
      if (extra) create = create.addColumn(extra, 'integer', (c) => c.notNull().defaultTo(1));
      await create.execute();
      await db.schema
        .createIndex(`${table}_uq`)
        .on(table)
        .columns(extra ? ['access_rule_id', column, extra] : ['access_rule_id', column])
        .unique()
        .execute();
      await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
    }

    await db.schema
      .createTable('elevator_access_rules')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('elevator_access_rules_project_name_idx')
      .on('elevator_access_rules')
      .columns(['project_id', 'name', 'id'])
      .execute();
    await db.schema
      .createTable('elevator_access_rule_users')
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('elevator_access_rules.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('elevator_access_rule_users_uq')
      .on('elevator_access_rule_users')
      .columns(['rule_id', 'user_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('elevator_access_rule_users_user_idx')
      .on('elevator_access_rule_users')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('elevator_access_rule_floors')
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('elevator_access_rules.id').onDelete('cascade'))
      .addColumn('elevator_id', 'integer', (c) => c.notNull().references('elevators.id').onDelete('cascade'))
      .addColumn('floor', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('elevator_access_rule_floors_uq')
      .on('elevator_access_rule_floors')
      .columns(['rule_id', 'elevator_id', 'floor'])
      .unique()
      .execute();
    await db.schema
      .createIndex('elevator_access_rule_floors_elevator_idx')
      .on('elevator_access_rule_floors')
      .column('elevator_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'elevator_access_rule_floors',
      'elevator_access_rule_users',
      'elevator_access_rules',
      'access_rule_domains',
      'access_rule_identifiers',
      'access_rule_users',
      'access_rule_time_rules',
      'access_rule_devices',
      'access_rules',
      'identifiers',
      'project_days',
      'time_rules',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
