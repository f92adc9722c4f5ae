import { Jimp } from 'jimp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IdentifierImportAnswerSchema,
  IdentifierListSchema,
  IdentifierSchema,
} from '../../src/contract/entities/identifier';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Identifiers (issue 12; doc 1 §3, §4, §9; doc 2 §6.2, §7.5, §8.2): CRUD with one stored form per
 * type, uniqueness by (type, value) as a field error even when two saves race, scopes (view_all or
 * one's own), revoke (final), QR, face photo, export (xlsx, csv), the import flow with duplicates,
 * and the guest PUT/PATCH.
 */
describe.each(dialects)('identifiers (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let clerk: { id: number; token: string };
  let porter: { id: number; token: string };
  let visibleRule = 0;
  let hiddenRule = 0;

  const put = (body: unknown, token = admin) => t.call('PUT', '/identifiers', { token, body });
  const create = async (body: Record<string, unknown>, token = admin) => {
    const res = await put({ owner_id: ids.users.resident, ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const item = async (id: number, token = admin) => {
    const res = await t.call('GET', `/identifiers/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(IdentifierSchema, res.json().data);
  };
  const values = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/identifiers/items?${q({ sort: 'value', size: 100, ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(IdentifierListSchema, res.json()).data.map((i) => i.value);
  };
  const upload = (path: string, token: string, name: string, data: Buffer, field = 'file') => {
    const body = multipart({}, { [field]: { name, data } });
    return t.app.inject({
      method: 'POST',
      url: `/api/v0${path}`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };
  const addRule = async (name: string, shareable: boolean, by: number) => {
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto('access_rules')
      .values({
        project_id: ids.projectId,
        name,
        is_shareable: shareable ? 1 : 0,
        created_by_user_id: by,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    clerk = await addProjectUser(t, {
      login: 'id-clerk',
      permissions: ['identifiers.create', 'identifiers.edit', 'identifiers.delete', 'users.view_all'],
      group: 'Building A',
    });
    porter = await addProjectUser(t, {
      login: 'id-porter',
      permissions: [
        'identifiers.view_all',
        'identifiers.import',
        'identifiers.export',
        'identifiers.create_guest',
        'identifiers.create',
        'users.view_all',
      ],
      group: 'Building A',
    });
    visibleRule = await addRule('Front door', true, ids.users.admin as number);
    hiddenRule = await addRule('Server room', false, ids.users.admin as number);
  });
  afterAll(() => t.close());

  it('stores a card typed in hex as its decimal number and reads every §3 field back', async () => {
    const id = await create({
      name: 'Blue card',
      description: 'Lobby',
      value: '0x00A1B2',
      value_format: 'hex',
      period_restrict: { active: true, from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T23:00:00.000Z' },
      passes_restrict: { active: true, max_count: 10 },
      access_rules: [visibleRule],
    });
    const card = await item(id);
    expect(card).toMatchObject({
      name: 'Blue card',
      description: 'Lobby',
      is_active: true,
      type: 'card',
      value: '41394',
      value_hex: 'A1B2',
      owner_type: 'owner',
      owner_id: ids.users.resident,
      owner: { id: ids.users.resident, name: expect.any(String) },
      period_restrict: { active: true, from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T23:00:00.000Z' },
      passes_restrict: { active: true, max_count: 10, passes_count: 0 },
      access_rules: [{ id: visibleRule, name: 'Front door' }],
      is_profile_identifier: false,
      revoked: false,
      revoked_at: null,
      photo_url: null,
    });
  });

  it("has the demo's cards, codes and plate, and the QR codes of the resident's reservations", async () => {
    const demo = JSON.stringify([{ field: 'owner', rule: 'has', value: [ids.users.resident] }]);
    const res = await t.call('GET', `/identifiers/items?${q({ sort: 'value', filters: demo })}`, { token: admin });
    const rows = v.parse(IdentifierListSchema, res.json()).data.map((i) => `${i.type}:${i.value}:${i.value_hex}`);
    // Other tests of this file add the resident's identifiers later; this one runs after the first.
    expect(rows.filter((r) => !r.startsWith('qr:'))).toEqual([
      'card:3735928559:DEADBEEF',
      'card:41394:A1B2',
      'code:482913:null',
      'plate:GH204K:null',
    ]);
    // The demo books the gym four times for the resident: each booking holds its own QR (Amenities).
    const reservationQrs = rows.filter((r) => r.startsWith('qr:'));
    expect(reservationQrs).toHaveLength(4);
    for (const qr of reservationQrs) expect(qr).toMatch(/^qr:AR-[0-9A-F]{24}:null$/);
  });

  it('keeps one form per type: codes keep leading zeros, plates lose spaces and case', async () => {
    expect((await item(await create({ type: 'code', value: ' 0042 ' }))).value).toBe('0042');
    expect((await item(await create({ type: 'plate', value: 'ab 123-c' }))).value).toBe('AB123C');
    const bad = await put({ type: 'card', value: '12G', value_format: 'hex', owner_id: ids.users.resident });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ value: { code: 'number_or_hex' } });
    const url = await put({ type: 'url', value: 'not a url', owner_id: ids.users.resident });
    expect(url.json().errors).toEqual({ value: { code: 'invalid' } });
  });

  it('refuses the same card in another spelling as a duplicate, also when two saves race', async () => {
    await create({ value: '255' });
    const again = await put({ value: 'ff', value_format: 'hex', owner_id: ids.users.resident });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'duplicate identifier with number and type',
      errors: { value: { code: 'not_unique', params: { type: 'card', value: '255' } } },
    });
    // The same value as another type is another identifier.
    await create({ type: 'ukey', value: '255' });
    const race = await Promise.all([1, 2, 3].map(() => put({ value: '77777', owner_id: ids.users.resident })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of race.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toBe('duplicate identifier with number and type');
    }
  });

  it('checks the owner, the periods, the passes and the access rules', async () => {
    const noOwner = await put({ value: '5001' });
    expect(noOwner.json().errors).toEqual({ owner_id: { code: 'required' } });
    const order = await put({
      value: '5002',
      owner_id: ids.users.resident,
      period_restrict: { active: true, from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expect(order.json().errors).toEqual({ 'period_restrict.to': { code: 'time_order' } });
    const passes = await put({ value: '5003', owner_id: ids.users.resident, passes_restrict: { active: true } });
    expect(passes.json().errors).toEqual({ 'passes_restrict.max_count': { code: 'required' } });
    const hidden = await put({ value: '5004', owner_id: clerk.id, access_rules: [hiddenRule] }, clerk.token);
    expect(hidden.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['access_rules'] });
    const stranger = await put({ value: '5005', owner_id: 999_999 });
    expect(stranger.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['owner'] });
  });

  it('lists by type, owner and revoked; without view_all a user sees their own and what they created', async () => {
    const mine = await create({ value: '9001', owner_id: clerk.id }, admin);
    const made = await create({ type: 'code', value: '9002' }, clerk.token);
    const other = await create({ type: 'code', value: '9003' });
    await t.call('POST', `/identifiers/${other}/revoke`, { token: admin });
    expect(await values({}, clerk.token)).toEqual(['9001', '9002']);
    expect((await t.call('GET', `/identifiers/${other}`, { token: clerk.token })).statusCode).toBe(404);
    const code = JSON.stringify([
      { field: 'type', rule: 'equals', value: 'code' },
      { field: 'value', rule: 'begins_with', value: '900' },
    ]);
    expect(await values({ filters: code })).toEqual(['9002', '9003']);
    // The demo's finished reservations hold revoked QR codes too: only this test's codes are looked at.
    const revoked = JSON.stringify([
      { field: 'revoked', rule: 'equals', value: true },
      { field: 'value', rule: 'begins_with', value: '900' },
    ]);
    expect(await values({ filters: revoked })).toEqual(['9003']);
    const owner = JSON.stringify([{ field: 'owner', rule: 'has', value: [clerk.id] }]);
    expect(await values({ filters: owner })).toEqual(['9001']);
    expect(mine).toBeGreaterThan(0);
    expect(made).toBeGreaterThan(0);
  });

  it('revokes for good: a PATCH cannot un-revoke, a second revoke keeps the first time', async () => {
    const id = await create({ value: '6001', access_rules: [visibleRule, hiddenRule] });
    const first = await t.call('POST', `/identifiers/${id}/revoke`, { token: admin });
    expect(first.statusCode, first.body).toBe(200);
    const at = first.json().data.revoked_at as string;
    expect(first.json().data.revoked).toBe(true);
    const patched = await t.call('PATCH', `/identifiers/${id}`, {
      token: admin,
      body: { revoked: false, name: 'Old' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ name: 'Old', revoked: true, revoked_at: at });
    const again = await t.call('POST', `/identifiers/${id}/revoke`, { token: admin });
    expect(again.json().data.revoked_at).toBe(at);
  });

  it('keeps the links to rules the editor cannot see when they edit the rules', async () => {
    const id = await create({ value: '6101', owner_id: clerk.id, access_rules: [visibleRule, hiddenRule] });
    const res = await t.call('PATCH', `/identifiers/${id}`, { token: clerk.token, body: { access_rules: [] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.access_rules).toEqual([]);
    expect((await item(id)).access_rules).toEqual([{ id: hiddenRule, name: 'Server room' }]);
  });

  it('refuses to delete a UKEY2 and deletes the others', async () => {
    const key = await create({ type: 'ukey2', value: '7001' });
    const res = await t.call('DELETE', `/identifiers/${key}`, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('ukey2 cannot be deleted');
    const card = await create({ value: '7002' });
    expect((await t.call('DELETE', `/identifiers/${card}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/identifiers/${card}`, { token: admin })).statusCode).toBe(404);
  });

  it('draws a QR PNG of a QR value and refuses one for a card or a revoked QR', async () => {
    const qr = await create({ type: 'qr', value: 'GATEHOUSE-QR-1' });
    const res = await t.call('GET', `/identifiers/${qr}/qr`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = await Jimp.read(res.rawPayload);
    expect(png.width).toBe(png.height);
    // A 14-character value is a version 1 code: 21 modules and a 2-module white margin (25 across).
    // The corner pixel is margin (white); half a module inside the margin is the finder's dark ring.
    const module = png.width / 25;
    const rgb = (x: number) => png.getPixelColor(Math.floor(x), Math.floor(x)) >>> 8;
    expect(rgb(1)).toBe(0xffffff);
    expect(rgb(module * 2.5)).toBe(0);
    const card = await create({ value: '8001' });
    const refused = await t.call('GET', `/identifiers/${card}/qr`, { token: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('view identifier not available');
    await t.call('POST', `/identifiers/${qr}/revoke`, { token: admin });
    expect((await t.call('GET', `/identifiers/${qr}/qr`, { token: admin })).json().message).toBe(
      'view identifier not available',
    );
  });

  it('stores a face photo as a square PNG and refuses a photo for a card', async () => {
    const face = await create({ type: 'face' });
    expect((await item(face)).value).toMatch(/^face-[0-9a-f]{16}$/);
    const image = await new Jimp({ width: 300, height: 200, color: 0x00ff00ff }).getBuffer('image/png');
    const res = await upload(`/identifiers/${face}/photo`, admin, 'me.png', image, 'image');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.photo_url as string;
    expect(url).toMatch(/^\/api\/v0\/uploads\/identifiers\/\d+-[0-9a-f]{16}\.png$/);
    const stored = await t.app.inject({ method: 'GET', url });
    expect(stored.statusCode).toBe(200);
    const photo = await Jimp.read(stored.rawPayload);
    expect([photo.width, photo.height]).toEqual([512, 512]);
    const card = await create({ value: '8101' });
    expect((await upload(`/identifiers/${card}/photo`, admin, 'me.png', image, 'image')).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV and as an Excel book', async () => {
    const filters = JSON.stringify([
      { field: 'type', rule: 'equals', value: 'plate' },
      { field: 'value', rule: 'begins_with', value: 'AB' },
    ]);
    const csv = await t.call('GET', `/identifiers/export?${q({ format: 'csv', filters })}`, { token: porter.token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'name,type,value,format,owner,description,is_active,period_from,period_to,passes_max_count',
      ',plate,AB123C,dec,resident,,true,,,',
    ]);
    const xlsx = await t.call('GET', `/identifiers/export?${q({ format: 'xlsx', filters })}`, { token: porter.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
    // Export is its own permission.
    expect((await t.call('GET', '/identifiers/export', { token: clerk.token })).statusCode).toBe(403);
  });

  it('imports a file with a duplicate: nothing is saved until the user chooses, then the report', async () => {
    await create({ name: 'Existing', value: '3001' });
    const file = Buffer.from(
      [
        'name,type,value,format,owner,description,is_active,period_from,period_to,passes_max_count',
        'New card,card,BB8,hex,resident,,true,,,',
        'Clash,card,3001,dec,resident,,true,,,5',
        'Bad,card,12x,dec,resident,,true,,,',
        'Nobody,card,3002,dec,no-such-user,,true,,,',
      ].join('\r\n'),
    );
    const res = await upload('/identifiers/import', porter.token, 'ids.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    const answer = v.parse(IdentifierImportAnswerSchema, res.json().data);
    if (answer.status !== 'duplicates') throw new Error('expected duplicates');
    expect(answer.rows).toBe(4);
    expect(answer.duplicates).toEqual([
      {
        row: 3,
        type: 'card',
        value: '3001',
        name: 'Clash',
        existing: {
          id: expect.any(Number),
          name: 'Existing',
          owner: { id: ids.users.resident, name: expect.any(String) },
        },
      },
    ]);
    expect(await values({ filters: JSON.stringify([{ field: 'value', rule: 'equals', value: '3000' }]) })).toEqual([]);
    // Only the uploader continues the upload.
    const foreign = await t.call('POST', '/identifiers/import/continue', {
      token: admin,
      body: { filepath: answer.filepath, action: 'replace' },
    });
    expect(foreign.statusCode).toBe(404);
    const done = await t.call('POST', '/identifiers/import/continue', {
      token: porter.token,
      body: { filepath: answer.filepath, action: 'skip', rows: [{ row: 3, action: 'replace' }] },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({
      created: 1,
      replaced: 1,
      skipped: 0,
      errors: [
        { row: 4, message: 'invalid data sent', column: 'value', params: { code: 'number_or_hex' } },
        { row: 5, message: 'invalid related entity sent', column: 'owner' },
      ],
    });
    const replaced = await item(answer.duplicates[0]?.existing.id ?? 0);
    expect(replaced).toMatchObject({ name: 'Clash', passes_restrict: { active: true, max_count: 5 } });
    expect(await values({ filters: JSON.stringify([{ field: 'value', rule: 'equals', value: '3000' }]) })).toEqual([
      '3000',
    ]);
    // The stored upload is gone once continued.
    const twice = await t.call('POST', '/identifiers/import/continue', {
      token: porter.token,
      body: { filepath: answer.filepath, action: 'skip' },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('imports straight away when nothing clashes, and skips duplicates when told to', async () => {
    const clean = Buffer.from('type,value,owner\ncode,4401,resident\ncode,4401,resident\n');
    const res = await upload('/identifiers/import', porter.token, 'ids.csv', clean);
    expect(res.json().data).toEqual({
      status: 'done',
      report: {
        created: 1,
        replaced: 0,
        skipped: 0,
        errors: [
          {
            row: 3,
            message: 'duplicate identifier with number and type',
            column: 'value',
            params: { type: 'code', value: '4401' },
          },
        ],
      },
    });
    const again = await upload('/identifiers/import', porter.token, 'ids.csv', clean);
    const answer = v.parse(IdentifierImportAnswerSchema, again.json().data);
    if (answer.status !== 'duplicates') throw new Error('expected duplicates');
    const done = await t.call('POST', '/identifiers/import/continue', {
      token: porter.token,
      body: { filepath: answer.filepath, action: 'skip' },
    });
    expect(done.json().data).toMatchObject({ created: 0, replaced: 0, skipped: 1 });
    const junk = await upload('/identifiers/import', porter.token, 'ids.csv', Buffer.from('a,b\n1,2\n'));
    expect(junk.json().message).toBe('wrong file body');
  });

  it('creates and edits guest identifiers: qr and guest by default; a clash is "guest identifier already exists"', async () => {
    // A guest key needs a rule its granter may hand on: one that applies to the porter.
    await t.db.insertInto('access_rule_users').values({ access_rule_id: visibleRule, user_id: porter.id }).execute();
    const res = await t.call('PUT', '/identifiers/guest', {
      token: porter.token,
      body: { value: 'GUEST-1', name: 'Visitor', access_rules: [visibleRule] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const guest = await item(res.json().data);
    expect(guest).toMatchObject({ type: 'qr', owner_type: 'guest', guest_type: 'guest', owner_id: null });
    const clash = await t.call('PUT', '/identifiers/guest', {
      token: porter.token,
      body: { value: 'GUEST-1', access_rules: [visibleRule] },
    });
    expect(clash.json().message).toBe('guest identifier already exists');
    const patched = await t.call('PATCH', `/identifiers/guest/${guest.id}`, {
      token: porter.token,
      body: { name: 'Plumber' },
    });
    expect(patched.json().data.name).toBe('Plumber');
    const card = await create({ value: '9901' });
    const notGuest = await t.call('PATCH', `/identifiers/guest/${card}`, { token: porter.token, body: { name: 'x' } });
    expect(notGuest.statusCode).toBe(404);
    expect(notGuest.json().message).toBe('identifier not found');
  });
});
