import type { Kysely } from 'kysely';
import { slotsOfDay, weekDayOf } from '../../../src/contract/amenity-slots';
import type { AmenityState } from '../../../src/contract/entities/amenity';
import type { Database } from '../../db/schema';
import { timeSlotsOf } from './amenities';
import { slotWindow, toIso } from './slot-time';

/** What the state of a day needs of an amenity row. */
export interface AmenityDay {
  id: number;
  persons_min: number;
  persons_max: number;
  slot_duration: number;
  slot_items: string;
}

/**
 * State by date (7.7): the amenity's slots of that week day, each with the persons booked (the
 * counter rows) and the places left, its instants in `zone`, and whether it has ended. A slot a
 * daylight-saving change skips that day is not listed. One indexed read of at most a day's slots,
 * whatever the number of reservations.
 */
export async function amenityState(
  db: Kysely<Database>,
  amenity: AmenityDay,
  date: string,
  zone: string,
  now: number,
): Promise<AmenityState> {
  const week_day = weekDayOf(date);
  const rows = await db
    .selectFrom('amenity_slot_places')
    .select(['slot_from', 'booked'])
    .where('amenity_id', '=', amenity.id)
    .where('date', '=', date)
    .execute();
  const booked = new Map(rows.map((r) => [Number(r.slot_from), Number(r.booked)]));
  const max = Number(amenity.persons_max);
  const slots = slotsOfDay(timeSlotsOf(amenity), week_day).flatMap((slot) => {
    const window = slotWindow(date, slot, zone);
    if (window.end <= window.start) return [];
    const persons = booked.get(slot.from) ?? 0;
    return [
      {
        from: slot.from,
        to: slot.to,
        number_of_persons: persons,
        places_left: Math.max(0, max - persons),
        starts_at: toIso(window.start),
        ends_at: toIso(window.end),
        ended: window.end <= now,
      },
    ];
  });
  return {
    amenity_id: Number(amenity.id),
    date,
    week_day,
    time_zone: zone,
    number_of_persons: { min: Number(amenity.persons_min), max },
    slots,
  };
}
