import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertRole, insertUser } from '../../server/db/seed/builders';
import { ROLE_PRESETS, type RolePresetName } from '../../server/db/seed/roles';
import { hasAnyPermission, type Permission } from '../../src/contract/permissions';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';

/**
 * Who sees and changes which groups (6.2): a role × call table for the demo
 * roles, then roles holding one scope each, so every scope is shown to reach
 * exactly its groups. Groups are not covered by "view what you created" (6.1).
 */
const DEMO: RolePresetName[] = ['admin', 'staff', 'concierge', 'resident'];
const VIEW: Permission[] = ['domains.view_all', 'domains.view_descendants', 'domains.view_self', 'domains.view_own'];

describe.each(dialects)('group scopes (%s)', (dialect) => {
  let t: TestApp;
  let projectId = 0;
  const g: Record<string, number> = {};
  const types: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let custom = 0;

  /** A user whose role holds exactly `permissions`, placed in `groups`; answers a token. */
  const userWith = async (permissions: Permission[], groups: string[]) => {
    custom += 1;
    const login = `scoped-${custom}`;
    const hash = (
      await t.db.selectFrom('users').select('password_hash').where('login', '=', 'staff').executeTakeFirstOrThrow()
    ).password_hash!;
    const userId = await t.db.transaction().execute(async (trx) => {
      const roleId = await insertRole(trx, {
        projectId,
        name: login,
        description: '',
        permissions,
        isAdmin: false,
      });
      const id = await insertUser(trx, { login, passwordHash: hash, name: login, email: `${login}@example.com` });
      await addMember(trx, { userId: id, projectId, roleId, domainIds: groups.map((n) => g[n]!) });
      return id;
    });
    return { token: (await t.session(login, PASSWORDS.demo)).token, userId };
  };

  const names = async (token: string, path = '/domains/items?size=100') => {
    const res = await t.call('GET', path, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { name: string }[]).map((d) => d.name);
  };
  const status = async (
    token: string,
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    path: string,
    body?: unknown,
  ) => (await t.call(method, path, { token, body })).statusCode;
  const unit = (name: string, parent: string, address: string) => ({
    name,
    parent_id: g[parent],
    domain_type_id: types.unit,
    logic_address: address,
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    projectId = session.project.id;
    tokens.admin = session.token;
    for (const login of ['staff', 'concierge', 'resident']) tokens[login] = (await t.session(login)).token;
    for (const r of await t.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .execute()) {
      g[r.name] = r.id;
    }
    for (const r of await t.db
      .selectFrom('domain_types')
      .select(['id', 'type'])
      .where('project_id', '=', projectId)
      .execute()) {
      types[r.type] = r.id;
    }
  });
  afterAll(() => t.close());

  describe('demo roles', () => {
    const ALL = ['Riverside Residence', 'Building A', 'Unit 101', 'Unit 102', 'Unit 201'];
    const table = DEMO.flatMap((role) => {
      const may = (...p: Permission[]) => hasAnyPermission(ROLE_PRESETS[role], p);
      return [
        { role, call: 'GET /domains/items', expected: may(...VIEW) ? 200 : 403 },
        { role, call: 'GET /domains/items/completely', expected: may(...VIEW) ? 200 : 403 },
        { role, call: 'GET /domains/branch', expected: may(...VIEW) ? 200 : 403 },
        { role, call: 'GET /domains/{unit}', expected: may(...VIEW) ? 200 : 403 },
        { role, call: 'GET /domains/{building}/floors-and-apartments', expected: may(...VIEW) ? 200 : 403 },
        { role, call: 'PUT /domains', expected: may('domains.create_descendants') ? 200 : 403 },
        { role, call: 'PATCH /domains/{unit}', expected: may('domains.edit_all') ? 200 : 403 },
        { role, call: 'POST /domains/generate/tree', expected: may('domains.create_descendants') ? 200 : 403 },
        { role, call: 'DELETE /domains/{new}', expected: may('domains.delete_all') ? 200 : 403 },
      ];
    });

    it.each(table)('$role: $call → $expected', async ({ role, call, expected }) => {
      const token = tokens[role]!;
      const fresh = async () => {
        const res = await t.call('PUT', '/domains', {
          token: tokens.admin,
          body: unit(`Spare ${custom++}`, 'Building A', `${500 + custom}`),
        });
        return res.json().data as number;
      };
      const [method, template] = call.split(' ') as ['GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', string];
      const path = template
        .replace('{unit}', String(g['Unit 102']))
        .replace('{building}', String(g['Building A']))
        .replace('{new}', String(call.includes('{new}') ? await fresh() : 0));
      const body =
        method === 'PUT'
          ? unit(`By ${role}`, 'Building A', `${700 + DEMO.indexOf(role)}`)
          : method === 'PATCH'
            ? { description: `Checked by ${role}` }
            : method === 'POST'
              ? { parent_id: g['Building A'], floors: { count: 1, start: 9 }, units: { count: 1 } }
              : undefined;
      const res = await t.call(method, path, { token, body });
      expect(res.statusCode, res.body).toBe(expected);
      if (expected === 403) expect(res.json().message).toBe('method or action prohibited');
    });

    it('the concierge (descendants of the root group) sees the whole residence, and only that project', async () => {
      expect(await names(tokens.concierge!)).toEqual(expect.arrayContaining(ALL));
      expect(await names(tokens.concierge!)).not.toContain('Harbour Office');
    });
  });

  describe('one scope at a time', () => {
    it('view_descendants reaches the own group and everything below it, nothing above', async () => {
      const { token } = await userWith(['domains.view_descendants'], ['Building A']);
      const visible = await names(token);
      expect(visible.slice(0, 4)).toEqual(['Building A', 'Unit 101', 'Unit 102', 'Unit 201']);
      expect(visible).not.toContain('Riverside Residence');
      expect((await t.call('GET', '/domains/items?size=100', { token })).json().meta.total).toBe(visible.length);
      expect(await status(token, 'GET', `/domains/${g['Riverside Residence']}`)).toBe(404);
      expect(await names(token, '/domains/branch')).toEqual(['Building A']);
      expect(await names(token, '/domains/branch?depth=all')).toEqual(visible);
      expect((await names(token, '/domains/items/completely'))[0]).toBe('Building A');
    });

    it('view_self reaches only the own groups', async () => {
      const { token } = await userWith(['domains.view_self'], ['Unit 102', 'Unit 201']);
      expect(await names(token)).toEqual(['Unit 102', 'Unit 201']);
      expect(await names(token, '/domains/branch?depth=all')).toEqual(['Unit 102', 'Unit 201']);
      expect(await status(token, 'GET', `/domains/${g['Unit 101']}`)).toBe(404);
      expect(await names(token, '/domains/branch')).toEqual(['Unit 102', 'Unit 201']);
    });

    it('view_own reaches the groups the caller created; without it, creating is not seeing', async () => {
      const creator = await userWith(['domains.view_own'], ['Building A']);
      const made = await t.call('PUT', '/domains', {
        token: tokens.admin,
        body: unit('Own unit', 'Building A', '801'),
      });
      await t.db
        .updateTable('domains')
        .set({ created_by_user_id: creator.userId })
        .where('id', '=', made.json().data)
        .execute();
      expect(await names(creator.token)).toEqual(['Own unit']);
      // Its parent stays out of sight, so it cannot be chosen as a parent either.
      expect(await status(creator.token, 'GET', `/domains/${g['Building A']}`)).toBe(404);

      // Groups are outside the default "view what you created" rule (6.1).
      const blind = await userWith(['domains.view_self', 'domains.create_descendants'], ['Unit 102']);
      await t.db
        .updateTable('domains')
        .set({ created_by_user_id: blind.userId })
        .where('id', '=', g['Unit 201']!)
        .execute();
      expect(await names(blind.token)).toEqual(['Unit 102']);
    });

    it('create_descendants creates at or below the own groups only; create_root only at the top', async () => {
      const { token } = await userWith(['domains.view_all', 'domains.create_descendants'], ['Building A']);
      expect(await status(token, 'PUT', '/domains', unit('Below', 'Building A', '811'))).toBe(200);
      const building = {
        name: 'Elsewhere',
        parent_id: g['Riverside Residence'],
        domain_type_id: types.building,
        logic_address: '8',
      };
      expect(await status(token, 'PUT', '/domains', building)).toBe(403);
      const top = { name: 'New site', parent_id: null, domain_type_id: types.project };
      expect(await status(token, 'PUT', '/domains', top)).toBe(403);

      const rooter = await userWith(['domains.view_all', 'domains.create_root'], ['Unit 101']);
      expect(await status(rooter.token, 'PUT', '/domains', top)).toBe(200);
      expect(await status(rooter.token, 'PUT', '/domains', unit('Not mine', 'Building A', '812'))).toBe(403);
    });

    it('edit_descendants edits strictly below the own groups, and moves only where it may create', async () => {
      const { token } = await userWith(['domains.view_descendants', 'domains.edit_descendants'], ['Building A']);
      expect(await status(token, 'PATCH', `/domains/${g['Unit 102']}`, { description: 'ok' })).toBe(200);
      expect(await status(token, 'PATCH', `/domains/${g['Building A']}`, { description: 'no' })).toBe(403);
      expect(await status(token, 'PATCH', `/domains/${g['Unit 102']}`, { parent_id: null })).toBe(403);
      expect(await status(token, 'PATCH', `/domains/${g['Riverside Residence']}`, { description: 'no' })).toBe(404);
    });

    it('self-group management changes its parts of the own group, not its place', async () => {
      const { token } = await userWith(['domains.view_self', 'self_domain.manage_general'], ['Unit 102']);
      const form = {
        name: 'Unit 102',
        description: 'Corner flat',
        parent_id: g['Building A'],
        domain_type_id: types.unit,
      };
      expect(await status(token, 'PATCH', `/domains/${g['Unit 102']}`, form)).toBe(200);
      expect(await status(token, 'PATCH', `/domains/${g['Unit 102']}`, { parent_id: g['Riverside Residence'] })).toBe(
        403,
      );
      const limits = { guest_identifier_limits: { max_passes_count: 3, max_period_days: 7 } };
      expect(await status(token, 'PATCH', `/domains/${g['Unit 102']}`, limits)).toBe(403);

      const guests = await userWith(['domains.view_self', 'self_domain.manage_guest_access'], ['Unit 102']);
      const res = await t.call('PATCH', `/domains/${g['Unit 102']}`, { token: guests.token, body: limits });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.guest_identifier_limits).toEqual({ max_passes_count: 3, max_period_days: 7 });
    });

    it('delete_descendants deletes below the own groups; delete_own what the caller created', async () => {
      const spare = await t.call('PUT', '/domains', {
        token: tokens.admin,
        body: unit('Spare A', 'Building A', '901'),
      });
      const below = await userWith(['domains.view_descendants', 'domains.delete_descendants'], ['Building A']);
      expect(await status(below.token, 'DELETE', `/domains/${g['Building A']}`)).toBe(403);
      expect(await status(below.token, 'DELETE', `/domains/${spare.json().data}`)).toBe(200);

      const owner = await userWith(
        ['domains.view_all', 'domains.create_descendants', 'domains.delete_own'],
        ['Building A'],
      );
      const mine = await t.call('PUT', '/domains', { token: owner.token, body: unit('Mine', 'Building A', '902') });
      expect(await status(owner.token, 'DELETE', `/domains/${g['Unit 201']}`)).toBe(403);
      expect(await status(owner.token, 'DELETE', `/domains/${mine.json().data}`)).toBe(200);
    });
  });
});
