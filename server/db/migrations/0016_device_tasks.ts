import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Device tasks (issue 11, doc 1 §4): the durable queue of what the server tells devices, the
 * sync state of each device (versions of what it was sent and took, when it last converged)
 * and the items of a list the device could not take (`/devices/{id}/sync/errors`).
 * - one task at a time per device in id order: the head of a device is read by (device_id, id);
 * - a node claims due tasks by status and next attempt, and takes back a task whose lease ran
 *   out (its node died) by lease_until;
 * - the list of a project reads (project_id, id).
 */
export const deviceTasks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_tasks')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      // JSON: what the task sends beyond what is read at send time (an emergency alert's file and duration).
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_error_code', 'text')
      .addColumn('last_error_message', 'text')
      // The request id sent to the device; a new one only after the device refused the last.
      .addColumn('request_id', 'text')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('batch_id', 'text', (c) => c.notNull())
      // JSON array of { type, id, name }.
      .addColumn('entities', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_tasks_device_idx').on('device_tasks').columns(['device_id', 'id']).execute();
    await db.schema
      .createIndex('device_tasks_due_idx')
      .on('device_tasks')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.createIndex('device_tasks_lease_idx').on('device_tasks').columns(['lease_until']).execute();
    await db.schema.createIndex('device_tasks_project_idx').on('device_tasks').columns(['project_id', 'id']).execute();
    await db.schema.createIndex('device_tasks_batch_idx').on('device_tasks').columns(['batch_id']).execute();

    await db.schema
      .createTable('device_sync')
      .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
      // The version of the settings last sent, and the hash of those settings (a change makes a new version).
      .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('settings_hash', 'text')
      // The version the device answered it took (settings.apply or init).
      .addColumn('applied_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('identifiers_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('schedules_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('converged_at', 'text')
      .execute();

    await db.schema
      .createTable('device_sync_errors')
      .$call(idColumn(db))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('device_sync_errors_device_idx')
      .on('device_sync_errors')
      .columns(['device_id', 'list'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_sync_errors').execute();
    await db.schema.dropTable('device_sync').execute();
    await db.schema.dropTable('device_tasks').execute();
  },
};
