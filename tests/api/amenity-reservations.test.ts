import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveDueReservations } from '../../server/domain/amenities/status-scheduler';
import { AMENITIES_TOPIC } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { manualClock } from '../support/clock';
import { addProjectUser, demoIds } from '../support/project-users';
import { connect, listening } from '../support/ws-client';

/**
 * Amenity reservations (issue 13, 7.7, §4, section 5, 8.2): every call and rule, the scopes of
 * 6.2, places taken and given back, the log, the QR for its holder, realtime day changes, and
 * statuses moved by time with a controlled clock (also across a restart and daylight saving).
 * Time starts on Monday 2030-03-04 at 07:00 UTC and only moves forward; the project names no
 * zone (UTC) until the daylight-saving tests name Europe/Berlin.
 */
const H = 3600;
const MONDAY = '2030-03-04';
const slot = (from: number, to = from + 1) => ({ from: from * H, to: to * H });

describe.each(dialects)('amenity reservations (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let resident = '';
  let concierge = '';
  let neighbour = { id: 0, token: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let gym = 0;
  let doorRule = 0;
  const clock = manualClock(new Date(`${MONDAY}T07:00:00Z`));

  const amenity = async (over: Record<string, unknown> = {}) => {
    const res = await t.call('PUT', '/amenities', {
      token: admin,
      body: {
        name: 'Gym',
        domains: [ids.groups['Building A']],
        access_rules: [doorRule],
        number_of_persons: { min: 1, max: 5 },
        time_slots: {
          duration: H,
          items: [
            { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 8 * H, to: 12 * H },
            { days: ['mon'], from: 14 * H, to: 16 * H },
          ],
        },
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const book = (token: string, body: Record<string, unknown>) =>
    t.call('PUT', '/amenities/reservations', {
      token,
      body: { amenity_id: gym, date: MONDAY, number_of_persons: 1, ...body },
    });
  const booked = async (token: string, body: Record<string, unknown>) => {
    const res = await book(token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const item = async (id: number, token = admin) => {
    const res = await t.call('GET', `/amenities/reservations/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const places = async (amenityId: number, date = MONDAY) =>
    Object.fromEntries(
      (await t.call('GET', `/amenities/${amenityId}/state?date=${date}`, { token: admin }))
        .json()
        .data.slots.map((s: { from: number; number_of_persons: number }) => [s.from / H, s.number_of_persons]),
    );
  const logs = async (id: number, token = admin) =>
    (await t.call('GET', `/amenities/reservations/${id}/logs`, { token })).json().data as {
      event: string;
      info: Record<string, unknown>;
      translated_info: string;
    }[];
  const tick = async (to: string) => {
    clock.advance((Date.parse(to) - clock.now().getTime()) / 1000);
    await t.app.reservationScheduler.tick();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, clock });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    resident = (await t.session('resident')).token;
    concierge = (await t.session('concierge')).token;
    ids = await demoIds(t);
    neighbour = await addProjectUser(t, {
      login: `amenity-neighbour-${dialect}`,
      permissions: ['amenities.view_domain', 'amenity_reservations.view_own', 'amenity_reservations.edit_own'],
      group: 'Unit 102',
    });
    const door = await t.db
      .selectFrom('devices')
      .select('id')
      .where('name', '=', 'Main door controller')
      .executeTakeFirstOrThrow();
    const rule = await t.call('PUT', '/access-rules', {
      token: admin,
      body: { name: 'Gym door', devices: [{ id: door.id, lock_number: 3 }] },
    });
    doorRule = rule.json().data;
    gym = await amenity();
  });
  afterAll(() => t.close());

  it('books places for oneself; the item answers every field and the day’s state', async () => {
    const id = await booked(resident, { time_slots: [slot(9), slot(8)], number_of_persons: 2 });
    const r = await item(id, resident);
    expect(r).toMatchObject({
      id,
      amenity_id: gym,
      amenity: { id: gym, name: 'Gym' },
      date: MONDAY,
      user_id: ids.users.resident,
      user: { id: ids.users.resident, name: 'Rita Resident', email: 'resident@example.com' },
      number_of_persons: 2,
      status: 'reserved',
      time_slots: [slot(8), slot(9)],
      user_offset: null,
      time_zone: 'UTC',
      starts_at: `${MONDAY}T08:00:00.000Z`,
      ends_at: `${MONDAY}T10:00:00.000Z`,
      canceled_at: null,
      created_by_user: { id: ids.users.resident, name: 'Rita Resident' },
    });
    expect(r.identifier).toMatchObject({ type: 'qr' });
    expect(r.identifier.value).toMatch(/^AR-[0-9A-F]{24}$/);
    expect(r.amenity_state.slots.slice(0, 2)).toMatchObject([
      { from: 8 * H, number_of_persons: 2, places_left: 3 },
      { from: 9 * H, number_of_persons: 2, places_left: 3 },
    ]);
    // The QR is the holder's own key, a guest-like identifier with windows of its slots.
    const qr = await t.db
      .selectFrom('identifiers')
      .selectAll()
      .where('id', '=', r.identifier.id)
      .executeTakeFirstOrThrow();
    expect(qr).toMatchObject({
      owner_type: 'guest',
      guest_type: 'amenity',
      owner_id: ids.users.resident,
      period_active: 1,
    });
    expect(JSON.parse(qr.valid_windows ?? '[]')).toEqual([
      { from: `${MONDAY}T08:00:00.000Z`, to: `${MONDAY}T10:00:00.000Z` },
    ]);
  });

  it('refuses each rule of section 5 and 8.2 with its message', async () => {
    const limits = await book(resident, { time_slots: [slot(10)], number_of_persons: 6 });
    expect(limits.statusCode).toBe(400);
    expect(limits.json()).toMatchObject({
      message: 'number of persons out of limits ({min}-{max})',
      params: { min: 1, max: 5 },
      errors: { number_of_persons: { code: 'range' } },
    });
    expect((await book(resident, { time_slots: [slot(10)], number_of_persons: 0 })).json().errors).toHaveProperty([
      'number_of_persons',
    ]);
    const noSlot = await book(resident, { time_slots: [] });
    expect(noSlot.json()).toMatchObject({ message: 'invalid data sent', errors: { time_slots: { code: 'required' } } });
    const mismatch = await book(resident, { time_slots: [slot(10), slot(7), slot(10)] });
    expect(mismatch.json()).toMatchObject({
      message: 'time slot mismatch',
      errors: { 'time_slots.1': { code: 'slot_mismatch' }, 'time_slots.2': { code: 'slot_mismatch' } },
    });
    expect((await book(resident, { date: '2030-03-05', time_slots: [slot(14)] })).json().message).toBe(
      'time slot mismatch',
    );
    const half = await book(resident, { time_slots: [{ from: 10 * H, to: 10.5 * H }] });
    expect(half.json().message).toBe('time slot mismatch');
    const past = await book(resident, { date: '2030-03-01', time_slots: [slot(10)] });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('date or time must be in the future');
    const far = await book(resident, { date: '2031-03-10', time_slots: [slot(10)] });
    expect(far.json().errors).toMatchObject({ date: { code: 'max_value' } });
    const unknown = await book(resident, { amenity_id: 999999, time_slots: [slot(10)] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('amenity not found');
    const unit102 = await amenity({ name: 'Unit 102 terrace', domains: [ids.groups['Unit 102']] });
    const notMine = await book(resident, { amenity_id: unit102, time_slots: [slot(10)] });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('amenity not allowed');
    const forOther = await book(resident, { user_id: neighbour.id, time_slots: [slot(10)] });
    expect(forOther.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['user'] });
  });

  it('books for others within reach; scopes lists and items in SQL', async () => {
    const forRita = await booked(concierge, { user_id: ids.users.resident, time_slots: [slot(11)] });
    const neighbours = await booked(neighbour.token, { time_slots: [slot(11)] });
    const mine = (await t.call('GET', '/amenities/reservations/items?size=100', { token: resident }))
      .json()
      .data.map((r: { id: number }) => r.id);
    expect(mine).toContain(forRita);
    expect(mine).not.toContain(neighbours);
    expect((await t.call('GET', `/amenities/reservations/${neighbours}`, { token: resident })).statusCode).toBe(404);
    expect((await t.call('POST', `/amenities/reservations/${neighbours}/cancel`, { token: resident })).statusCode).toBe(
      404,
    );
    const all = (await t.call('GET', '/amenities/reservations/items?size=100', { token: concierge }))
      .json()
      .data.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([forRita, neighbours]));
    const filtered = await t.call(
      'GET',
      `/amenities/reservations/items?filters=${encodeURIComponent(JSON.stringify([{ field: 'user', rule: 'has', value: [neighbour.id] }]))}`,
      { token: concierge },
    );
    expect(filtered.json().data.map((r: { id: number }) => r.id)).toEqual([neighbours]);
    // The list row carries no day state (the item does).
    expect(filtered.json().data[0]).not.toHaveProperty('amenity_state');
  });

  it('refuses a booking beyond the places left: 409 no free places, nothing taken', async () => {
    const room = await amenity({ name: 'Small room', number_of_persons: { min: 1, max: 3 } });
    await booked(resident, { amenity_id: room, time_slots: [slot(8)], number_of_persons: 2 });
    const full = await book(concierge, {
      amenity_id: room,
      user_id: ids.users.resident,
      time_slots: [slot(9), slot(8)],
      number_of_persons: 2,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: 'no free places', params: { from: '08:00', to: '09:00' } });
    // The 09:00 slot was taken first in the same transaction: rolled back with the rest.
    expect(await places(room)).toMatchObject({ 8: 2, 9: 0 });
    const reservations = await t.db
      .selectFrom('amenity_reservations')
      .select('id')
      .where('amenity_id', '=', room)
      .execute();
    expect(reservations).toHaveLength(1);
  });

  it('edits a reserved reservation: the places move, the QR follows; other edits are refused', async () => {
    const room = await amenity({ name: 'Edit room' });
    const id = await booked(resident, { amenity_id: room, time_slots: [slot(8)], number_of_persons: 2 });
    const before = await item(id, resident);
    const patch = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: resident,
      body: { time_slots: [slot(10), slot(11)], number_of_persons: 3 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data).toMatchObject({
      time_slots: [slot(10), slot(11)],
      number_of_persons: 3,
      status: 'reserved',
    });
    expect(await places(room)).toMatchObject({ 8: 0, 9: 0, 10: 3, 11: 3 });
    expect(patch.json().data.identifier.value).toBe(before.identifier.value);
    const qr = await t.db
      .selectFrom('identifiers')
      .select('period_to')
      .where('id', '=', before.identifier.id)
      .executeTakeFirstOrThrow();
    expect(qr.period_to).toBe(`${MONDAY}T12:00:00.000Z`);
    // The staff member's group is the residence, not Building A: the gym is not theirs.
    const staff = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: admin,
      body: { user_id: ids.users.staff },
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe('amenity not allowed');
    // A new holder gets a new value (the old one may have been shared).
    const handed = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: admin,
      body: { user_id: neighbour.id },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data.user).toMatchObject({ id: neighbour.id });
    expect(handed.json().data.identifier.value).not.toBe(before.identifier.value);
    const owner = await t.db
      .selectFrom('identifiers')
      .select('owner_id')
      .where('id', '=', before.identifier.id)
      .executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(neighbour.id);
    const empty = await t.call('PATCH', `/amenities/reservations/${id}`, { token: resident, body: {} });
    expect(empty.statusCode).toBe(400);
    // Rita made it but no longer holds it: she may not change a booking of someone she cannot book for.
    const notHers = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: resident,
      body: { number_of_persons: 1 },
    });
    expect(notHers.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['user'] });
    const tooMany = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: admin,
      body: { number_of_persons: 6 },
    });
    expect(tooMany.json().message).toBe('number of persons out of limits ({min}-{max})');
    expect(await places(room)).toMatchObject({ 10: 3, 11: 3 });
  });

  it('cancels: places given back, the QR revoked, logged; a final status refuses edit and cancel', async () => {
    const room = await amenity({ name: 'Cancel room' });
    const id = await booked(resident, { amenity_id: room, time_slots: [slot(9)], number_of_persons: 4 });
    const qrId = (await item(id)).identifier.id;
    const res = await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'canceled',
      identifier: null,
      canceled_at: `${MONDAY}T07:00:00.000Z`,
    });
    expect(await places(room)).toMatchObject({ 9: 0 });
    const revoked = await t.db
      .selectFrom('identifiers')
      .select('revoked_at')
      .where('id', '=', qrId)
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
    const again = await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('non-cancelable reservation status');
    const edit = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: resident,
      body: { number_of_persons: 1 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('non-editable reservation status');
    expect((await logs(id, resident)).map((l) => l.event)).toEqual(['canceled', 'created']);
  });

  it('keeps a log with translated info, in the reader’s language', async () => {
    const id = await booked(resident, { time_slots: [slot(11), slot(10)], number_of_persons: 2 });
    const [created] = await logs(id, resident);
    expect(created).toMatchObject({
      event: 'created',
      info: { by: 'Rita Resident', user: 'Rita Resident', date: MONDAY, slots: '10:00–12:00', persons: 2 },
      translated_info: `Rita Resident booked 10:00–12:00 on ${MONDAY} for Rita Resident, persons: 2`,
    });
    await t.db
      .updateTable('users')
      .set({ locale: 'ru' })
      .where('id', '=', ids.users.concierge as number)
      .execute();
    const [russian] = await logs(id, concierge);
    expect(russian?.translated_info).toBe(
      `Rita Resident: бронирование 10:00–12:00 на ${MONDAY} для Rita Resident, человек: 2`,
    );
    // Reading logs needs view_logs on top of seeing the reservation.
    const viewer = await addProjectUser(t, {
      login: `reservation-viewer-${dialect}`,
      permissions: ['amenity_reservations.view_all'],
      group: 'Building A',
    });
    expect((await t.call('GET', `/amenities/reservations/${id}/logs`, { token: viewer.token })).statusCode).toBe(403);
  });

  it('shows the QR to its holder and to those who may edit it, not to others', async () => {
    const id = await booked(resident, { time_slots: [slot(10)] });
    const own = await t.call('GET', `/amenities/reservations/${id}/qr`, { token: resident });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.call('GET', `/amenities/reservations/${id}/qr`, { token: concierge })).statusCode).toBe(200);
    const viewer = await addProjectUser(t, {
      login: `qr-viewer-${dialect}`,
      permissions: ['amenity_reservations.view_all'],
      group: 'Building A',
    });
    expect((await t.call('GET', `/amenities/reservations/${id}/qr`, { token: viewer.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/amenities/reservations/${id}/qr`, { token: neighbour.token })).statusCode).toBe(404);
    await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident });
    const gone = await t.call('GET', `/amenities/reservations/${id}/qr`, { token: resident });
    expect(gone.json().message).toBe('view identifier not available');
  });

  it('deletes only finished reservations, with their QR', async () => {
    const id = await booked(resident, { time_slots: [slot(10)] });
    const live = await t.call('DELETE', `/amenities/reservations/${id}`, { token: admin });
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('reservation not finished');
    const qrId = (await item(id)).identifier.id;
    await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: admin });
    expect((await t.call('DELETE', `/amenities/reservations/${id}`, { token: admin })).statusCode).toBe(200);
    expect(await t.db.selectFrom('identifiers').select('id').where('id', '=', qrId).execute()).toEqual([]);
    // A resident may not delete (6.2: delete is its own permission).
    const other = await booked(resident, { time_slots: [slot(10)] });
    expect((await t.call('DELETE', `/amenities/reservations/${other}`, { token: resident })).statusCode).toBe(403);
  });

  it('tells listeners when a day’s places change', async () => {
    const socket = await connect(await listening(t.app), resident);
    try {
      expect((await socket.subscribe(AMENITIES_TOPIC)).data.type).toBe('subscription.succeeded');
      const id = await booked(concierge, { user_id: ids.users.resident, time_slots: [slot(15, 16)] });
      const state = await socket.next((m) => m.data.type === 'AmenityStateChanged');
      expect(state.data).toMatchObject({ amenity_id: gym, date: MONDAY });
      const changed = await socket.next((m) => m.data.type === 'AmenityReservationChanged');
      expect(changed.data).toMatchObject({ reservation_id: id, amenity_id: gym, status: 'reserved' });
    } finally {
      socket.close();
    }
  });

  // ---- Time moves (these run last: the clock only goes forward) ----

  it('moves statuses by time: reserved → in use → between slots → in use → expired, revoking the QR', async () => {
    const room = await amenity({ name: 'Timed room' });
    const id = await booked(resident, { amenity_id: room, time_slots: [slot(8), slot(10)], number_of_persons: 1 });
    const qrId = (await item(id)).identifier.id;
    const status = async () => (await item(id)).status;
    expect(await status()).toBe('reserved');
    await tick(`${MONDAY}T08:00:00Z`);
    expect(await status()).toBe('active');
    // In use: not editable, still cancelable (not done here).
    const edit = await t.call('PATCH', `/amenities/reservations/${id}`, {
      token: resident,
      body: { number_of_persons: 2 },
    });
    expect(edit.json().message).toBe('non-editable reservation status');
    await tick(`${MONDAY}T09:00:00Z`);
    expect(await status()).toBe('inactive');
    await tick(`${MONDAY}T10:00:00Z`);
    expect(await status()).toBe('active');
    await tick(`${MONDAY}T11:00:00Z`);
    expect(await status()).toBe('expired');
    const qr = await t.db
      .selectFrom('identifiers')
      .select('revoked_at')
      .where('id', '=', qrId)
      .executeTakeFirstOrThrow();
    expect(qr.revoked_at).toBe(`${MONDAY}T11:00:00.000Z`);
    expect((await logs(id)).map((l) => l.translated_info)).toEqual([
      'Status changed from In use to Expired',
      'Status changed from Between slots to In use',
      'Status changed from In use to Between slots',
      'Status changed from Reserved to In use',
      expect.stringContaining('booked 08:00–09:00, 10:00–11:00'),
    ]);
    const cancel = await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident });
    expect(cancel.json().message).toBe('non-cancelable reservation status');
  });

  it('books a slot in progress (it is in use at once) but not one that has ended', async () => {
    const now = clock.now();
    expect(now.toISOString()).toBe(`${MONDAY}T11:00:00.000Z`);
    const late = await book(resident, { time_slots: [slot(10)] });
    expect(late.json().message).toBe('date or time must be in the future');
    await tick(`${MONDAY}T11:20:00Z`);
    const id = await booked(resident, { time_slots: [slot(11)] });
    expect((await item(id)).status).toBe('active');
    // Cancelling in use gives back the places of what is left.
    await t.call('POST', `/amenities/reservations/${id}/cancel`, { token: resident });
    expect((await item(id)).status).toBe('canceled');
  });

  it('catches up after a restart: a new scheduler moves what came due while it was down, straight to its status', async () => {
    const id = await booked(resident, { time_slots: [slot(14), slot(15)] });
    // The server is down from here until Tuesday: nothing ticks.
    clock.advance(24 * H);
    const changes = await moveDueReservations(t.app.ctx, clock.now());
    expect(changes.map((c) => c.reservations[0]?.id)).toContain(id);
    expect((await item(id)).status).toBe('expired');
    expect((await logs(id)).map((l) => l.info)).toEqual([
      { from: 'reserved', to: 'expired' },
      expect.objectContaining({ slots: '14:00–16:00' }),
    ]);
    // Nothing is due twice.
    expect(await moveDueReservations(t.app.ctx, clock.now())).toEqual([]);
  });

  it('reads slots in the project’s zone across daylight-saving changes', async () => {
    const zone = await t.call('PATCH', '/project/general', { token: admin, body: { time_zone: 'Europe/Berlin' } });
    expect(zone.statusCode, zone.body).toBe(200);
    try {
      const allDay = await amenity({
        name: 'Night room',
        time_slots: { duration: H, items: [{ days: ['sun'], from: 0, to: 6 * H }] },
      });
      // 2030-03-31: clocks go from 02:00 to 03:00 CET → CEST; the 02:00 slot does not exist.
      const spring = (await t.call('GET', `/amenities/${allDay}/state?date=2030-03-31`, { token: admin })).json().data;
      expect(spring.time_zone).toBe('Europe/Berlin');
      expect(spring.slots.map((s: { from: number; starts_at: string }) => [s.from / H, s.starts_at])).toEqual([
        [0, '2030-03-30T23:00:00.000Z'],
        [1, '2030-03-31T00:00:00.000Z'],
        [3, '2030-03-31T01:00:00.000Z'],
        [4, '2030-03-31T02:00:00.000Z'],
        [5, '2030-03-31T03:00:00.000Z'],
      ]);
      const skipped = await book(resident, { amenity_id: allDay, date: '2030-03-31', time_slots: [slot(2)] });
      expect(skipped.json().message).toBe('time slot mismatch');
      // 2030-10-27: 03:00 CEST goes back to 02:00 CET; the 02:00 slot lasts two hours.
      const id = await booked(resident, { amenity_id: allDay, date: '2030-10-27', time_slots: [slot(2), slot(1)] });
      expect(await item(id)).toMatchObject({
        time_zone: 'Europe/Berlin',
        starts_at: '2030-10-26T23:00:00.000Z',
        ends_at: '2030-10-27T02:00:00.000Z',
      });
      await tick('2030-10-27T01:30:00Z');
      expect((await item(id)).status).toBe('active');
      await tick('2030-10-27T02:00:00Z');
      expect((await item(id)).status).toBe('expired');
    } finally {
      await t.db.deleteFrom('project_settings').where('project_id', '=', ids.projectId).execute();
    }
  });
});
