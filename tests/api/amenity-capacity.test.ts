import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { manualClock } from '../support/clock';
import { demoIds } from '../support/project-users';

/**
 * Capacity is a database guarantee (issue 13): bookings race for the last places and exactly as
 * many win as there are places, on SQLite and on PostgreSQL (a real pool of 10 connections, the
 * requests in flight together). Time stands on Monday 2030-03-04 07:00 UTC.
 */
const H = 3600;
const MONDAY = '2030-03-04';

describe.each(dialects)('amenity capacity (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let resident = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let doorRule = 0;

  const amenity = async (name: string, places: number) => {
    const res = await t.call('PUT', '/amenities', {
      token: admin,
      body: {
        name,
        domains: [ids.groups['Building A']],
        access_rules: [doorRule],
        number_of_persons: { min: 1, max: places },
        time_slots: { duration: H, items: [{ days: ['mon'], from: 8 * H, to: 12 * H }] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const book = (amenityId: number, slots: number[], persons: number) =>
    t.call('PUT', '/amenities/reservations', {
      token: resident,
      body: {
        amenity_id: amenityId,
        date: MONDAY,
        time_slots: slots.map((h) => ({ from: h * H, to: (h + 1) * H })),
        number_of_persons: persons,
      },
    });
  const booked = async (amenityId: number) => {
    const rows = await t.db
      .selectFrom('amenity_slot_places')
      .select(['slot_from', 'booked'])
      .where('amenity_id', '=', amenityId)
      .orderBy('slot_from')
      .execute();
    return Object.fromEntries(rows.map((r) => [Number(r.slot_from) / H, Number(r.booked)]));
  };
  /** Persons of the live reservations of each slot, counted from the reservations themselves. */
  const held = async (amenityId: number) => {
    const rows = await t.db
      .selectFrom('amenity_reservations')
      .select(['slots', 'number_of_persons'])
      .where('amenity_id', '=', amenityId)
      .where('status', 'in', ['reserved', 'active', 'inactive'])
      .execute();
    const out: Record<number, number> = {};
    for (const r of rows)
      for (const s of JSON.parse(r.slots) as { from: number }[])
        out[s.from / H] = (out[s.from / H] ?? 0) + Number(r.number_of_persons);
    return out;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, clock: manualClock(new Date(`${MONDAY}T07:00:00Z`)) });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    resident = (await t.session('resident')).token;
    ids = await demoIds(t);
    const door = await t.db
      .selectFrom('devices')
      .select('id')
      .where('name', '=', 'Main door controller')
      .executeTakeFirstOrThrow();
    doorRule = (
      await t.call('PUT', '/access-rules', { token: admin, body: { name: 'Race door', devices: [{ id: door.id }] } })
    ).json().data;
  });
  afterAll(() => t.close());

  it('50 concurrent bookings for the last 3 places: exactly 3 succeed, 47 get no free places', async () => {
    const gym = await amenity('Race gym', 10);
    expect((await book(gym, [9], 7)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(gym, [9], 1)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe('no free places');
    expect(await booked(gym)).toEqual({ 9: 10 });
    expect(await held(gym)).toEqual({ 9: 10 });
  });

  it('bookings of several slots in any order race without deadlock or over-booking', async () => {
    const room = await amenity('Race room', 6);
    // Each asks for 2 persons in two slots, half of them listing the slots the other way round.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => book(room, i % 2 === 0 ? [9, 10] : [10, 9], 2)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(await booked(room)).toEqual({ 9: 6, 10: 6 });
    expect(await held(room)).toEqual({ 9: 6, 10: 6 });
  });

  it('cancels racing bookings give places back exactly once', async () => {
    const room = await amenity('Race swap', 2);
    const first = await book(room, [11], 2);
    const id = first.json().data as number;
    const [cancel1, cancel2, ...bookings] = await Promise.all([
      t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident }),
      t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident }),
      ...Array.from({ length: 10 }, () => book(room, [11], 1)),
    ]);
    expect([cancel1?.statusCode, cancel2?.statusCode].sort()).toEqual([200, 409]);
    const won = bookings.filter((b) => b.statusCode === 200).length;
    expect(won).toBeLessThanOrEqual(2);
    const places = await booked(room);
    expect(places[11]).toBe(won);
    expect(await held(room)).toEqual(won === 0 ? {} : { 11: won });
  });
});
