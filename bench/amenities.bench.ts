/**
 * Amenities (issue 13), on SQLite and, with TEST_DATABASE_URL, on PostgreSQL (its pool of 10):
 * - state by date: GET /amenities/{id}/state (through the HTTP layer) for a day of 48 half-hour
 *   slots holding 2,000 reservations (BENCH_AMENITY_DAY), p50/p95/p99 of BENCH_AMENITY_READS
 *   sequential reads (goal p99 ≤ 15 ms); beside it GET /profile (what any call costs on the machine
 *   at that moment) and the domain function alone;
 * - bookings per second on one amenity under 20 concurrent clients (BENCH_AMENITY_CLIENTS): every
 *   client books 1 person in a random slot until BENCH_AMENITY_ATTEMPTS attempts are made, more than
 *   the places, so the last ones race for the last places; then every slot's counter is checked
 *   against the persons of its live reservations and its capacity (zero over-booking). Measured
 *   through HTTP (auth, checks, JSON) and through the domain function (the transaction: counter,
 *   QR, log), beside a plain INSERT of the same number of reservation rows by the same 20 clients
 *   in the same run (no counter, no QR, no log: what the guarantee costs).
 */
import { performance } from 'node:perf_hooks';
import { createReservation } from '../server/domain/amenities/reservation-writes';
import { amenityState } from '../server/domain/amenities/state';
import type { Auth } from '../server/domain/auth/auth-context';
import { buildTestApp, SMALL_DEMO, type TestApp } from '../tests/support/api-app';
import { demoIds } from '../tests/support/project-users';
import { ms, percentiles } from './stats';

const DAY_RESERVATIONS = Number(process.env.BENCH_AMENITY_DAY ?? 2000);
const READS = Number(process.env.BENCH_AMENITY_READS ?? 500);
const CLIENTS = Number(process.env.BENCH_AMENITY_CLIENTS ?? 20);
const ATTEMPTS = Number(process.env.BENCH_AMENITY_ATTEMPTS ?? 1500);
const H = 3600;

const dialects = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Runs `total` jobs on `clients` concurrent workers; answers the elapsed milliseconds. */
async function concurrently(total: number, clients: number, job: (i: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++) await job(i);
    }),
  );
  return performance.now() - started;
}

async function makeAmenity(
  t: TestApp,
  admin: string,
  ids: Awaited<ReturnType<typeof demoIds>>,
  name: string,
  places: number,
  duration: number,
) {
  const door = await t.db
    .selectFrom('devices')
    .select('id')
    .where('name', '=', 'Main door controller')
    .executeTakeFirstOrThrow();
  const rule = await t.call('PUT', '/access-rules', {
    token: admin,
    body: { name: `${name} door`, devices: [{ id: door.id, lock_number: 1 }] },
  });
  const res = await t.call('PUT', '/amenities', {
    token: admin,
    body: {
      name,
      domains: [ids.groups['Building A']],
      access_rules: [rule.json().data],
      number_of_persons: { min: 1, max: places },
      time_slots: {
        duration,
        items: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: 0, to: 24 * H }],
      },
    },
  });
  if (res.statusCode !== 200) throw new Error(`amenity: ${res.body}`);
  return res.json().data as number;
}

/** Over-booked slots: a counter above its capacity, or not the persons of the slot's live reservations. */
async function overBooked(t: TestApp, amenityId: number) {
  const counters = await t.db
    .selectFrom('amenity_slot_places')
    .select(['date', 'slot_from', 'booked', 'capacity'])
    .where('amenity_id', '=', amenityId)
    .execute();
  const rows = await t.db
    .selectFrom('amenity_reservations')
    .select(['date', 'slots', 'number_of_persons'])
    .where('amenity_id', '=', amenityId)
    .where('status', 'in', ['reserved', 'active', 'inactive'])
    .execute();
  const held = new Map<string, number>();
  for (const r of rows)
    for (const s of JSON.parse(r.slots) as { from: number }[])
      held.set(`${r.date}|${s.from}`, (held.get(`${r.date}|${s.from}`) ?? 0) + Number(r.number_of_persons));
  let bad = 0;
  for (const c of counters) {
    const persons = held.get(`${c.date}|${c.slot_from}`) ?? 0;
    if (Number(c.booked) > Number(c.capacity) || Number(c.booked) !== persons) bad++;
  }
  return { bad, persons: [...held.values()].reduce((a, b) => a + b, 0) };
}

type Row = Record<string, string>;
const table: Row[] = [];

