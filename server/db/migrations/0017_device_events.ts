import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Device events and alarms (issue 11, doc 1 §3 Device alarm, §4 Alarm):
 * - `device_events`: what devices report (docs/device-protocol.md "Events"), stored once per
 *   `(device, device event id)`: a backlog replayed after an outage inserts nothing twice;
 *   `occurred_at` is the device's clock, `received_at` the server's; `data` the event's JSON;
 * - `device_alarms`: one row per alarm a device raised (`device_alarm_id` unique per device),
 *   state enabled | disabled | processed (§4), with who processed it and the comment;
 * - `device_alarm_log`: every state change of an alarm, with who and when (null user: the device).
 */
export const deviceEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_events')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .createIndex('device_events_device_event_uq')
      .on('device_events')
      .columns(['device_id', 'event_id'])
      .unique()
      .execute();
    // Newest first per project (the page's default sort), and per device (its filter).
    await db.schema
      .createIndex('device_events_project_time_idx')
      .on('device_events')
      .columns(['project_id', 'occurred_at', 'id'])
      .execute();
    await db.schema
      .createIndex('device_events_device_time_idx')
      .on('device_events')
      .columns(['device_id', 'occurred_at', 'id'])
      .execute();

    await db.schema
      .createTable('device_alarms')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('device_alarm_id', 'text', (c) => c.notNull())
      .addColumn('sensor', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('raised_at', 'text')
      .addColumn('cleared_at', 'text')
      .addColumn('processed_at', 'text')
      .addColumn('processed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('comment', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('device_alarms_device_alarm_uq')
      .on('device_alarms')
      .columns(['device_id', 'device_alarm_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('device_alarms_project_created_idx')
      .on('device_alarms')
      .columns(['project_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('device_alarm_log')
      .$call(idColumn(db))
      .addColumn('alarm_id', 'integer', (c) => c.notNull().references('device_alarms.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('comment', 'text')
      .execute();
    await db.schema
      .createIndex('device_alarm_log_alarm_idx')
      .on('device_alarm_log')
      .columns(['alarm_id', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_alarm_log').execute();
    await db.schema.dropTable('device_alarms').execute();
    await db.schema.dropTable('device_events').execute();
  },
};
