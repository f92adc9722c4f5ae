import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../src/contract/call';
import { GroupBranchNodeSchema, GroupSchema } from '../../src/contract/entities/group';
import { listAnswer } from '../../src/contract/filters';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser } from '../support/project-users';

/**
 * The read models the groups tree stands on: the branch call (one level,
 * `depth=all`, search with ancestors; member counts and has_children), and the
 * group's telephony (sip_number, sip_trunk) the same in lists and items.
 */
describe.each(dialects)('group tree and read models (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  const groups: Record<string, number> = {};
  const branch = async (query: string, token = admin) => {
    const res = await t.call('GET', `/domains/branch?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(envelope(v.array(GroupBranchNodeSchema)), res.json()).data;
  };
  const row = (n: { name: string; has_children: boolean; users_count: number }) =>
    `${n.name} ${n.has_children ? '+' : '-'} ${n.users_count}`;

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

  it('one level at a time: the top, then a group’s children, each with has_children and its member count', async () => {
    const top = await branch('');
    expect(top.map((n) => n.name)).toEqual(['Riverside Residence']);
    expect(top[0]?.has_children).toBe(true);
    const below = await branch(`id=${groups['Building A']}`);
    expect(below.map(row)).toEqual(['Unit 101 - 1', 'Unit 102 - 0', 'Unit 201 - 0']);
  });

  it('depth=all answers the whole visible subtree in tree order, without a member list', async () => {
    const all = await branch('depth=all');
    expect(all.map(row)).toEqual([
      'Riverside Residence + 4',
      'Building A + 0',
      'Unit 101 - 1',
      'Unit 102 - 0',
      'Unit 201 - 0',
    ]);
    expect(all[0]?.users).toBeUndefined();
    expect((await branch(`id=${groups['Building A']}&depth=all`)).map((n) => n.name)).toEqual([
      'Unit 101',
      'Unit 102',
      'Unit 201',
    ]);
  });

  it('each node says whether the caller may delete it, by the same rule as the delete call', async () => {
    expect((await branch('depth=all')).every((n) => n.may_delete)).toBe(true);
    const below = await addProjectUser(t, {
      login: 'tree-deleter',
      permissions: ['domains.view_all', 'domains.delete_descendants'],
      group: 'Building A',
    });
    const seen = await branch('depth=all', below.token);
    expect(seen.map((n) => `${n.name} ${n.may_delete ? 'may' : 'not'}`)).toEqual([
      'Riverside Residence not',
      'Building A not',
      'Unit 101 may',
      'Unit 102 may',
      'Unit 201 may',
    ]);
  });

  it('a search keeps the ancestors of the matches', async () => {
    expect((await branch('search=102')).map((n) => n.name)).toEqual(['Riverside Residence', 'Building A', 'Unit 102']);
    expect(await branch('search=nothing-like-this')).toEqual([]);
  });

  it('an unknown depth is a 400 with the field named, never a 5xx', async () => {
    const res = await t.call('GET', '/domains/branch?depth=9', { token: admin });
    expect(res.statusCode).toBe(400);
  });

  it('lists and items answer the group’s own number with its rule sets, and its first trunk', async () => {
    const list = async () => {
      const res = await t.call('GET', '/domains/items?size=50', { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return v.parse(listAnswer(GroupSchema), res.json()).data;
    };
    const item = async (id: number | undefined) =>
      v.parse(envelope(GroupSchema), (await t.call('GET', `/domains/${id}`, { token: admin })).json()).data;
    const seen = Object.fromEntries((await list()).map((g) => [g.name, [g.sip_number, g.sip_trunk, g.licenseInfo]]));
    expect(seen['Building A']).toEqual([{ is_active: true, forward_rules: [] }, null, null]);
    expect(seen['Riverside Residence']).toEqual([null, { id: expect.any(Number), name: 'City PSTN' }, null]);
    expect(seen['Unit 101']).toEqual([null, null, null]);

    // Give the master number a rule set: lists and the item say so alike.
    const master = await t.db
      .selectFrom('sip_numbers')
      .select('id')
      .where('domain_id', '=', groups['Building A']!)
      .executeTakeFirstOrThrow();
    const set = await t.db
      .selectFrom('forward_rule_sets')
      .select(['id', 'name'])
      .where('name', '=', 'Concierge desk')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sip_number_forward_rule_sets')
      .values({ sip_number_id: master.id, forward_rule_set_id: set.id, position: 0 })
      .execute();
    await t.db.updateTable('sip_numbers').set({ is_active: 0 }).where('id', '=', master.id).execute();
    const expected = { is_active: false, forward_rules: [{ id: set.id, name: 'Concierge desk' }] };
    expect((await list()).find((g) => g.name === 'Building A')?.sip_number).toEqual(expected);
    expect((await item(groups['Building A'])).sip_number).toEqual(expected);
    expect((await item(groups['Riverside Residence'])).sip_trunk).toMatchObject({ name: 'City PSTN' });
  });
});
