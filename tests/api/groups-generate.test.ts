import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GeneratedNode, GeneratedTreeSchema } from '../../src/contract/entities/group-structure';
import { ERROR_CODES } from '../../src/contract/errors';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';

/** Generate groups (2.5): the preview is exact and saves nothing; saving is one transaction under the 8.2 rules. */
describe.each(dialects)('generate groups (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let projectId = 0;
  const g: Record<string, number> = {};

  const preview = (body: Record<string, unknown>) => t.call('POST', '/domains/generate/tree', { token: admin, body });
  const save = (body: Record<string, unknown>) => t.call('POST', '/domains/generate/save', { token: admin, body });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('domains')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** `name [type address]` lines, indented by depth. */
  const lines = (nodes: GeneratedNode[], depth = 0): string[] =>
    nodes.flatMap((n) => [
      `${'  '.repeat(depth)}${n.name} [${n.type} ${n.logic_address}]`,
      ...lines(n.children ?? [], depth + 1),
    ]);

  beforeEach(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    admin = session.token;
    projectId = session.project.id;
    for (const r of await t.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .execute()) {
      g[r.name] = r.id;
    }
  });
  afterEach(() => t.close());

  it('previews buildings, entrances, floors and units with patterns and numbers, saving nothing', async () => {
    const before = await count();
    const res = await preview({
      parent_id: g['Riverside Residence'],
      buildings: { count: 1, start: 2, name: 'Block {n}' },
      entrances: { count: 2, name: 'Entrance {building}.{n}' },
      floors: { count: 2, start: 1 },
      units: { count: 2, name: 'Flat {n}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tree = v.parse(GeneratedTreeSchema, res.json().data);
    expect(tree.total).toBe(1 + 2 + 4 + 8);
    expect(lines(tree.items)).toEqual([
      'Block 2 [building 2]',
      '  Entrance 2.1 [entrance 1]',
      '    Floor 1 [floor 1]',
      '      Flat 101 [unit 101]',
      '      Flat 102 [unit 102]',
      '    Floor 2 [floor 2]',
      '      Flat 201 [unit 201]',
      '      Flat 202 [unit 202]',
      '  Entrance 2.2 [entrance 2]',
      '    Floor 1 [floor 1]',
      '      Flat 101 [unit 101]',
      '      Flat 102 [unit 102]',
      '    Floor 2 [floor 2]',
      '      Flat 201 [unit 201]',
      '      Flat 202 [unit 202]',
    ]);
    expect(await count()).toBe(before);
  });

  it('numbers units straight through each building when asked, or without floors', async () => {
    const res = await preview({
      parent_id: g['Riverside Residence'],
      buildings: { count: 2, start: 5 },
      floors: { count: 2 },
      units: { count: 2, start: 1, numbering: 'sequential' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const units = (b: number) =>
      res
        .json()
        .data.items[b].children.flatMap((f: GeneratedNode) => f.children ?? [])
        .map((u: GeneratedNode) => u.logic_address);
    expect(units(0)).toEqual(['1', '2', '3', '4']);
    expect(units(1)).toEqual(['1', '2', '3', '4']);

    const plain = await preview({ parent_id: g['Building A'], units: { count: 3, start: 301 } });
    expect(lines(plain.json().data.items)).toEqual([
      'Unit 301 [unit 301]',
      'Unit 302 [unit 302]',
      'Unit 303 [unit 303]',
    ]);
  });

  it('saves a preview as it was edited, in one transaction, keeping the nested set whole', async () => {
    const tree = (
      await preview({ parent_id: g['Building A'], floors: { count: 2, start: 3 }, units: { count: 2 } })
    ).json().data;
    tree.items[0].name = 'Third floor';
    const before = await count();
    const res = await save({ parent_id: tree.parent_id, items: tree.items });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.created).toBe(6);
    expect(res.json().data.ids).toHaveLength(2);
    expect(await count()).toBe(before + 6);
    const rows = await t.db
      .selectFrom('domains')
      .select(['id', 'parent_id', 'name', 'lft', 'rgt'])
      .where('project_id', '=', projectId)
      .orderBy('lft')
      .execute();
    expect(rows.flatMap((r) => [r.lft, r.rgt]).sort((a, b) => a - b)).toEqual(
      Array.from({ length: rows.length * 2 }, (_, i) => i + 1),
    );
    const third = rows.find((r) => r.name === 'Third floor')!;
    expect(rows.filter((r) => r.parent_id === third.id).map((r) => r.name)).toEqual(['Unit 301', 'Unit 302']);
    expect(third.parent_id).toBe(g['Building A']);
  });

  it('refuses what a single group would be refused: hierarchy, addresses, rights', async () => {
    const noBuilding = await preview({
      parent_id: g['Riverside Residence'],
      floors: { count: 1 },
      units: { count: 1 },
    });
    expect(noBuilding.json()).toEqual({ message: ERROR_CODES.needsBuildingParent });

    const taken = await preview({ parent_id: g['Riverside Residence'], buildings: { count: 2, start: 1 } });
    expect(taken.json()).toEqual({
      message: ERROR_CODES.sameTypeAndLogicAddress,
      errors: { logic_address: { code: 'not_unique' } },
    });

    const units = await t.db
      .selectFrom('domain_types')
      .select('id')
      .where('project_id', '=', projectId)
      .where('type', '=', 'unit')
      .executeTakeFirstOrThrow();
    const wrong = await save({
      parent_id: g['Building A'],
      items: [
        { name: 'Fine', domain_type_id: units.id, logic_address: '401' },
        { name: 'Clash', domain_type_id: units.id, logic_address: '101' },
      ],
    });
    expect(wrong.json().message).toBe(ERROR_CODES.sameTypeAndLogicAddress);
    expect(await t.db.selectFrom('domains').select('id').where('name', '=', 'Fine').executeTakeFirst()).toBeUndefined();

    const concierge = (await t.session('concierge')).token;
    const denied = await t.call('POST', '/domains/generate/save', {
      token: concierge,
      body: { parent_id: g['Building A'], items: [{ name: 'X', domain_type_id: units.id, logic_address: '402' }] },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('refuses an empty request and one over the limit of 10 000 groups', async () => {
    const empty = await preview({ parent_id: g['Building A'] });
    expect(empty.json()).toEqual({ message: ERROR_CODES.invalidDataSent, errors: { units: { code: 'required' } } });
    const huge = await preview({
      parent_id: g['Riverside Residence'],
      buildings: { count: 100 },
      floors: { count: 10 },
      units: { count: 10 },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: ERROR_CODES.valueOutOfRange });
    const tooMany = await preview({ parent_id: g['Riverside Residence'], buildings: { count: 101 } });
    expect(tooMany.json().errors['buildings.count']).toEqual({ code: 'max_value', params: { max: 100 } });
  });
});
