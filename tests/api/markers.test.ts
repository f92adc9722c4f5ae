import ExcelJS from 'exceljs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarkerListSchema } from '../../src/contract/entities/marker';
import type { Filter } from '../../src/contract/filters';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val)]),
  ).toString();

describe.each(dialects)('markers resource (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids = { Alpha: 0, Beta: 0, Gamma: 0, Delta: 0 };
  const users = { admin: 0, staff: 0, concierge: 0, resident: 0 };

  const list = async (params: Record<string, unknown>, token = tokens.admin) => {
    const res = await t.call('GET', `/markers/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(MarkerListSchema, res.json());
  };
  const names = async (params: Record<string, unknown>) => (await list(params)).data.map((m) => m.name);
  const filtered = (...filters: Filter[]) => names({ filters, sort: 'name' });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of ['admin', 'staff', 'concierge', 'resident']) tokens[login] = (await t.session(login)).token;
    const rows = await t.db.selectFrom('users').select(['id', 'login']).execute();
    for (const r of rows) if (r.login in users) users[r.login as keyof typeof users] = r.id;
    for (const [name, color, description] of [
      ['Alpha', '#ff0000', 'first'],
      ['Beta', '#00ff00', null],
      ['Gamma', '#0000ff', 'third 100%'],
      ['Delta', '#123456', 'fourth'],
    ] as const) {
      const res = await t.call('PUT', '/markers', { token: tokens.admin, body: { name, color, description } });
      expect(res.statusCode, res.body).toBe(200);
      ids[name] = res.json().data;
    }
  });
  afterAll(() => t.close());

  it('creates with PUT answering the new id in data, reads it back with GET', async () => {
    const res = await t.call('GET', `/markers/${ids.Alpha}`, { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: ids.Alpha, name: 'Alpha', color: '#ff0000', users_count: 0 });
    expect(res.json().data.created_by_user).toMatchObject({ id: users.admin });
  });

  it('validates per field: name required and 1..31, colour format, unique name', async () => {
    const bad = await t.call('PUT', '/markers', { token: tokens.admin, body: { name: '', color: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { name: { code: 'required' }, color: { code: 'invalid' } },
    });
    const long = await t.call('PUT', '/markers', {
      token: tokens.admin,
      body: { name: 'x'.repeat(32), color: '#000000' },
    });
    expect(long.json().errors.name).toEqual({ code: 'max_length', params: { length: 31 } });
    const dup = await t.call('PUT', '/markers', { token: tokens.admin, body: { name: 'Alpha', color: '#000000' } });
    expect(dup.json()).toMatchObject({ message: 'invalid data sent', errors: { name: { code: 'not_unique' } } });
  });

  it('pages with a total that matches the filter', async () => {
    const first = await list({ page: 1, size: 3, sort: 'name' });
    // `next`: the keyset cursor of the page after this one (users-list-speed.test.ts checks what it gives).
    expect(first.meta).toEqual({ page: 1, size: 3, total: 4, next: expect.any(String) });
    expect(first.data.map((m) => m.name)).toEqual(['Alpha', 'Beta', 'Delta']);
    const second = await list({ page: 2, size: 3, sort: 'name' });
    expect(second.data.map((m) => m.name)).toEqual(['Gamma']);
    const narrowed = await list({ filters: [{ field: 'name', rule: 'contains', value: 'a' }], size: 1 });
    expect(narrowed.meta.total).toBe(4);
  });

  it('sorts ascending and descending', async () => {
    expect(await names({ sort: '-name' })).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
    expect(await names({ sort: 'color' })).toEqual(['Gamma', 'Beta', 'Delta', 'Alpha']);
  });

  it('applies every filter rule', async () => {
    const { Alpha, Beta, Gamma } = ids;
    expect(await filtered({ field: 'id', rule: 'equals', value: Beta })).toEqual(['Beta']);
    expect(await filtered({ field: 'id', rule: 'not_equals', value: Beta })).toEqual(['Alpha', 'Delta', 'Gamma']);
    expect(await filtered({ field: 'id', rule: 'above', value: Gamma })).toEqual(['Delta']);
    expect(await filtered({ field: 'id', rule: 'below', value: Beta })).toEqual(['Alpha']);
    expect(await filtered({ field: 'id', rule: 'equals_above', value: Gamma })).toEqual(['Delta', 'Gamma']);
    expect(await filtered({ field: 'id', rule: 'equals_below', value: Beta })).toEqual(['Alpha', 'Beta']);
    expect(await filtered({ field: 'name', rule: 'begins_with', value: 'ga' })).toEqual(['Gamma']);
    expect(await filtered({ field: 'name', rule: 'contains', value: 'ELT' })).toEqual(['Delta']);
    expect(await filtered({ field: 'name', rule: 'equals', value: 'alpha' })).toEqual(['Alpha']);
    expect(await filtered({ field: 'description', rule: 'is', value: 'null' })).toEqual(['Beta']);
    expect(await filtered({ field: 'description', rule: 'is', value: 'not_null' })).toEqual([
      'Alpha',
      'Delta',
      'Gamma',
    ]);
    // LIKE wildcards in the value are taken literally.
    expect(await filtered({ field: 'description', rule: 'contains', value: '100%' })).toEqual(['Gamma']);
    expect(await filtered({ field: 'description', rule: 'contains', value: '%' })).toEqual(['Gamma']);
    expect(Alpha).toBeLessThan(Beta);
  });

  it('combines filters with match_all or match_any, and ANDs the name search with them', async () => {
    const a = { field: 'name', rule: 'begins_with', value: 'a' } as const;
    const g = { field: 'name', rule: 'begins_with', value: 'g' } as const;
    expect(await names({ filters: [a, g], sort: 'name' })).toEqual([]);
    expect(await names({ filters: [a, g], match: 'match_any', sort: 'name' })).toEqual(['Alpha', 'Gamma']);
    const search = { field: 'search', rule: 'contains', value: 'third' } as const;
    expect(await names({ filters: [a, g, search], match: 'match_any' })).toEqual(['Gamma']);
  });

  it('refuses unknown fields, rules, sorts and malformed filters with 400 wrong parameters', async () => {
    const cases = [
      { filters: [{ field: 'password', rule: 'equals', value: 'x' }] },
      { filters: [{ field: 'name', rule: 'above', value: 'x' }] },
      { filters: [{ field: 'id', rule: 'equals', value: 'abc' }] },
      { sort: 'description' },
      { with: 'secrets' },
      { size: 0 },
    ];
    for (const params of cases) {
      const res = await t.call('GET', `/markers/items?${q(params)}`, { token: tokens.admin });
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().message).toBe('wrong parameters');
    }
    const broken = await t.call('GET', '/markers/items?filters=%5Bnot-json', { token: tokens.admin });
    expect(broken.json()).toMatchObject({ message: 'wrong parameters', errors: { filters: { code: 'invalid' } } });
  });

  it('applies markers to users, counts them and filters markers by user', async () => {
    const apply = await t.call('POST', '/markers/apply', {
      token: tokens.admin,
      body: { markers: [ids.Alpha, ids.Beta], users: [users.resident, users.concierge] },
    });
    expect(apply.json()).toEqual({ data: { changed: 4 } });
    const again = await t.call('POST', '/markers/apply', {
      token: tokens.admin,
      body: { markers: [ids.Alpha], users: [users.resident] },
    });
    expect(again.json()).toEqual({ data: { changed: 0 } });
    expect((await list({ sort: 'name' })).data.map((m) => m.users_count)).toEqual([2, 2, 0, 0]);
    expect(await filtered({ field: 'users', rule: 'has', value: [users.resident] })).toEqual(['Alpha', 'Beta']);
    expect(await filtered({ field: 'users', rule: 'is', value: 'null' })).toEqual(['Delta', 'Gamma']);
    expect(await names({ sort: '-users_count,name' })).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    const removed = await t.call('POST', '/markers/apply', {
      token: tokens.admin,
      body: { markers: [ids.Beta], users: [users.concierge], mode: 'remove' },
    });
    expect(removed.json()).toEqual({ data: { changed: 1 } });
    const unknown = await t.call('POST', '/markers/apply', {
      token: tokens.admin,
      body: { markers: [999999], users: [users.resident] },
    });
    expect(unknown.json()).toEqual({ message: 'invalid related entity sent', entities: ['markers'] });
  });

  it('edits with PATCH, refusing a duplicate name', async () => {
    const res = await t.call('PATCH', `/markers/${ids.Delta}`, {
      token: tokens.staff,
      body: { color: '#ABCDEF', description: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ color: '#abcdef', description: null });
    const dup = await t.call('PATCH', `/markers/${ids.Delta}`, { token: tokens.staff, body: { name: 'Gamma' } });
    expect(dup.json().errors).toEqual({ name: { code: 'not_unique' } });
    const missing = await t.call('PATCH', '/markers/999999', { token: tokens.staff, body: { name: 'Zeta' } });
    expect(missing.statusCode).toBe(404);
  });

  it('exports the filtered list as an Excel workbook', async () => {
    const res = await t.call(
      'GET',
      `/markers/export?${q({ filters: [{ field: 'name', rule: 'contains', value: 'a' }], sort: '-name' })}`,
      {
        token: tokens.admin,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = sheet?.getRow(1).values as unknown[];
    expect(header).toContain('name');
    const nameColumn = header.indexOf('name');
    const exported = [2, 3, 4, 5].map((r) => sheet?.getRow(r).getCell(nameColumn).value);
    expect(exported).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
  });

  describe('permissions and scopes', () => {
    const routes = (id: number) =>
      [
        ['GET', '/markers/items'],
        ['GET', `/markers/${id}`],
        ['PUT', '/markers', { name: `New ${Math.random().toString(36).slice(2, 8)}`, color: '#111111' }],
        ['PATCH', `/markers/${id}`, { description: 'changed' }],
        ['POST', '/markers/apply', { markers: [id], users: [1] }],
        ['POST', '/markers/delete-all', { items: [999999] }],
      ] as const;
    // The demo roles: admin and staff hold the markers family; concierge and resident hold none of it.
    const expected: Record<string, number> = { admin: 200, staff: 200, concierge: 403, resident: 403 };

    for (const role of ['admin', 'staff', 'concierge', 'resident']) {
      it(`${role}: every markers route answers ${expected[role]}`, async () => {
        for (const [method, path, body] of routes(ids.Alpha)) {
          const res = await t.call(method, path, { token: tokens[role], body });
          expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(expected[role]);
        }
      });
    }

    it('anonymous callers get 401 not_authorized', async () => {
      const res = await t.call('GET', '/markers/items');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('not_authorized');
    });

    it('markers.view without view_all sees only what the caller created, with a matching total', async () => {
      const role = await t.db
        .selectFrom('roles')
        .innerJoin('memberships', 'memberships.role_id', 'roles.id')
        .select(['roles.id', 'roles.permissions'])
        .where('memberships.user_id', '=', users.concierge)
        .executeTakeFirstOrThrow();
      const permissions = [...JSON.parse(role.permissions), 'markers.view', 'markers.create', 'markers.delete'];
      await t.db
        .updateTable('roles')
        .set({ permissions: JSON.stringify(permissions) })
        .where('id', '=', role.id)
        .execute();
      const own = await t.call('PUT', '/markers', { token: tokens.concierge, body: { name: 'Own', color: '#222222' } });
      expect(own.statusCode).toBe(200);
      const seen = await list({}, tokens.concierge);
      expect(seen.data.map((m) => m.name)).toEqual(['Own']);
      expect(seen.meta.total).toBe(1);
      expect((await t.call('GET', `/markers/${ids.Alpha}`, { token: tokens.concierge })).statusCode).toBe(404);
      // Select-all delete reaches only the visible rows.
      const wiped = await t.call('POST', '/markers/delete-all', { token: tokens.concierge, body: { all: true } });
      expect(wiped.json()).toEqual({ data: { deleted: 1 } });
      expect((await list({})).meta.total).toBeGreaterThanOrEqual(4);
    });
  });

  it('deletes one, several by id, and all that match a filter', async () => {
    const make = async (name: string) =>
      (await t.call('PUT', '/markers', { token: tokens.admin, body: { name, color: '#333333' } })).json()
        .data as number;
    const [x1, x2, x3, x4] = [await make('X1'), await make('X2'), await make('X3'), await make('Y1')];
    expect((await t.call('DELETE', `/markers/${x1}`, { token: tokens.admin })).json()).toEqual({ data: true });
    expect((await t.call('GET', `/markers/${x1}`, { token: tokens.admin })).statusCode).toBe(404);
    const some = await t.call('POST', '/markers/delete-all', { token: tokens.admin, body: { items: [x2, 999999] } });
    expect(some.json()).toEqual({ data: { deleted: 1 } });
    const byFilter = await t.call('POST', '/markers/delete-all', {
      token: tokens.admin,
      body: { all: true, filters: [{ field: 'name', rule: 'begins_with', value: 'X' }] },
    });
    expect(byFilter.json()).toEqual({ data: { deleted: 1 } });
    expect((await t.call('GET', `/markers/${x3}`, { token: tokens.admin })).statusCode).toBe(404);
    expect((await t.call('GET', `/markers/${x4}`, { token: tokens.admin })).statusCode).toBe(200);
    const badFilter = await t.call('POST', '/markers/delete-all', {
      token: tokens.admin,
      body: { all: true, filters: [{ field: 'nope', rule: 'equals', value: 1 }] },
    });
    expect(badFilter.statusCode).toBe(400);
  });
});
