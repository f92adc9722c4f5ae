import type { Kysely, Migration } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Access-control events (ACS, issue 12) and UKEY2 (doc 1 §3 Mobile client `ukey2`):
 * - `access_events`: one row per access decision a device reported (`identifier.used`,
 *   `access.denied`, `plate.read`, a lift call by identifier), written with its device event in
 *   the ingestion's transaction, so the ACS log is what doors decided, read as of that moment:
 *   the identifier and its holder are resolved once (ids kept while they exist, names as they
 *   were), and `granted` / `reason` are the door's. One row per device event (unique).
 * - `identifiers.mobile_client_id`: the mobile client a UKEY2 was issued to; it stays after the
 *   key is revoked (the client's own `ukey2` column holds only its usable key).
 */
export const accessEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('access_events')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('device_event_id', 'integer', (c) => c.notNull().references('device_events.id').onDelete('cascade'))
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      // The door's lock (relay); a lift's reader gives a floor instead.
      .addColumn('lock', 'integer')
      .addColumn('floor', 'integer')
      .addColumn('granted', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // What was presented, as a known identifier's type and stored value, or as the reader read it.
      .addColumn('identifier_id', 'integer', (c) => c.references('identifiers.id').onDelete('set null'))
      .addColumn('identifier_type', 'text')
      .addColumn('identifier_value', 'text', (c) => c.notNull())
      .addColumn('identifier_name', 'text')
      // owner | guest: the holder of a known identifier at the time.
      .addColumn('holder_type', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'text')
      .execute();
    await db.schema
      .createIndex('access_events_device_event_uq')
      .on('access_events')
      .column('device_event_id')
      .unique()
      .execute();
    // Newest first per project (the page's default sort), per device, per user and per identifier (its filters).
    await db.schema
      .createIndex('access_events_project_time_idx')
      .on('access_events')
      .columns(['project_id', 'occurred_at', 'id'])
      .execute();
    await db.schema
      .createIndex('access_events_device_time_idx')
      .on('access_events')
      .columns(['device_id', 'occurred_at', 'id'])
      .execute();
    await db.schema
      .createIndex('access_events_user_time_idx')
      .on('access_events')
      .columns(['user_id', 'occurred_at'])
      .execute();
    await db.schema
      .createIndex('access_events_identifier_time_idx')
      .on('access_events')
      .columns(['identifier_id', 'occurred_at'])
      .execute();

    await db.schema
      .alterTable('identifiers')
      .addColumn('mobile_client_id', 'integer', (c) => c.references('mobile_clients.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('identifiers').dropColumn('mobile_client_id').execute();
    await db.schema.dropTable('access_events').execute();
  },
};
