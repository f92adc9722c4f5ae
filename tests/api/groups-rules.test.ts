import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/errors';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';

/**
 * The hierarchy, address and deletion rules of 8.2 one by one, with the exact
 * message and placeholders, and the nested set checked after every change.
 * Each test starts from the demo tree: Riverside Residence (project) →
 * Building A (building, 1) → Units 101, 102, 201 (units); the resident lives in Unit 101.
 */
describe.each(dialects)('group rules (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let projectId = 0;
  let types: Record<string, number> = {};
  let g: Record<string, number> = {};

  /** The project's groups as `name < parent` in tree order, after checking the nested set. */
  const outline = async (): Promise<string[]> => {
    const rows = await t.db
      .selectFrom('domains')
      .select(['id', 'parent_id', 'name', 'lft', 'rgt'])
      .where('project_id', '=', projectId)
      .orderBy('lft')
      .execute();
    const bounds = rows.flatMap((r) => [r.lft, r.rgt]).sort((a, b) => a - b);
    expect(bounds).toEqual(Array.from({ length: rows.length * 2 }, (_, i) => i + 1));
    for (const r of rows) {
      expect(r.lft).toBeLessThan(r.rgt);
      // parent_id is exactly the tightest group around it.
      const around = rows.filter((o) => o.lft < r.lft && o.rgt > r.rgt).sort((a, b) => b.lft - a.lft);
      expect(around[0]?.id ?? null, r.name).toBe(r.parent_id);
    }
    const names = new Map(rows.map((r) => [r.id, r.name]));
    return rows.map((r) => `${r.name} < ${r.parent_id === null ? '-' : names.get(r.parent_id)}`);
  };

  const create = (body: Record<string, unknown>) => t.call('PUT', '/domains', { token: admin, body });
  const patch = (id: number, body: Record<string, unknown>) =>
    t.call('PATCH', `/domains/${id}`, { token: admin, body });
  const make = async (name: string, parent: string | null, type: string, logic_address: string | null = null) => {
    const res = await create({
      name,
      parent_id: parent === null ? null : g[parent],
      domain_type_id: types[type],
      logic_address,
    });
    expect(res.statusCode, res.body).toBe(200);
    g[name] = res.json().data;
    return g[name]!;
  };
  const address = async (id: number) =>
    (await t.call('GET', `/domains/${id}`, { token: admin })).json().data.logic_address;

  beforeEach(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    admin = session.token;
    projectId = session.project.id;
    types = {};
    g = {};
    const typeRows = await t.db
      .selectFrom('domain_types')
      .select(['id', 'type'])
      .where('project_id', '=', projectId)
      .execute();
    for (const r of typeRows) types[r.type] = r.id;
    const groupRows = await t.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .execute();
    for (const r of groupRows) g[r.name] = r.id;
  });
  afterEach(() => t.close());

  describe('wrong hierarchy: cannot put {childCode} into {parentCode}', () => {
    it.each([
      ['an entrance into a floor', 'entrance', 'Floor 1', 'floor'],
      ['a project below another group', 'project', 'Building A', 'building'],
      ['a building into a building', 'building', 'Building A', 'building'],
      ['a floor into a unit', 'floor', 'Unit 101', 'unit'],
    ])('refuses %s', async (_, child, parent, parentCode) => {
      await make('Floor 1', 'Building A', 'floor', '1');
      const res = await create({ name: 'X', parent_id: g[parent], domain_type_id: types[child], logic_address: '9' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: ERROR_CODES.wrongHierarchyCannotPut,
        params: { childCode: child, parentCode },
      });
    });

    it('keeps the top level for projects', async () => {
      const res = await create({ name: 'Loose building', parent_id: null, domain_type_id: types.building });
      expect(res.json()).toEqual({
        message: ERROR_CODES.wrongHierarchyCannotPut,
        params: { childCode: 'building', parentCode: 'root' },
      });
      await make('Second site', null, 'project');
      expect(await outline()).toContain('Second site < -');
    });

    it('accepts the places the matrix allows', async () => {
      await make('Entrance 1', 'Building A', 'entrance', '1');
      await make('Floor 3', 'Entrance 1', 'floor', '3');
      await make('Unit 301', 'Floor 3', 'unit', '301');
      await make('Storage', 'Floor 3', 'area');
      await make('Campus', 'Riverside Residence', 'area');
      await make('Building C', 'Campus', 'building', '3');
      await make('Unit C1', 'Building C', 'unit', '1');
      expect(await outline()).toEqual([
        'Riverside Residence < -',
        'Building A < Riverside Residence',
        'Unit 101 < Building A',
        'Unit 102 < Building A',
        'Unit 201 < Building A',
        'Entrance 1 < Building A',
        'Floor 3 < Entrance 1',
        'Unit 301 < Floor 3',
        'Storage < Floor 3',
        'Campus < Riverside Residence',
        'Building C < Campus',
        'Unit C1 < Building C',
      ]);
    });
  });

  describe('needs Building parent', () => {
    it.each([
      ['unit', 'Riverside Residence'],
      ['entrance', 'Riverside Residence'],
      ['floor', 'Parking'],
      ['unit', 'Parking'],
    ])('refuses a %s with no building above it (in %s)', async (child, parent) => {
      await make('Parking', 'Riverside Residence', 'area');
      const res = await create({ name: 'X', parent_id: g[parent], domain_type_id: types[child], logic_address: '1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: ERROR_CODES.needsBuildingParent });
    });
  });

  describe('wrong hierarchy: child already contains {code}', () => {
    it('refuses to retype a group whose children would no longer fit', async () => {
      const res = await patch(g['Building A']!, { domain_type_id: types.area });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: ERROR_CODES.wrongHierarchyChildContains, params: { code: 'unit' } });
      const toFloor = await patch(g['Building A']!, { domain_type_id: types.floor });
      // The group itself cannot be a floor directly in a project: its own rule comes first.
      expect(toFloor.json().message).toBe(ERROR_CODES.needsBuildingParent);
    });

    it('refuses to move a subtree whose groups would lose their building', async () => {
      await make('Wing', 'Building A', 'area');
      await make('Unit W1', 'Wing', 'unit', '1');
      const res = await patch(g.Wing!, { parent_id: g['Riverside Residence'] });
      expect(res.json()).toEqual({ message: ERROR_CODES.wrongHierarchyChildContains, params: { code: 'unit' } });
      expect(await outline()).toContain('Wing < Building A');
    });
  });

  describe('moving', () => {
    it('moves a subtree to another parent and back, keeping the nested set whole', async () => {
      await make('Building B', 'Riverside Residence', 'building', '2');
      await make('Floor B1', 'Building B', 'floor', '1');
      await make('Unit B11', 'Floor B1', 'unit', '11');
      const move = await patch(g['Floor B1']!, { parent_id: g['Building A'] });
      expect(move.statusCode, move.body).toBe(200);
      expect(move.json().data).toMatchObject({ parent_id: g['Building A'], parent: { name: 'Building A' } });
      expect(await outline()).toEqual([
        'Riverside Residence < -',
        'Building A < Riverside Residence',
        'Unit 101 < Building A',
        'Unit 102 < Building A',
        'Unit 201 < Building A',
        'Floor B1 < Building A',
        'Unit B11 < Floor B1',
        'Building B < Riverside Residence',
      ]);
      expect((await patch(g['Floor B1']!, { parent_id: g['Building B'] })).statusCode).toBe(200);
      expect((await outline()).slice(-3)).toEqual([
        'Building B < Riverside Residence',
        'Floor B1 < Building B',
        'Unit B11 < Floor B1',
      ]);
    });

    it('refuses to move a group into itself or below itself', async () => {
      for (const target of ['Building A', 'Unit 101']) {
        const res = await patch(g['Building A']!, { parent_id: g[target] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: ERROR_CODES.invalidDataSent,
          errors: { parent_id: { code: 'invalid' } },
        });
      }
    });
  });

  describe('logical address (5, 7.9)', () => {
    it('stores null when blank or for the addressless type, and one spelling of a number', async () => {
      const blank = await make('Building B', 'Riverside Residence', 'building', '  ');
      const area = await make('Gym', 'Riverside Residence', 'area', '5');
      const padded = await make('Building C', 'Riverside Residence', 'building', '007');
      expect(await address(blank)).toBeNull();
      expect(await address(area)).toBeNull();
      expect(await address(padded)).toBe('7');
      // Becoming the addressless type drops the address.
      expect((await patch(padded, { domain_type_id: types.area })).json().data.logic_address).toBeNull();
    });

    it('accepts only up to nine digits, as a field error', async () => {
      for (const [value, code] of [
        ['1a', { code: 'number' }],
        ['1234567890', { code: 'max_length', params: { length: 9 } }],
      ] as const) {
        const res = await create({
          name: 'B',
          parent_id: g['Riverside Residence'],
          domain_type_id: types.building,
          logic_address: value,
        });
        expect(res.json()).toEqual({ message: ERROR_CODES.invalidDataSent, errors: { logic_address: code } });
      }
    });

    it('same type and logical address exists: refused among siblings, allowed elsewhere', async () => {
      const clash = await create({
        name: 'Unit 101 bis',
        parent_id: g['Building A'],
        domain_type_id: types.unit,
        logic_address: '101',
      });
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toEqual({
        message: ERROR_CODES.sameTypeAndLogicAddress,
        errors: { logic_address: { code: 'not_unique' } },
      });
      await make('Floor 101', 'Building A', 'floor', '101');
      await make('Building B', 'Riverside Residence', 'building', '2');
      await make('Unit B101', 'Building B', 'unit', '101');
      // A patch that collides is refused; keeping one's own address is fine.
      expect((await patch(g['Unit 102']!, { logic_address: '101' })).json().message).toBe(
        ERROR_CODES.sameTypeAndLogicAddress,
      );
      expect((await patch(g['Unit 102']!, { logic_address: '102', name: 'Unit 102' })).statusCode).toBe(200);
      // Moving next to a sibling with the same type and address is refused too.
      expect((await patch(g['Unit B101']!, { parent_id: g['Building A'] })).json().message).toBe(
        ERROR_CODES.sameTypeAndLogicAddress,
      );
    });
  });

  describe('types limited to a subtree', () => {
    it('uses a type only at or below its group: domain not allowed elsewhere', async () => {
      const type = await t.call('PUT', '/domain-types', {
        token: admin,
        body: { type: 'storage', name: 'Storage', domain_id: g['Building A'] },
      });
      expect(type.statusCode, type.body).toBe(200);
      types.storage = type.json().data;
      await make('Bike room', 'Building A', 'storage');
      const outside = await create({ name: 'X', parent_id: g['Riverside Residence'], domain_type_id: types.storage });
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toEqual({ message: ERROR_CODES.domainNotAllowed });
    });
  });

  describe('deleting', () => {
    it('cannot delete the only group of the current user', async () => {
      const res = await t.call('DELETE', `/domains/${g['Riverside Residence']}`, { token: admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ERROR_CODES.cannotDeleteOnlyGroup });
    });

    it('users must be moved before deleting the group; once moved, it goes', async () => {
      const blocked = await t.call('DELETE', `/domains/${g['Unit 101']}`, { token: admin });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json()).toEqual({ message: ERROR_CODES.usersMustBeMoved });
      const building = await t.call('DELETE', `/domains/${g['Building A']}`, { token: admin });
      expect(building.json()).toEqual({ message: ERROR_CODES.usersMustBeMoved });

      const resident = await t.db
        .selectFrom('users')
        .select('id')
        .where('login', '=', 'resident')
        .executeTakeFirstOrThrow();
      expect((await patch(g['Unit 102']!, { users: [resident.id] })).statusCode).toBe(200);
      const gone = await t.call('DELETE', `/domains/${g['Unit 101']}`, { token: admin });
      expect(gone.statusCode, gone.body).toBe(200);
      const left = await t.db
        .selectFrom('user_domains')
        .select('domain_id')
        .where('user_id', '=', resident.id)
        .execute();
      expect(left.map((r) => r.domain_id)).toEqual([g['Unit 102']]);
      expect(await outline()).not.toContain('Unit 101 < Building A');
    });

    it('cannot remove the user from the last object', async () => {
      const res = await patch(g['Unit 101']!, { users: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: ERROR_CODES.cannotRemoveFromLastObject });
    });

    it('deletes a subtree and closes the gap; delete-all counts every group removed', async () => {
      await make('Building B', 'Riverside Residence', 'building', '2');
      await make('Floor B1', 'Building B', 'floor', '1');
      await make('Unit B11', 'Floor B1', 'unit', '11');
      await make('Building C', 'Riverside Residence', 'building', '3');
      const one = await t.call('DELETE', `/domains/${g['Floor B1']}`, { token: admin });
      expect(one.statusCode, one.body).toBe(200);
      expect(await outline()).toEqual([
        'Riverside Residence < -',
        'Building A < Riverside Residence',
        'Unit 101 < Building A',
        'Unit 102 < Building A',
        'Unit 201 < Building A',
        'Building B < Riverside Residence',
        'Building C < Riverside Residence',
      ]);
      await make('Floor B2', 'Building B', 'floor', '2');
      const all = await t.call('POST', '/domains/delete-all', {
        token: admin,
        body: { items: [g['Floor B2'], g['Building B'], g['Building C'], g['Unit 201']] },
      });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().data.deleted).toBe(4);
      expect(await outline()).toEqual([
        'Riverside Residence < -',
        'Building A < Riverside Residence',
        'Unit 101 < Building A',
        'Unit 102 < Building A',
      ]);
    });

    it('delete-all is all or nothing: one blocked group keeps every group', async () => {
      await make('Building B', 'Riverside Residence', 'building', '2');
      const res = await t.call('POST', '/domains/delete-all', {
        token: admin,
        body: { items: [g['Building B'], g['Unit 101']] },
      });
      expect(res.statusCode).toBe(409);
      expect(await outline()).toContain('Building B < Riverside Residence');
    });
  });
});