for (const dialect of dialects) {
  const t = await buildTestApp(dialect, SMALL_DEMO);
  try {
    const admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    const residentSession = await t.session('resident');
    const resident = residentSession.token;
    const ids = await demoIds(t);
    const auth: Auth = {
      userId: ids.users.resident as number,
      projectId: ids.projectId,
      projectName: 'Riverside Residence',
      familyId: 'bench',
      role: { id: 0, name: 'resident', isAdmin: false, permissions: ['amenity_reservations.edit_own'] },
    };

    // A busy day: 2,000 reservations of one or two half-hour slots (48 a day, 60 places each) on one amenity.
    const gym = await makeAmenity(t, admin, ids, 'Bench gym', 60, 1800);
    const day = inDays(7);
    const fill = performance.now();
    await concurrently(DAY_RESERVATIONS, CLIENTS, async (i) => {
      const slot = (i * 29) % 47;
      const slots = i % 3 === 0 ? [slot, slot + 1] : [slot];
      await createReservation(
        t.db,
        auth,
        {
          amenity_id: gym,
          date: day,
          time_slots: slots.map((s) => ({ from: s * 1800, to: (s + 1) * 1800 })),
          number_of_persons: 1,
          user_offset: null,
        },
        new Date(),
      );
    });
    const filled = performance.now() - fill;
    const count = await t.db
      .selectFrom('amenity_reservations')
      .select(t.db.fn.countAll<number>().as('n'))
      .where('amenity_id', '=', gym)
      .where('date', '=', day)
      .executeTakeFirstOrThrow();

    const reads: number[] = [];
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const res = await t.call('GET', `/amenities/${gym}/state?date=${day}`, { token: resident });
      reads.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const row = await t.db.selectFrom('amenities').selectAll().where('id', '=', gym).executeTakeFirstOrThrow();
    const direct: number[] = [];
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      await amenityState(t.db, row, day, 'UTC', Date.now());
      direct.push(performance.now() - started);
    }
    // What any authenticated call costs on this machine now (auth hook, one query, the answer's schema).
    const profile: number[] = [];
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      await t.call('GET', '/profile', { token: resident });
      profile.push(performance.now() - started);
    }
    const base = percentiles(profile);
    const http = percentiles(reads);
    const dom = percentiles(direct);
    table.push({
      dialect,
      measure: `state by date, ${Number(count.n)} reservations that day (HTTP)`,
      result: `p50 ${ms(http.p50)} · p95 ${ms(http.p95)} · p99 ${ms(http.p99)}`,
      goal: `p99 ≤ 15 ms: ${http.p99 <= 15 ? 'met' : 'NOT met'}`,
    });
    table.push({
      dialect,
      measure: 'beside it: GET /profile (HTTP, the cost of any call)',
      result: `p50 ${ms(base.p50)} · p95 ${ms(base.p95)} · p99 ${ms(base.p99)}`,
      goal: '',
    });
    table.push({
      dialect,
      measure: 'state by date (domain function)',
      result: `p50 ${ms(dom.p50)} · p95 ${ms(dom.p95)} · p99 ${ms(dom.p99)}`,
      goal: '',
    });
    table.push({
      dialect,
      measure: `filling that day: ${DAY_RESERVATIONS} bookings, ${CLIENTS} clients (domain)`,
      result: `${((DAY_RESERVATIONS / filled) * 1000).toFixed(0)} bookings/s`,
      goal: '',
    });

    // The race: 1 person each in one of 48 half-hour slots of 25 places (1,200 places), more attempts than places.
    for (const path of ['HTTP', 'domain'] as const) {
      const room = await makeAmenity(t, admin, ids, `Bench room ${path}`, 25, 1800);
      const date = inDays(8);
      let ok = 0;
      let full = 0;
      let other = 0;
      const elapsed = await concurrently(ATTEMPTS, CLIENTS, async (i) => {
        const slot = (i * 13) % 48;
        const body = {
          amenity_id: room,
          date,
          time_slots: [{ from: slot * 1800, to: (slot + 1) * 1800 }],
          number_of_persons: 1,
          user_offset: null,
        };
        if (path === 'HTTP') {
          const res = await t.call('PUT', '/amenities/reservations', { token: resident, body });
          if (res.statusCode === 200) ok++;
          else if (res.json().message === 'no free places') full++;
          else other++;
          return;
        }
        try {
          await createReservation(t.db, auth, body, new Date());
          ok++;
        } catch (error) {
          if ((error as { body?: { message?: string } }).body?.message === 'no free places') full++;
          else other++;
        }
      });
      const check = await overBooked(t, room);
      table.push({
        dialect,
        measure: `bookings on one amenity, ${CLIENTS} clients, ${ATTEMPTS} attempts for 1,200 places (${path})`,
        result: `${((ATTEMPTS / elapsed) * 1000).toFixed(0)} attempts/s: ${ok} booked, ${full} no free places, ${other} other`,
        goal: `over-booked slots: ${check.bad}${ok === 1200 && check.persons === 1200 ? '' : ' (places not all taken!)'}`,
      });
    }

    // Baseline: the same number of reservation rows, plainly inserted by the same 20 clients.
    const template = await t.db
      .selectFrom('amenity_reservations')
      .selectAll()
      .where('amenity_id', '=', gym)
      .limit(1)
      .executeTakeFirstOrThrow();
    const { id: _id, ...plain } = template;
    const elapsed = await concurrently(ATTEMPTS, CLIENTS, async () => {
      await t.db
        .insertInto('amenity_reservations')
        .values({ ...plain, identifier_id: null })
        .execute();
    });
    table.push({
      dialect,
      measure: `plain INSERT of ${ATTEMPTS} reservation rows, ${CLIENTS} clients (baseline)`,
      result: `${((ATTEMPTS / elapsed) * 1000).toFixed(0)} rows/s`,
      goal: '',
    });
  } finally {
    await t.close();
  }
}

console.log('\n| dialect | measure | result | goal / check |\n|---|---|---|---|');
for (const r of table) console.log(`| ${r.dialect} | ${r.measure} | ${r.result} | ${r.goal} |`);
