import { type Kysely, type Migration, sql } from 'kysely';
import { idColumn } from '../dialects';

/**
 * Amenities and reservations (issue 13, doc 1 §3):
 * - an amenity keeps its time slots as one JSON list (read whole, never queried by part), its
 *   persons bounds and the slot duration as columns; groups and access rules are join tables;
 * - a reservation stores the slots it booked (JSON), the instants they span in its zone
 *   (`windows`, `starts_at`, `ends_at`: computed once at booking, so daylight-saving changes and
 *   restarts cannot move them), its status and `next_status_at`, when time moves it next — the
 *   durable status scheduler reads that index;
 * - places are a counter per (amenity, date, slot) with the slot's capacity: a booking raises it
 *   with a conditional UPDATE inside its transaction, and a CHECK keeps it within 0..capacity,
 *   so no interleaving of bookings on either database over-commits a slot;
 * - a log row per change; an identifier may hold validity windows (a reservation's QR opens only
 *   during its slots).
 */
export const amenities: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('amenities')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('description', 'text')
      .addColumn('persons_min', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('persons_max', 'integer', (c) => c.notNull().defaultTo(500))
      .addColumn('slot_duration', 'integer', (c) => c.notNull().defaultTo(3600))
      .addColumn('slot_items', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('image_path', 'text')
      .addColumn('image_original_path', 'text')
      .addColumn('image_name', 'text')
      .addColumn('terms_path', 'text')
      .addColumn('terms_name', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('amenities_project_name_idx')
      .on('amenities')
      .columns(['project_id', 'name', 'id'])
      .execute();

    for (const [table, column, target] of [
      ['amenity_domains', 'domain_id', 'domains.id'],
      ['amenity_access_rules', 'access_rule_id', 'access_rules.id'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('amenity_id', 'integer', (c) => c.notNull().references('amenities.id').onDelete('cascade'))
        .addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'))
        .execute();
      await db.schema.createIndex(`${table}_uq`).on(table).columns(['amenity_id', column]).unique().execute();
      await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
    }

    await db.schema
      .createTable('amenity_reservations')
      .$call(idColumn(db))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('amenity_id', 'integer', (c) => c.notNull().references('amenities.id').onDelete('cascade'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('identifier_id', 'integer', (c) => c.references('identifiers.id').onDelete('set null'))
      .addColumn('number_of_persons', 'integer', (c) => c.notNull())
      .addColumn('slots', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('user_offset', 'integer')
      .addColumn('windows', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('next_status_at', 'text')
      .addColumn('canceled_at', 'text')
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('amenity_reservations_project_starts_idx')
      .on('amenity_reservations')
      .columns(['project_id', 'starts_at', 'id'])
      .execute();
    await db.schema
      .createIndex('amenity_reservations_amenity_date_idx')
      .on('amenity_reservations')
      .columns(['amenity_id', 'date'])
      .execute();
    await db.schema.createIndex('amenity_reservations_user_idx').on('amenity_reservations').column('user_id').execute();
    await db.schema
      .createIndex('amenity_reservations_identifier_idx')
      .on('amenity_reservations')
      .column('identifier_id')
      .execute();
    // The scheduler's queue: only reservations time will still move.
    await db.schema
      .createIndex('amenity_reservations_next_status_idx')
      .on('amenity_reservations')
      .column('next_status_at')
      .where(sql.ref('next_status_at'), 'is not', null)
      .execute();

    await db.schema
      .createTable('amenity_slot_places')
      .addColumn('amenity_id', 'integer', (c) => c.notNull().references('amenities.id').onDelete('cascade'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('slot_from', 'integer', (c) => c.notNull())
      .addColumn('slot_to', 'integer', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('amenity_slot_places_within', sql`booked >= 0 and booked <= capacity`)
      .execute();
    await db.schema
      .createIndex('amenity_slot_places_uq')
      .on('amenity_slot_places')
      .columns(['amenity_id', 'date', 'slot_from'])
      .unique()
      .execute();

    await db.schema
      .createTable('amenity_reservation_logs')
      .$call(idColumn(db))
      .addColumn('reservation_id', 'integer', (c) =>
        c.notNull().references('amenity_reservations.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('info', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('amenity_reservation_logs_reservation_idx')
      .on('amenity_reservation_logs')
      .columns(['reservation_id', 'id'])
      .execute();

    await db.schema.alterTable('identifiers').addColumn('valid_windows', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('identifiers').dropColumn('valid_windows').execute();
    for (const table of [
      'amenity_reservation_logs',
      'amenity_slot_places',
      'amenity_reservations',
      'amenity_access_rules',
      'amenity_domains',
      'amenities',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
