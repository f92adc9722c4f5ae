import { type SqlBool, sql, type Transaction } from 'kysely';
import { clockOf } from '../../../src/contract/amenity-slots';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { conflict } from '../errors';

/**
 * Places are a database guarantee, not a check-then-insert (docs/decisions.md, Amenities). Each
 * (amenity, date, slot) has a counter row with the slot's capacity; a booking raises it with
 *
 *   UPDATE amenity_slot_places SET booked = booked + n
 *   WHERE amenity_id = ? AND date = ? AND slot_from = ? AND booked + n <= capacity
 *
 * inside the booking's transaction, and a row it does not change means no free places (the
 * transaction rolls back). The condition is evaluated against the row as it is when the UPDATE
 * takes it: PostgreSQL locks the row and, under READ COMMITTED, re-reads it after a concurrent
 * booking commits (so the second of two bookings for the last place finds it gone); SQLite has one
 * writer at a time. A CHECK (0 ≤ booked ≤ capacity) on the table stands behind both. Rows are
 * changed in one global order (amenity, date, slot), so two bookings never wait on each other in
 * a cycle.
 */
export interface PlaceChange {
  amenityId: number;
  date: string;
  from: number;
  to: number;
  /** Persons taken (positive) or given back (negative). */
  delta: number;
  /** Places of a new counter row (the amenity's `number_of_persons.max`). */
  capacity: number;
}

const order = (a: PlaceChange, b: PlaceChange) =>
  a.amenityId - b.amenityId || a.date.localeCompare(b.date) || a.from - b.from;

/** Merges changes of the same slot (an edit gives back and takes the same slot) and drops the zeros. */
export function netChanges(changes: readonly PlaceChange[]): PlaceChange[] {
  const byKey = new Map<string, PlaceChange>();
  for (const c of changes) {
    const key = `${c.amenityId}|${c.date}|${c.from}`;
    const seen = byKey.get(key);
    if (seen) seen.delta += c.delta;
    else byKey.set(key, { ...c });
  }
  return [...byKey.values()].filter((c) => c.delta !== 0).sort(order);
}

/**
 * Applies the changes in the transaction, in order; refuses with 409 `no free places` (naming the
 * slot) when a slot cannot take the persons asked for.
 */
export async function applyPlaces(trx: Transaction<Database>, changes: readonly PlaceChange[]): Promise<void> {
  for (const c of netChanges(changes)) {
    const key = (q: ReturnType<typeof updateOf>) =>
      q.where('amenity_id', '=', c.amenityId).where('date', '=', c.date).where('slot_from', '=', c.from);
    const updateOf = () => trx.updateTable('amenity_slot_places');
    if (c.delta < 0) {
      await key(updateOf().set({ booked: sql`booked + ${c.delta}` }))
        .where(sql<SqlBool>`booked + ${c.delta} >= 0`)
        .execute();
      continue;
    }
    await trx
      .insertInto('amenity_slot_places')
      .values({
        amenity_id: c.amenityId,
        date: c.date,
        slot_from: c.from,
        slot_to: c.to,
        capacity: c.capacity,
        booked: 0,
      })
      .onConflict((oc) => oc.columns(['amenity_id', 'date', 'slot_from']).doNothing())
      .execute();
    const taken = await key(updateOf().set({ booked: sql`booked + ${c.delta}` }))
      .where(sql<SqlBool>`booked + ${c.delta} <= capacity`)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      throw conflict(ERROR_CODES.noFreePlaces, { params: { from: clockOf(c.from), to: clockOf(c.to) } });
    }
  }
}
