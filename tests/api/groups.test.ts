import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupSchema } from '../../src/contract/entities/group';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';

describe.each(dialects)('groups (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let projectId = 0;
  const types: Record<string, number> = {};
  const groups: Record<string, number> = {};

  /** Every group of the project with its nested-set bounds, checked for integrity. */
  const tree = async () => {
    const rows = await t.db
      .selectFrom('domains')
      .select(['id', 'parent_id', 'name', 'lft', 'rgt'])
      .where('project_id', '=', projectId)
      .orderBy('lft')
      .execute();
    const bounds = rows.flatMap((r) => [r.lft, r.rgt]).sort((a, b) => a - b);
    expect(bounds).toEqual(Array.from({ length: rows.length * 2 }, (_, i) => i + 1));
    for (const r of rows) {
      const parent = rows.find((p) => p.id === r.parent_id);
      if (parent) expect(r.lft > parent.lft && r.rgt < parent.rgt, r.name).toBe(true);
    }
    return rows;
  };
  const create = (body: Record<string, unknown>) => t.call('PUT', '/domains', { token: admin, body });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    admin = session.token;
    projectId = session.project.id;
    for (const r of await t.db
      .selectFrom('domain_types')
      .select(['id', 'type'])
      .where('project_id', '=', projectId)
      .execute()) {
      types[r.type] = r.id;
    }
    for (const d of await t.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .execute()) {
      groups[d.name] = d.id;
    }
  });
  afterAll(() => t.close());

  it('creates a group under a parent, keeps the nested set whole and reads it back', async () => {
    const res = await create({
      name: 'Building B',
      parent_id: groups['Riverside Residence'],
      domain_type_id: types.building,
      logic_address: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    groups['Building B'] = res.json().data;
    const item = await t.call('GET', `/domains/${groups['Building B']}`, { token: admin });
    const group = v.parse(GroupSchema, item.json().data);
    expect(group).toMatchObject({ name: 'Building B', parent_id: groups['Riverside Residence'], logic_address: '2' });
    await tree();
  });

  it('enforces the hierarchy rules of 8.2', async () => {
    const unitUnderProject = await create({
      name: 'Loose unit',
      parent_id: groups['Riverside Residence'],
      domain_type_id: types.unit,
      logic_address: '999',
    });
    expect(unitUnderProject.statusCode).toBe(400);
    expect(unitUnderProject.json().message).toMatch(/needs building parent|wrong hierarchy/);
    const clash = await create({
      name: 'Building A again',
      parent_id: groups['Riverside Residence'],
      domain_type_id: types.building,
      logic_address: '1',
    });
    expect(clash.json().message).toBe('same type and logical address exists');
    const area = await create({
      name: 'Gym',
      parent_id: groups['Building B'],
      domain_type_id: types.area,
      logic_address: '77',
    });
    expect(area.statusCode, area.body).toBe(200);
    const gym = await t.call('GET', `/domains/${area.json().data}`, { token: admin });
    expect(gym.json().data.logic_address).toBeNull();
  });

  it('moves a group with its subtree and renames it', async () => {
    const unit = await create({
      name: 'Unit B1',
      parent_id: groups['Building B'],
      domain_type_id: types.unit,
      logic_address: '11',
    });
    expect(unit.statusCode, unit.body).toBe(200);
    const moved = await t.call('PATCH', `/domains/${unit.json().data}`, {
      token: admin,
      body: { parent_id: groups['Building A'], name: 'Unit 111', logic_address: '111' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ name: 'Unit 111', parent_id: groups['Building A'] });
    await tree();
  });

  it('refuses to delete a group that still has users, then deletes an empty subtree', async () => {
    const withUsers = await t.call('DELETE', `/domains/${groups['Unit 101']}`, { token: admin });
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json().message).toBe('users must be moved before deleting the group');
    const gone = await t.call('DELETE', `/domains/${groups['Building B']}`, { token: admin });
    expect(gone.statusCode, gone.body).toBe(200);
    const names = (await tree()).map((r) => r.name);
    expect(names).not.toContain('Building B');
    expect(names).not.toContain('Gym');
  });

  it('generates a building with floors and units: preview first, then save', async () => {
    const preview = await t.call('POST', '/domains/generate/tree', {
      token: admin,
      body: {
        parent_id: groups['Riverside Residence'],
        buildings: { count: 1, start: 5, name: 'Tower {n}' },
        floors: { count: 2 },
        units: { count: 2 },
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { data } = preview.json();
    expect(data.total).toBe(1 + 2 + 4);
    expect(data.items[0].name).toBe('Tower 5');
    const before = (await tree()).length;
    expect(before).toBeGreaterThan(0);
    const saved = await t.call('POST', '/domains/generate/save', {
      token: admin,
      body: { parent_id: data.parent_id, items: data.items },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.created).toBe(7);
    expect((await tree()).length).toBe(before + 7);
  });

  it('answers the whole tree, a branch and floors with apartments', async () => {
    const all = await t.call('GET', '/domains/items/completely', { token: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().data[0].name).toBe('Riverside Residence');
    const branch = await t.call('GET', `/domains/branch?id=${groups['Building A']}`, { token: admin });
    expect(branch.statusCode, branch.body).toBe(200);
    expect(JSON.stringify(branch.json().data)).toContain('Unit 101');
    const tower = await t.db.selectFrom('domains').select('id').where('name', '=', 'Tower 5').executeTakeFirstOrThrow();
    const floors = await t.call('GET', `/domains/${tower.id}/floors-and-apartments`, { token: admin });
    expect(floors.statusCode, floors.body).toBe(200);
    expect(floors.json().data).toHaveLength(2);
  });

  it('the resident may not create, edit or delete groups', async () => {
    const resident = (await t.session('resident')).token;
    const body = { name: 'X', parent_id: groups['Building A'], domain_type_id: types.unit, logic_address: '5' };
    expect((await t.call('PUT', '/domains', { token: resident, body })).statusCode).toBe(403);
    expect(
      (await t.call('PATCH', `/domains/${groups['Unit 101']}`, { token: resident, body: { name: 'Y' } })).statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `/domains/${groups['Unit 102']}`, { token: resident })).statusCode).toBe(403);
  });
});
