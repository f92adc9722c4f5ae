import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { addDays, type SlotPiece, weekDayOf } from '../../../src/contract/amenity-slots';
import type { ReservationStatus } from '../../../src/contract/entities/amenity-reservation';
import { slotsText } from '../../domain/amenities/reservation-logs';
import { RESERVATION_QR_GUEST_TYPE } from '../../domain/amenities/reservation-qr';
import { statusAt, storedWindows, toIso, windowsOf } from '../../domain/amenities/slot-time';
import type { Database } from '../schema';
import type { DEMO_DEVICES } from './demo-devices';

/**
 * The demo's amenities (issue 13): a gym open around the clock (hour slots, 12 places) and a
 * meeting room on weekdays (half-hour slots, 10 places), for the whole residence, each opening a
 * lock of the Main door controller to its reservations' QR codes. Reservations in every status,
 * relative to the seed's time in UTC (the project names no zone): Rita in the gym now (in use),
 * the staff member between two gym hours (between slots; reserved at the first and last hour of
 * the day, which have no hour on both sides), Rita tomorrow evening (reserved) and tomorrow
 * morning (cancelled), yesterday evening (expired), and a meeting on the next weekday. Places,
 * QR identifiers (revoked for the finished ones) and logs are written as bookings would write them.
 */
export const DEMO_AMENITIES = {
  gym: {
    name: 'Gym',
    address: 'Building A, ground floor',
    description: 'Cardio machines and free weights, open around the clock. Book an hour; bring a towel.',
    persons: { min: 1, max: 12 },
    duration: 3600,
    items: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: 0, to: 86_400 }],
    door: ['Main door controller', 3],
  },
  meeting: {
    name: 'Meeting room',
    address: 'Building A, first floor',
    description: 'A table for ten and a screen. Weekdays 08:00–20:00, half-hour slots.',
    persons: { min: 1, max: 10 },
    duration: 1800,
    items: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 8 * 3600, to: 20 * 3600 }],
    door: ['Main door controller', 4],
  },
} as const satisfies Record<
  string,
  {
    name: string;
    address: string;
    description: string;
    persons: { min: number; max: number };
    duration: number;
    items: { days: string[]; from: number; to: number }[];
    door: [(typeof DEMO_DEVICES)[number]['name'], number];
  }
>;

const H = 3600;
const ZONE = 'UTC';

interface Plan {
  amenity: keyof typeof DEMO_AMENITIES;
  user: string;
  date: string;
  slots: SlotPiece[];
  persons: number;
  canceled?: boolean;
}

/** The demo's reservations at the seed's time: one in each status. */
function plan(now: Date): Plan[] {
  const today = now.toISOString().slice(0, 10);
  const hour = now.getUTCHours();
  const h = (n: number) => ({ from: n * H, to: (n + 1) * H });
  const between = hour >= 1 && hour <= 22 ? [h(hour - 1), h(hour + 1)] : [h((hour + 2) % 24)];
  let meetingDay = addDays(today, 1);
  while (['sat', 'sun'].includes(weekDayOf(meetingDay))) meetingDay = addDays(meetingDay, 1);
  return [
    { amenity: 'gym', user: 'resident', date: today, slots: [h(hour)], persons: 2 },
    { amenity: 'gym', user: 'staff', date: hour === 23 ? addDays(today, 1) : today, slots: between, persons: 1 },
    { amenity: 'gym', user: 'resident', date: addDays(today, 1), slots: [h(18), h(19)], persons: 1 },
    { amenity: 'gym', user: 'resident', date: addDays(today, 1), slots: [h(7)], persons: 1, canceled: true },
    { amenity: 'gym', user: 'resident', date: addDays(today, -1), slots: [h(19)], persons: 3 },
    {
      amenity: 'meeting',
      user: 'staff',
      date: meetingDay,
      slots: [
        { from: 10 * H, to: 10.5 * H },
        { from: 10.5 * H, to: 11 * H },
      ],
      persons: 6,
    },
  ];
}

