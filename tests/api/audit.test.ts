import ExcelJS from 'exceljs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAuditTrail } from '../../server/domain/audit/retention';
import { AuditEventRowSchema, AuditEventSchema } from '../../src/contract/entities/audit-event';
import { listAnswer } from '../../src/contract/filters';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { demoIds } from '../support/project-users';
import { q } from '../support/telephony';

const AuditListSchema = listAnswer(AuditEventRowSchema);

/**
 * The audit trail (issue 14): every write through the contract leaves an event with who, when,
 * from where (TRUST_PROXY applied), the request id, the call, and the before and after of each
 * changed field; secrets never; bulk calls one event per object; filters, scope, export, retention.
 */
describe.each(dialects)('audit trail (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;

  const list = async (params: Record<string, unknown>, token = admin) => {
    const res = await t.call('GET', `/audit-events/items?${q({ size: 100, ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AuditListSchema, res.json());
  };
  const item = async (id: number) => {
    const res = await t.call('GET', `/audit-events/${id}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AuditEventSchema, res.json().data);
  };
  /** The events of one request, by its id (sent as x-request-id). */
  const byRequest = async (requestId: string) =>
    (await list({ filters: [{ field: 'request_id', rule: 'equals', value: requestId }], sort: 'id' })).data;
  const rawRows = (requestId: string) =>
    t.db.selectFrom('audit_events').selectAll().where('request_id', '=', requestId).execute();
  let seq = 0;
  const rid = (name: string) => `${name}-${++seq}-${dialect}`;
  const send = (method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown, requestId = rid('r')) =>
    t
      .call(method, path, { token: admin, body, headers: { 'x-request-id': requestId } })
      .then((res) => ({ res, requestId }));

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, env: { ...SMALL_DEMO.env, TRUST_PROXY: 'loopback' } });
    admin = (await t.session('admin')).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it("records a user's changed name: who, when, the address, the request, the call and the field's before and after", async () => {
    const rita = ids.users.resident as number;
    const before = await t.call('GET', `/users/${rita}`, { token: admin });
    const oldName = before.json().data.name as string;
    const started = new Date().toISOString();
    const { res, requestId } = await send('PATCH', `/users/${rita}`, { name: 'Rita Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await byRequest(requestId);
    expect(row).toMatchObject({
      user: { id: ids.users.admin, login: 'admin' },
      ip: '127.0.0.1',
      request_id: requestId,
      call: 'PATCH /users/{id}',
      action: 'update',
      entity: 'users',
      entity_id: rita,
      entity_key: 'Rita Renamed',
      fields: ['name'],
    });
    expect((row?.created_at ?? '') >= started).toBe(true);
    const event = await item(row?.id as number);
    expect(event.changes).toEqual([{ field: 'name', before: oldName, after: 'Rita Renamed' }]);
    // The list row names the fields, the item carries the values.
    expect(JSON.stringify((await list({})).data.find((r) => r.id === row?.id))).not.toContain(oldName);
  });

  it('takes the address from X-Forwarded-For only from a trusted proxy', async () => {
    const marker = await send('PUT', '/markers', { name: 'Proxied', color: '#101010' });
    const trusted = await t.call('PATCH', `/markers/${marker.res.json().data}`, {
      token: admin,
      body: { name: 'Via proxy' },
      headers: { 'x-request-id': 'proxy-trusted', 'x-forwarded-for': '198.51.100.4' },
    });
    expect(trusted.statusCode).toBe(200);
    const direct = await t.call('PATCH', `/markers/${marker.res.json().data}`, {
      token: admin,
      body: { name: 'Direct' },
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'proxy-untrusted', 'x-forwarded-for': '198.51.100.5' },
    });
    expect(direct.statusCode).toBe(200);
    expect((await byRequest('proxy-trusted'))[0]?.ip).toBe('198.51.100.4');
    expect((await byRequest('proxy-untrusted'))[0]?.ip).toBe('203.0.113.9');
  });

  it('records a create with the new object and a delete with what it was', async () => {
    const created = await send('PUT', '/markers', { name: 'Audited', color: '#abcdef', description: 'kept' });
    const id = created.res.json().data as number;
    const [create] = await byRequest(created.requestId);
    expect(create).toMatchObject({ action: 'create', entity: 'markers', entity_id: id, entity_key: 'Audited' });
    const createChanges = (await item(create?.id as number)).changes;
    expect(createChanges).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Audited' },
        { field: 'color', before: null, after: '#abcdef' },
        { field: 'description', before: null, after: 'kept' },
      ]),
    );
    const removed = await send('DELETE', `/markers/${id}`);
    expect(removed.res.statusCode).toBe(200);
    const [del] = await byRequest(removed.requestId);
    expect(del).toMatchObject({ action: 'delete', entity_id: id, entity_key: 'Audited' });
    expect((await item(del?.id as number)).changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: 'Audited', after: null }]),
    );
  });

  it('never stores a secret: a new password is recorded as changed, without its value anywhere', async () => {
    const device = await send('PUT', '/devices', {
      domain_id: ids.groups['Building A'],
      name: 'Audit panel',
      serial_number: 'SN-AUDIT-1',
      password: 'first-Pass-1',
      device_settings: { mqtt_password: 'mqtt-Pass-1', sip: { password: 'Abc123def' } },
    });
    expect(device.res.statusCode, device.res.body).toBe(200);
    const id = device.res.json().data as number;
    const changed = await send('PATCH', `/devices/${id}`, {
      name: 'Audit panel 2',
      password: 'second-Pass-2',
      device_settings: { sip: { password: 'Xyz789abc' } },
    });
    expect(changed.res.statusCode, changed.res.body).toBe(200);
    const password = await send('POST', `/users/${ids.users.resident}/password`, { new_password: 'brand-New-Pw-9' });
    expect(password.res.statusCode, password.res.body).toBe(200);
    for (const { requestId } of [device, changed, password]) {
      const raw = JSON.stringify(await rawRows(requestId));
      for (const secret of [
        'first-Pass-1',
        'mqtt-Pass-1',
        'Abc123def',
        'second-Pass-2',
        'Xyz789abc',
        'brand-New-Pw-9',
      ]) {
        expect(raw).not.toContain(secret);
      }
      expect(raw).not.toContain('********');
    }
    const [patch] = await byRequest(changed.requestId);
    const changes = (await item(patch?.id as number)).changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Audit panel', after: 'Audit panel 2' },
        { field: 'password', before: null, after: null, secret: true },
        { field: 'device_settings.sip.password', before: null, after: null, secret: true },
      ]),
    );
    const [pw] = await byRequest(password.requestId);
    expect(pw).toMatchObject({ action: 'password', entity: 'users', entity_id: ids.users.resident });
    expect((await item(pw?.id as number)).changes).toEqual([
      { field: 'new_password', before: null, after: null, secret: true },
    ]);
  });

  it('records a delete-all as one event per object removed, by ids and by filter, under one request id', async () => {
    const made: number[] = [];
    for (const name of ['Bulk A', 'Bulk B', 'Bulk C', 'Bulk D'])
      made.push((await send('PUT', '/markers', { name, color: '#202020' })).res.json().data as number);
    const byIds = await send('POST', '/markers/delete-all', { items: made.slice(0, 2) });
    expect(byIds.res.json().data.deleted).toBe(2);
    const first = await byRequest(byIds.requestId);
    expect(first.map((e) => [e.action, e.entity_id, e.entity_key])).toEqual([
      ['delete_all', made[0], 'Bulk A'],
      ['delete_all', made[1], 'Bulk B'],
    ]);
    const byFilter = await send('POST', '/markers/delete-all', {
      all: true,
      filters: [{ field: 'name', rule: 'begins_with', value: 'Bulk' }],
    });
    expect(byFilter.res.json().data.deleted).toBe(2);
    const second = await byRequest(byFilter.requestId);
    expect(second.map((e) => e.entity_key).sort()).toEqual(['Bulk C', 'Bulk D']);
    expect((await item(second[0]?.id as number)).changes).toEqual(
      expect.arrayContaining([{ field: 'color', before: '#202020', after: null }]),
    );
  });

  it('records a custom call on an object with its effect, and one without an object with its body', async () => {
    const marker = (await send('PUT', '/markers', { name: 'Applied', color: '#303030' })).res.json().data as number;
    const applied = await send('POST', '/markers/apply', {
      markers: [marker],
      users: [ids.users.resident],
    });
    expect(applied.res.statusCode, applied.res.body).toBe(200);
    const [event] = await byRequest(applied.requestId);
    expect(event).toMatchObject({ action: 'apply', entity: 'markers', call: 'POST /markers/apply' });
    expect((await item(event?.id as number)).details).toMatchObject({
      body: { markers: [marker], users: [ids.users.resident] },
    });
  });

  it('leaves nothing for calls declared audit: false, nor for reads or refused writes', async () => {
    const count = async () => Number((await list({ size: 1 })).meta.total);
    const before = await count();
    await t.call('POST', '/notifications/read', { token: admin, body: { all: true } });
    await t.call('GET', '/markers/items', { token: admin });
    const refused = await t.call('PUT', '/markers', { token: admin, body: { name: '', color: 'no' } });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('filters by user, entity, action, object and time, and lists only the caller’s project', async () => {
    const users = await list({ filters: [{ field: 'entity', rule: 'equals', value: 'users' }] });
    expect(users.data.length).toBeGreaterThan(0);
    expect(users.data.every((e) => e.entity === 'users')).toBe(true);
    const updates = await list({ filters: [{ field: 'action', rule: 'equals', value: 'update' }] });
    expect(updates.data.every((e) => e.action === 'update')).toBe(true);
    const byAdmin = await list({ filters: [{ field: 'user', rule: 'has', value: [ids.users.admin] }] });
    expect(byAdmin.meta.total).toBe((await list({})).meta.total);
    const byStaff = await list({ filters: [{ field: 'user', rule: 'has', value: [ids.users.staff] }] });
    expect(byStaff.meta.total).toBe(0);
    const future = await list({ filters: [{ field: 'created_at', rule: 'above', value: '2999-01-01T00:00:00.000Z' }] });
    expect(future.meta.total).toBe(0);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const range = await list({
      filters: [
        { field: 'date_from', rule: 'equals_above', value: hourAgo },
        { field: 'date_to', rule: 'equals_below', value: '2999-01-01T00:00:00.000Z' },
      ],
    });
    expect(range.meta.total).toBe((await list({})).meta.total);
    const past = await list({
      filters: [{ field: 'date_to', rule: 'equals_below', value: '2000-01-01T00:00:00.000Z' }],
    });
    expect(past.meta.total).toBe(0);
    const one = await list({ filters: [{ field: 'entity_id', rule: 'equals', value: ids.users.resident }] });
    expect(one.data.every((e) => e.entity_id === ids.users.resident)).toBe(true);
    const search = await list({ filters: [{ field: 'search', rule: 'contains', value: 'rita ren' }] });
    expect(search.data.map((e) => e.entity_key)).toContain('Rita Renamed');
    // The administrator of the other demo project sees none of this project's events.
    const harbour = (await t.session('admin', undefined, 'Harbour Office')).token;
    expect((await list({}, harbour)).data.filter((e) => e.entity === 'markers')).toEqual([]);
    const staff = (await t.session('staff')).token;
    expect((await t.call('GET', '/audit-events/items', { token: staff })).statusCode).toBe(403);
  });

  it('exports the filtered events with their changes as lines', async () => {
    const filters = JSON.stringify([{ field: 'entity', rule: 'equals', value: 'users' }]);
    const res = await t.call('GET', `/audit-events/export?filters=${encodeURIComponent(filters)}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['created_at', 'user', 'entity', 'action', 'changes']));
    const changes = header.indexOf('changes') + 1;
    const entity = header.indexOf('entity') + 1;
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    expect(rows.every((r) => r.getCell(entity).value === 'users')).toBe(true);
    expect(rows.map((r) => String(r.getCell(changes).value))).toContain('new_password: (secret changed)');
    expect(
      rows.some(
        (r) =>
          String(r.getCell(changes).value).includes('name: ') &&
          String(r.getCell(changes).value).includes('→ Rita Renamed'),
      ),
    ).toBe(true);
  });

  it('keeps events for the retention and removes older ones', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await t.db
      .insertInto('audit_events')
      .values({ project_id: ids.projectId, user_id: null, action: 'update', entity: 'old', created_at: old })
      .execute();
    const before = await t.db.selectFrom('audit_events').select('id').where('entity', '=', 'old').execute();
    expect(before).toHaveLength(1);
    const removed = await pruneAuditTrail(t.db, new Date(), 365);
    expect(removed).toBe(1);
    expect(await t.db.selectFrom('audit_events').select('id').where('entity', '=', 'old').execute()).toEqual([]);
    // What is younger than the retention stays.
    expect((await list({})).meta.total).toBeGreaterThan(0);
    // A rule per project (a project setting) is followed as well.
    await t.db
      .insertInto('audit_events')
      .values({ project_id: ids.projectId, user_id: null, action: 'update', entity: 'old', created_at: old })
      .execute();
    expect(await pruneAuditTrail(t.db, new Date(), async () => 500)).toBe(0);
    expect(await pruneAuditTrail(t.db, new Date(), async () => 30)).toBeGreaterThanOrEqual(1);
  });
});
