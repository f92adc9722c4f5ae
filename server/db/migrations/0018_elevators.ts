import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Elevators (issue 11, doc 1 §3, §5): an elevator in a group, and its lift controllers.
 * - a controller belongs to one elevator only (§5, 8.2 "controller already linked to another
 *   elevator"): `elevator_devices.device_id` is unique, so two saves racing cannot both link it;
 * - deleting a device unlinks it, deleting an elevator its links; an elevator has a group (§5),
 *   so it goes with its group (as the group's numbers do); its devices stay, group-less;
 * - the list of a project sorts by name and filters by group: indexes for both.
 */
export const elevators: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('elevators')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('elevators_project_name_idx')
      .on('elevators')
      .columns(['project_id', 'name', 'id'])
      .execute();
    await db.schema.createIndex('elevators_domain_idx').on('elevators').column('domain_id').execute();

    await db.schema
      .createTable('elevator_devices')
      .addColumn('elevator_id', 'integer', (c) => c.notNull().references('elevators.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('elevator_devices_device_uq')
      .on('elevator_devices')
      .column('device_id')
      .unique()
      .execute();
    await db.schema.createIndex('elevator_devices_elevator_idx').on('elevator_devices').column('elevator_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('elevator_devices').execute();
    await db.schema.dropTable('elevators').execute();
  },
};
