import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { manualClock } from '../support/clock';
import { multipart } from '../support/multipart';
import { addProjectUser, demoIds } from '../support/project-users';

/**
 * Amenities (issue 13, 7.7, section 5, 8.2): every field and rule of an amenity, the state by
 * date, the files, the scopes of 6.2 and the delete rule. Reservations are in amenity-reservations.test.ts.
 * Time stands still on Monday 2030-03-04 at 07:00 UTC (the project names no zone: UTC).
 */
const H = 3600;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
const MONDAY = '2030-03-04';

describe.each(dialects)('amenities (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let doorRule = 0;
  let cameraRule = 0;
  let prohibition = 0;
  const clock = manualClock(new Date(`${MONDAY}T07:00:00Z`));

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Gym',
    address: 'Building A, basement',
    description: 'Treadmills and weights',
    domains: [ids.groups['Building A']],
    access_rules: [doorRule],
    number_of_persons: { min: 1, max: 5 },
    time_slots: { duration: H, items: [{ days: WEEKDAYS, from: 8 * H, to: 12 * H }] },
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call('PUT', '/amenities', { token, body: body(over) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const rule = async (name: string, device: string, extra: Record<string, unknown> = {}) => {
    const found = await t.db.selectFrom('devices').select('id').where('name', '=', device).executeTakeFirstOrThrow();
    const res = await t.call('PUT', '/access-rules', {
      token: admin,
      body: { name, devices: [{ id: found.id, lock_number: 1 }], ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, clock });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    doorRule = await rule('Gym door', 'Main door controller');
    cameraRule = await rule('Only the plate camera', 'Parking plate camera');
    prohibition = await rule('No gym', 'Main door controller', { prohibition: true });
  });
  afterAll(() => t.close());

  it('creates an amenity with every field and answers it back', async () => {
    const id = await create();
    const res = await t.call('GET', `/amenities/${id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      name: 'Gym',
      address: 'Building A, basement',
      description: 'Treadmills and weights',
      domains: [{ id: ids.groups['Building A'], name: 'Building A' }],
      access_rules: [{ id: doorRule, name: 'Gym door' }],
      number_of_persons: { min: 1, max: 5 },
      time_slots: { duration: 3600, items: [{ days: WEEKDAYS, from: 28800, to: 43200 }] },
      files: { image: null, terms_of_use: null },
      created_by_user: { id: ids.users.admin },
    });
    const list = await t.call(
      'GET',
      `/amenities/items?filters=${encodeURIComponent(JSON.stringify([{ field: 'id', rule: 'equals', value: id }]))}`,
      {
        token: admin,
      },
    );
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([id]);
  });

  it('takes section 9 defaults: persons 1 to 500, slots of 3600 s', async () => {
    const res = await t.call('PUT', '/amenities', {
      token: admin,
      body: { ...body(), number_of_persons: undefined, time_slots: { items: [{ days: ['sat'], from: 0, to: 2 * H }] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = (await t.call('GET', `/amenities/${res.json().data}`, { token: admin })).json().data;
    expect(item.number_of_persons).toEqual({ min: 1, max: 500 });
    expect(item.time_slots.duration).toBe(3600);
  });

  it('refuses what section 5 refuses, as field errors', async () => {
    const refused = async (over: Record<string, unknown>) => {
      const res = await t.call('PUT', '/amenities', { token: admin, body: body(over) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect((await refused({ domains: [] })).errors).toMatchObject({ domains: { code: 'required' } });
    expect((await refused({ access_rules: [] })).errors).toMatchObject({ access_rules: { code: 'required' } });
    expect((await refused({ time_slots: { duration: H, items: [] } })).errors).toMatchObject({
      'time_slots.items': { code: 'required' },
    });
    const order = await refused({ time_slots: { duration: H, items: [{ days: ['mon'], from: 10 * H, to: 9 * H }] } });
    expect(order.errors).toMatchObject({ 'time_slots.items.0.to': { code: 'time_order' } });
    const multiple = await refused({
      time_slots: { duration: H, items: [{ days: ['mon'], from: 9 * H, to: 10 * H + 1800 }] },
    });
    expect(multiple.errors).toMatchObject({
      'time_slots.items.0.to': { code: 'duration_multiple', params: { duration: 60 } },
    });
    const noDay = await refused({ time_slots: { duration: H, items: [{ days: [], from: 9 * H, to: 10 * H }] } });
    expect(noDay.errors).toMatchObject({ 'time_slots.items.0.days': { code: 'required' } });
    const intersect = await refused({
      time_slots: {
        duration: H,
        items: [
          { days: ['mon', 'tue'], from: 9 * H, to: 12 * H },
          { days: ['wed'], from: 9 * H, to: 10 * H },
          { days: ['tue'], from: 11 * H, to: 13 * H },
        ],
      },
    });
    expect(intersect.errors).toEqual({ 'time_slots.items.2': { code: 'slots_intersect', params: { other: 1 } } });
    const persons = await refused({ number_of_persons: { min: 6, max: 5 } });
    expect(persons.errors).toMatchObject({ 'number_of_persons.max': { code: 'min_value', params: { min: 6 } } });
    expect((await refused({ number_of_persons: { min: 0, max: 5 } })).errors).toHaveProperty(['number_of_persons.min']);
    expect(
      (await refused({ time_slots: { duration: 100, items: [{ days: ['mon'], from: 0, to: 600 }] } })).errors,
    ).toHaveProperty(['time_slots.duration']);
  });

  it('needs doors that read QR codes, allowing rules, and groups and rules within reach', async () => {
    const camera = await t.call('PUT', '/amenities', { token: admin, body: body({ access_rules: [cameraRule] }) });
    expect(camera.statusCode).toBe(400);
    expect(camera.json()).toMatchObject({
      message: 'unsupported qr devices',
      errors: { access_rules: { code: 'qr_devices' } },
    });
    const prohibiting = await t.call('PUT', '/amenities', {
      token: admin,
      body: body({ access_rules: [prohibition] }),
    });
    expect(prohibiting.json().errors).toMatchObject({ access_rules: { code: 'invalid' } });
    const unknown = await t.call('PUT', '/amenities', { token: admin, body: body({ domains: [999999] }) });
    expect(unknown.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['domains'] });
    // An editor of their own groups may not give the amenity to the building above them.
    const unitEditor = await addProjectUser(t, {
      login: `amenity-unit-editor-${dialect}`,
      permissions: ['amenities.edit_domain', 'amenities.view_domain', 'access_rules.view_all'],
      group: 'Unit 101',
    });
    const above = await t.call('PUT', '/amenities', { token: unitEditor.token, body: body() });
    expect(above.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['domains'] });
    const own = await t.call('PUT', '/amenities', {
      token: unitEditor.token,
      body: body({ name: 'Unit 101 terrace', domains: [ids.groups['Unit 101']] }),
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('answers the state by date: each slot of the week day with persons booked and places left', async () => {
    const id = await create({
      time_slots: {
        duration: 1800,
        items: [
          { days: ['mon'], from: 6 * H, to: 8 * H },
          { days: ['mon', 'tue'], from: 9 * H, to: 10 * H },
        ],
      },
    });
    const res = await t.call('GET', `/amenities/${id}/state?date=${MONDAY}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json().data;
    expect(state).toMatchObject({ amenity_id: id, date: MONDAY, week_day: 'mon', time_zone: 'UTC' });
    expect(state.number_of_persons).toEqual({ min: 1, max: 5 });
    expect(state.slots.map((s: { from: number; to: number }) => [s.from / H, s.to / H])).toEqual([
      [6, 6.5],
      [6.5, 7],
      [7, 7.5],
      [7.5, 8],
      [9, 9.5],
      [9.5, 10],
    ]);
    expect(state.slots[0]).toEqual({
      from: 6 * H,
      to: 6.5 * H,
      number_of_persons: 0,
      places_left: 5,
      starts_at: `${MONDAY}T06:00:00.000Z`,
      ends_at: `${MONDAY}T06:30:00.000Z`,
      ended: true,
    });
    expect(state.slots[2].ended).toBe(false);
    const tuesday = (await t.call('GET', `/amenities/${id}/state?date=2030-03-05`, { token: admin })).json().data;
    expect(tuesday.slots).toHaveLength(2);
    const sunday = (await t.call('GET', `/amenities/${id}/state?date=2030-03-10`, { token: admin })).json().data;
    expect(sunday.slots).toEqual([]);
    // In the booking console's offset when the project names no zone: 09:00 at +03:00 is 06:00 UTC.
    const moscow = (
      await t.call('GET', `/amenities/${id}/state?date=2030-03-05&user_offset=180`, { token: admin })
    ).json().data;
    expect(moscow.time_zone).toBe('+03:00');
    expect(moscow.slots[0].starts_at).toBe('2030-03-05T06:00:00.000Z');
    expect((await t.call('GET', `/amenities/${id}/state?date=2030-02-30`, { token: admin })).statusCode).toBe(400);
  });

  it('edits an amenity: fields merge; places may not fall below what a coming slot holds', async () => {
    const id = await create({ name: 'Sauna' });
    const patch = await t.call('PATCH', `/amenities/${id}`, {
      token: admin,
      body: { name: 'Sauna & spa', address: null, number_of_persons: { min: 2, max: 4 } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data).toMatchObject({
      name: 'Sauna & spa',
      address: null,
      number_of_persons: { min: 2, max: 4 },
    });
    await t.db
      .insertInto('amenity_slot_places')
      .values({ amenity_id: id, date: '2030-03-05', slot_from: 8 * H, slot_to: 9 * H, capacity: 4, booked: 3 })
      .execute();
    const lower = await t.call('PATCH', `/amenities/${id}`, {
      token: admin,
      body: { number_of_persons: { min: 1, max: 2 } },
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors).toEqual({ 'number_of_persons.max': { code: 'min_value', params: { min: 3 } } });
    const raise = await t.call('PATCH', `/amenities/${id}`, {
      token: admin,
      body: { number_of_persons: { min: 1, max: 8 } },
    });
    expect(raise.statusCode).toBe(200);
    const places = await t.db
      .selectFrom('amenity_slot_places')
      .select('capacity')
      .where('amenity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(places.capacity).toBe(8);
  });

  it('stores the image (the original and a square for cards) and the terms of use, and serves them by name', async () => {
    const id = await create({ name: 'Pool' });
    const png = await new Jimp({ width: 40, height: 20, color: 0x3366ccff }).getBuffer('image/png');
    const image = multipart({}, { image: { name: 'pool.png', data: png } });
    const up = await t.call('POST', `/amenities/${id}/image`, {
      token: admin,
      body: image.payload,
      headers: image.headers,
    });
    expect(up.statusCode, up.body).toBe(200);
    const files = up.json().data.files;
    expect(files.image).toMatchObject({ action: 'none', file: null, name: 'pool.png' });
    expect(files.image.originalUrl).toMatch(/-original\.png$/);
    const served = await t.app.inject({ method: 'GET', url: files.image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const original = await t.app.inject({ method: 'GET', url: files.image.originalUrl });
    expect(original.rawPayload.equals(png)).toBe(true);

    const notPdf = multipart({}, { file: { name: 'terms.pdf', data: Buffer.from('hello') } });
    const bad = await t.call('POST', `/amenities/${id}/terms-of-use`, {
      token: admin,
      body: notPdf.payload,
      headers: notPdf.headers,
    });
    expect(bad.json().message).toBe('invalid file');
    const pdf = multipart({}, { file: { name: 'terms.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') } });
    const terms = await t.call('POST', `/amenities/${id}/terms-of-use`, {
      token: admin,
      body: pdf.payload,
      headers: pdf.headers,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const termsFile = terms.json().data.files.terms_of_use;
    expect(termsFile.name).toBe('terms.pdf');
    const doc = await t.app.inject({ method: 'GET', url: termsFile.url });
    expect(doc.headers['content-type']).toBe('application/pdf');

    const gone = await t.call('DELETE', `/amenities/${id}/image`, { token: admin });
    expect(gone.json().data.files.image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: files.image.url })).statusCode).toBe(404);
  });

  it('scopes amenities in SQL: a resident sees the amenities of their groups and above, not others', async () => {
    const building = await create({ name: 'Building A gym' });
    const unit = await create({ name: 'Unit 102 terrace', domains: [ids.groups['Unit 102']] });
    const resident = (await t.session('resident')).token;
    const seen = (await t.call('GET', '/amenities/items?size=100', { token: resident }))
      .json()
      .data.map((a: { id: number }) => a.id);
    expect(seen).toContain(building);
    expect(seen).not.toContain(unit);
    expect((await t.call('GET', `/amenities/${unit}`, { token: resident })).statusCode).toBe(404);
    // Viewing is not editing.
    expect((await t.call('PATCH', `/amenities/${building}`, { token: resident, body: { name: 'x' } })).statusCode).toBe(
      403,
    );
  });

  it('does not delete an amenity with reservations still to come or in use (8.2)', async () => {
    const id = await create({ name: 'Meeting room' });
    const resident = (await t.session('resident')).token;
    const booked = await t.call('PUT', '/amenities/reservations', {
      token: resident,
      body: { amenity_id: id, date: MONDAY, time_slots: [{ from: 9 * H, to: 10 * H }], number_of_persons: 1 },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const refused = await t.call('DELETE', `/amenities/${id}`, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('amenity has active reservations');
    const cancel = await t.call('POST', `/amenities/reservations/${booked.json().data}/cancel`, { token: resident });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await t.call('DELETE', `/amenities/${id}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/amenities/${id}`, { token: admin })).statusCode).toBe(404);
    // Its reservations and their QR went with it.
    const left = await t.db.selectFrom('amenity_reservations').select('id').where('amenity_id', '=', id).execute();
    expect(left).toEqual([]);
  });

  it('is gated by the amenity licence', async () => {
    await t.db
      .updateTable('projects')
      .set({ features: JSON.stringify({ amenity: false }) })
      .where('id', '=', ids.projectId)
      .execute();
    try {
      expect((await t.call('GET', '/amenities/items', { token: admin })).statusCode).toBe(403);
    } finally {
      await t.db
        .updateTable('projects')
        .set({
          features: JSON.stringify({
            sip: true,
            sip_trunks: true,
            web_dialer: true,
            mobile_app: true,
            ukey2: true,
            elevator: true,
            amenity: true,
            license_plate: true,
            guest_access: true,
          }),
        })
        .where('id', '=', ids.projectId)
        .execute();
    }
  });
});
