import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupSchema } from '../../src/contract/entities/group';
import { listAnswer } from '../../src/contract/filters';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val)]),
  ).toString();

describe.each(dialects)('group lists (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  const groups: Record<string, number> = {};
  const list = async (path: string, params: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call('GET', `${path}?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(listAnswer(GroupSchema), res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    admin = session.token;
    for (const d of await t.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('project_id', '=', session.project.id)
      .execute()) {
      groups[d.name] = d.id;
    }
  });
  afterAll(() => t.close());

  it('lists groups in tree order with their relations, in the contract shape', async () => {
    const page = await list('/domains/items', { with: 'users,parent' });
    expect(page.data.map((g) => g.name)).toEqual([
      'Riverside Residence',
      'Building A',
      'Unit 101',
      'Unit 102',
      'Unit 201',
    ]);
    expect(page.meta.total).toBe(5);
    const unit = page.data.find((g) => g.name === 'Unit 101')!;
    expect(unit.parent).toMatchObject({ name: 'Building A' });
    expect(unit.users?.map((u) => u.name)).toEqual(['Rita Resident']);
  });

  it('searches, filters by member and sorts', async () => {
    expect(
      (await list('/domains/items', { filters: [{ field: 'search', rule: 'contains', value: 'unit 1' }] })).data.map(
        (g) => g.name,
      ),
    ).toEqual(['Unit 101', 'Unit 102']);
    const resident = await t.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'resident')
      .executeTakeFirstOrThrow();
    expect(
      (await list('/domains/items', { filters: [{ field: 'users', rule: 'has', value: resident.id }] })).data.map(
        (g) => g.name,
      ),
    ).toEqual(['Unit 101']);
    expect((await list('/domains/items', { sort: '-name', size: 2 })).data.map((g) => g.name)).toEqual([
      'Unit 201',
      'Unit 102',
    ]);
  });

  it('items of a group are the groups below it; an unknown group is 404', async () => {
    const below = await list(`/domains/${groups['Building A']}/items`);
    expect(below.data.map((g) => g.name)).toEqual(['Unit 101', 'Unit 102', 'Unit 201']);
    expect((await t.call('GET', '/domains/999999/items', { token: admin })).statusCode).toBe(404);
  });

  it('the resident, without a groups permission, is refused; anonymous callers get 401', async () => {
    const resident = (await t.session('resident')).token;
    expect((await t.call('GET', '/domains/items', { token: resident })).statusCode).toBe(403);
    expect((await t.call('GET', '/domains/items')).statusCode).toBe(401);
  });
});
