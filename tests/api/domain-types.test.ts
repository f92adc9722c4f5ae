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

  it('deletes an unused custom type; built-in types and types in use stay', async () => {
    const id = (await t.call('PUT', '/domain-types', { token: admin, body: { type: 'gym', name: 'Gym' } })).json().data;
    const building = (
      await t.call('GET', '/domain-types/items?filters=[{"field":"type","rule":"equals","value":"building"}]', {
        token: admin,
      })
    ).json().data[0];
    expect((await t.call('DELETE', `/domain-types/${building.id}`, { token: admin })).statusCode).toBe(403);
    const parking = (
      await t.call('GET', '/domain-types/items?filters=[{"field":"type","rule":"equals","value":"parking"}]', {
        token: admin,
      })
    ).json().data[0];
    const root = await t.db.selectFrom('domains').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const group = await t.call('PUT', '/domains', {
      token: admin,
      body: { name: 'Car park', parent_id: root.id, domain_type_id: parking.id, logic_address: '9' },
    });
    expect(group.statusCode, group.body).toBe(200);
    const inUse = await t.call('DELETE', `/domain-types/${parking.id}`, { token: admin });
    expect(inUse.json()).toEqual({ message: 'cannot perform action', entities: ['domains'] });
    expect((await t.call('DELETE', `/domain-types/${id}`, { token: admin })).json()).toEqual({ data: true });
    expect((await t.call('GET', `/domain-types/${id}`, { token: admin })).statusCode).toBe(404);
  });

  it('limits a type to a group of the project; a recode may not take a used code', async () => {
    const office = await t.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirstOrThrow();
    const foreign = await t.call('PUT', '/domain-types', {
      token: admin,
      body: { type: 'cellar', name: 'Cellar', domain_id: office.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: 'invalid data sent', errors: { domain_id: { code: 'invalid' } } });
    const building = await t.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Building A')
      .executeTakeFirstOrThrow();
    const cellar = await t.call('PUT', '/domain-types', {
      token: admin,
      body: { type: 'cellar', name: 'Cellar', domain_id: building.id },
    });
    expect(cellar.statusCode, cellar.body).toBe(200);
    const id = cellar.json().data;
    expect((await t.call('GET', `/domain-types/${id}`, { token: admin })).json().data.domain_id).toBe(building.id);
    const move = await t.call('PATCH', `/domain-types/${id}`, { token: admin, body: { domain_id: office.id } });
    expect(move.json()).toEqual({ message: 'invalid data sent', errors: { domain_id: { code: 'invalid' } } });
    const recode = await t.call('PATCH', `/domain-types/${id}`, { token: admin, body: { type: 'unit' } });
    expect(recode.statusCode).toBe(400);
    expect(recode.json()).toEqual({ message: 'invalid data sent', errors: { type: { code: 'not_unique' } } });
    const free = await t.call('PATCH', `/domain-types/${id}`, {
      token: admin,
      body: { type: 'basement', domain_id: null },
    });
    expect(free.json().data).toMatchObject({ type: 'basement', domain_id: null });
  });

  it('the resident may not read them; staff may read but editing needs domains.edit_all', async () => {
    const resident = (await t.session('resident')).token;
    expect((await t.call('GET', '/domain-types/items', { token: resident })).statusCode).toBe(403);
    const staff = (await t.session('staff')).token;
    expect((await t.call('GET', '/domain-types/items', { token: staff })).statusCode).toBe(200);
  });
});