export async function seedDemoAmenities(
  trx: Transaction<Database>,
  seed: {
    projectId: number;
    adminId: number;
    groups: Record<string, number>;
    users: Record<string, number>;
    root: string;
    now: Date;
  },
): Promise<Record<keyof typeof DEMO_AMENITIES, number>> {
  const stamp = seed.now.toISOString();
  const authored = { created_by_user_id: seed.adminId, created_at: stamp, updated_at: stamp };
  const ids = {} as Record<keyof typeof DEMO_AMENITIES, number>;
  for (const key of Object.keys(DEMO_AMENITIES) as (keyof typeof DEMO_AMENITIES)[]) {
    const a = DEMO_AMENITIES[key];
    const device = await trx
      .selectFrom('devices')
      .select('id')
      .where('project_id', '=', seed.projectId)
      .where('name', '=', a.door[0])
      .executeTakeFirstOrThrow();
    const rule = await trx
      .insertInto('access_rules')
      .values({
        project_id: seed.projectId,
        name: `${a.name} — reservations`,
        description: `The ${a.name.toLowerCase()} door, opened by reservations' QR codes during their slots.`,
        prohibition: 0,
        is_shareable: 0,
        ...authored,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('access_rule_devices')
      .values({ access_rule_id: rule.id, device_id: device.id, lock_number: a.door[1] })
      .execute();
    const amenity = await trx
      .insertInto('amenities')
      .values({
        project_id: seed.projectId,
        name: a.name,
        address: a.address,
        description: a.description,
        persons_min: a.persons.min,
        persons_max: a.persons.max,
        slot_duration: a.duration,
        slot_items: JSON.stringify(a.items),
        ...authored,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = Number(amenity.id);
    await trx
      .insertInto('amenity_domains')
      .values({ amenity_id: amenity.id, domain_id: seed.groups[seed.root]! })
      .execute();
    await trx.insertInto('amenity_access_rules').values({ amenity_id: amenity.id, access_rule_id: rule.id }).execute();
  }

  const names = new Map(
    (await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', Object.values(seed.users)).execute()).map(
      (u) => [Number(u.id), u.name],
    ),
  );
  const booked = new Map<
    string,
    { amenity_id: number; date: string; slot_from: number; slot_to: number; booked: number }
  >();
  for (const p of plan(seed.now)) {
    const a = DEMO_AMENITIES[p.amenity];
    const amenityId = ids[p.amenity];
    const holder = seed.users[p.user]!;
    const windows = windowsOf(p.date, p.slots, ZONE);
    const timed = statusAt(windows, seed.now.getTime());
    const status: ReservationStatus = p.canceled ? 'canceled' : timed.status;
    const live = status !== 'canceled' && status !== 'expired';
    const identifier = await trx
      .insertInto('identifiers')
      .values({
        project_id: seed.projectId,
        name: `${a.name} ${p.date}`,
        type: 'qr',
        value: `AR-${randomBytes(12).toString('hex').toUpperCase()}`,
        owner_type: 'guest',
        owner_id: holder,
        guest_type: RESERVATION_QR_GUEST_TYPE,
        period_active: 1,
        period_from: toIso(windows[0]!.start),
        period_to: toIso(windows.at(-1)!.end),
        valid_windows: storedWindows(windows),
        revoked_at: live ? null : stamp,
        ...authored,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reservation = await trx
      .insertInto('amenity_reservations')
      .values({
        project_id: seed.projectId,
        amenity_id: amenityId,
        date: p.date,
        user_id: holder,
        identifier_id: identifier.id,
        number_of_persons: p.persons,
        slots: JSON.stringify(p.slots),
        time_zone: ZONE,
        user_offset: null,
        windows: storedWindows(windows),
        starts_at: toIso(windows[0]!.start),
        ends_at: toIso(windows.at(-1)!.end),
        status,
        next_status_at: live && timed.next !== null ? toIso(timed.next) : null,
        canceled_at: p.canceled ? stamp : null,
        ...authored,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const by = names.get(seed.adminId) ?? 'Administrator';
    const info = { by, user: names.get(holder) ?? '', date: p.date, slots: slotsText(p.slots), persons: p.persons };
    const logs = [{ event: 'created', info }];
    if (p.canceled) logs.push({ event: 'canceled', info: { by } as never });
    else if (status !== 'reserved')
      logs.push({ event: 'status_changed', info: { from: 'reserved', to: status } as never });
    await trx
      .insertInto('amenity_reservation_logs')
      .values(
        logs.map((l) => ({
          reservation_id: reservation.id,
          event: l.event,
          info: JSON.stringify(l.info),
          created_by_user_id: l.event === 'status_changed' ? null : seed.adminId,
          created_at: stamp,
        })),
      )
      .execute();
    if (p.canceled) continue;
    for (const s of p.slots) {
      const key = `${amenityId}|${p.date}|${s.from}`;
      const row = booked.get(key) ?? {
        amenity_id: amenityId,
        date: p.date,
        slot_from: s.from,
        slot_to: s.to,
        booked: 0,
      };
      row.booked += p.persons;
      booked.set(key, row);
    }
  }
  const rows = [...booked.values()].map((r) => ({
    ...r,
    capacity: r.amenity_id === ids.gym ? DEMO_AMENITIES.gym.persons.max : DEMO_AMENITIES.meeting.persons.max,
  }));
  if (rows.length > 0) await trx.insertInto('amenity_slot_places').values(rows).execute();
  return ids;
}
