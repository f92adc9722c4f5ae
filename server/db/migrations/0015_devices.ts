import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf, idColumn } from '../dialects';

/**
 * Devices (issue 11, doc 1 §3): the rest of the device's fields on the table 0008 made
 * (management, location, the MQTT password, the internal subnetwork address), the floor
 * map of lift controllers, and the pool of devices waiting to be added (`raw/items`).
 * - a serial number (the device's MQTT login) is unique on the whole server: the broker
 *   is shared by every project and knows a device by it;
 * - the internal subnetwork address is unique within a project (§5);
 * - list filters (type, group) and sorts (name, created_at) of a project read indexes.
 */
export const devices: Migration = {
  async up(db: Kysely<unknown>) {
    // PostgreSQL `real` is 4 bytes (about 7 digits): coordinates need 8.
    const decimal = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
    await db.schema
      .alterTable('devices')
      .addColumn('get_logs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('devices')
      .addColumn('heartbeat', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('devices')
      .addColumn('realtime_logging', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('devices').addColumn('location_latitude', sql.raw(decimal)).execute();
    await db.schema.alterTable('devices').addColumn('location_longitude', sql.raw(decimal)).execute();
    // The broker checks a device's login (serial) against it.
    await db.schema.alterTable('devices').addColumn('mqtt_password', 'text').execute();
    // "building/unit/floor/apartment/device" of the address settings, null when the device has no number.
    await db.schema.alterTable('devices').addColumn('internal_address', 'text').execute();

    await db.schema.createIndex('devices_serial_number_uq').on('devices').column('serial_number').unique().execute();
    await db.schema
      .createIndex('devices_internal_address_uq')
      .on('devices')
      .columns(['project_id', 'internal_address'])
      .unique()
      .execute();
    await db.schema
      .createIndex('devices_project_name_idx')
      .on('devices')
      .columns(['project_id', 'name', 'id'])
      .execute();
    await db.schema
      .createIndex('devices_project_type_idx')
      .on('devices')
      .columns(['project_id', 'type', 'name'])
      .execute();
    await db.schema.createIndex('devices_domain_idx').on('devices').columns(['domain_id', 'name']).execute();
    await db.schema
      .createIndex('devices_project_created_idx')
      .on('devices')
      .columns(['project_id', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('sip_numbers_device_idx').on('sip_numbers').column('device_id').execute();

    await db.schema
      .createTable('device_floors')
      .$call(idColumn(db))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('floor', 'integer', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_panel_floor', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON arrays: apartment numbers (strings) and relay numbers (integers).
      .addColumn('apartments', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('ports', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createIndex('device_floors_device_floor_uq')
      .on('device_floors')
      .columns(['device_id', 'floor'])
      .unique()
      .execute();

    await db.schema
      .createTable('device_pool')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('serial_number', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('panel'))
      .addColumn('model', 'text', (c) => c.notNull().defaultTo('AA12'))
      .addColumn('ip_address', 'text')
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(80))
      .addColumn('protocol', 'text', (c) => c.notNull().defaultTo('mqtt'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('device_pool_serial_uq')
      .on('device_pool')
      .columns(['project_id', 'serial_number'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_pool').execute();
    await db.schema.dropTable('device_floors').execute();
    await db.schema.dropIndex('sip_numbers_device_idx').execute();
    for (const index of [
      'devices_serial_number_uq',
      'devices_internal_address_uq',
      'devices_project_name_idx',
      'devices_project_type_idx',
      'devices_domain_idx',
      'devices_project_created_idx',
    ]) {
      await db.schema.dropIndex(index).execute();
    }
    for (const column of [
      'get_logs',
      'heartbeat',
      'realtime_logging',
      'location_latitude',
      'location_longitude',
      'mqtt_password',
      'internal_address',
    ]) {
      await db.schema.alterTable('devices').dropColumn(column).execute();
    }
  },
};
