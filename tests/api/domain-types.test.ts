import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

describe.each(dialects)('domain types (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = (await t.session('admin')).token;
  });
  afterAll(() => t.close());

  it('lists the built-in types of the project', async () => {
    const res = await t.call('GET', '/domain-types/items?sort=type&size=50', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const types = res.json().data as { type: string; is_built_in: boolean }[];
    expect(types.map((d) => d.type)).toEqual(['area', 'building', 'entrance', 'floor', 'project', 'unit']);
    expect(types.every((d) => d.is_built_in)).toBe(true);
  });

  it('adds a custom type with a unique code, renames it; built-in codes are fixed', async () => {
    const created = await t.call('PUT', '/domain-types', { token: admin, body: { type: 'parking', name: 'Parking' } });
    expect(created.statusCode, created.body).toBe(200);
    const dup = await t.call('PUT', '/domain-types', { token: admin, body: { type: 'parking', name: 'Again' } });
    expect(dup.json().errors).toEqual({ type: { code: 'not_unique' } });
    const bad = await t.call('PUT', '/domain-types', { token: admin, body: { type: 'Bad Code', name: 'X' } });
    expect(bad.json().errors.type.code).toBe('invalid');
    const renamed = await t.call('PATCH', `/domain-types/${created.json().data}`, {
      token: admin,
      body: { name: 'Car park' },
    });
    expect(renamed.json().data).toMatchObject({ type: 'parking', name: 'Car park', is_built_in: false });
    const unit = (
      await t.call('GET', '/domain-types/items?filters=[{"field":"type","rule":"equals","value":"unit"}]', {
        token: admin,
      })
    ).json().data[0];
    const recode = await t.call('PATCH', `/domain-types/${unit.id}`, { token: admin, body: { type: 'flat' } });
    expect(recode.statusCode).toBe(403);
  });

  it('the resident may not read them; staff may read but editing needs domains.edit_all', async () => {
    const resident = (await t.session('resident')).token;
    expect((await t.call('GET', '/domain-types/items', { token: resident })).statusCode).toBe(403);
    const staff = (await t.session('staff')).token;
    expect((await t.call('GET', '/domain-types/items', { token: staff })).statusCode).toBe(200);
  });
});
