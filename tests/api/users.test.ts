import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserListSchema, UserSchema } from '../../src/contract/entities/user';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val)]),
  ).toString();

describe.each(dialects)('users resource (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  const roles = { admin: 0, staff: 0, concierge: 0, resident: 0 };
  const groups: Record<string, number> = {};
  let vip = 0;

  const list = async (params: Record<string, unknown>, token = tokens.admin) => {
    const res = await t.call('GET', `/users/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(UserListSchema, res.json());
  };
  const logins = async (params: Record<string, unknown>, token = tokens.admin) =>
    (await list({ sort: 'login', ...params }, token)).data.map((u) => u.login);
  const newUser = (login: string, extra: Record<string, unknown> = {}) => ({
    login,
    name: `User ${login}`,
    email: `${login}@example.org`,
    role_id: roles.resident,
    domains: [groups['Unit 102']],
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    const project = (await t.session('admin')).project.id;
    for (const r of await t.db.selectFrom('roles').select(['id', 'name']).where('project_id', '=', project).execute()) {
      if (r.name in roles) roles[r.name as keyof typeof roles] = r.id;
    }
    for (const d of await t.db
      .selectFrom('domains')
      .select(['id', 'name'])
      .where('project_id', '=', project)
      .execute()) {
      groups[d.name] = d.id;
    }
    vip = (await t.call('PUT', '/markers', { token: tokens.admin, body: { name: 'VIP', color: '#d97706' } })).json()
      .data;
  });
  afterAll(() => t.close());

  it('creates a user in a unit with a role and a marker; a new user defaults to a registration link', async () => {
    const res = await t.call('PUT', '/users', {
      token: tokens.admin,
      body: newUser('tenant1', { markers: [vip], phone: '+4915112345678', profile: { time_zone: 3 } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data;
    const got = await t.call('GET', `/users/${id}`, { token: tokens.admin });
    const user = v.parse(UserSchema, got.json().data);
    expect(user).toMatchObject({
      login: 'tenant1',
      role: { id: roles.resident, name: 'resident' },
      domains: [{ id: groups['Unit 102'], name: 'Unit 102' }],
      markers: [{ id: vip, name: 'VIP', color: '#d97706' }],
      send_registration_link: true,
      activated_at: null,
      phone: '+4915112345678',
      profile: { time_zone: 3 },
      identifiers: [],
    });
  });

  it('refuses bad input per field and keeps the catalogue codes', async () => {
    const bad = await t.call('PUT', '/users', {
      token: tokens.admin,
      body: { login: 'bad login', name: '', email: 'nope', phone: '12345', role_id: roles.resident, domains: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'invalid data sent',
      errors: {
        login: { code: 'invalid' },
        name: { code: 'required' },
        email: { code: 'email' },
        phone: { code: 'phone' },
        domains: { code: 'required' },
      },
    });
    const rule = await t.call('PUT', '/users', { token: tokens.admin, body: newUser('ok1', { name: 'a<b' }) });
    expect(rule.json().errors).toEqual({ name: { code: 'name_rule' } });
    const dup = await t.call('PUT', '/users', {
      token: tokens.admin,
      body: newUser('STAFF', { email: 'Concierge@example.com' }),
    });
    expect(dup.json()).toEqual({
      message: 'invalid data sent',
      errors: { login: { code: 'not_unique' }, email: { code: 'not_unique' } },
    });
    const related = await t.call('PUT', '/users', {
      token: tokens.admin,
      body: newUser('ok2', { domains: [999999], markers: [999999] }),
    });
    expect(related.json()).toEqual({ message: 'invalid related entity sent', entities: ['domains', 'markers'] });
  });

  it('a role may assign only its available roles', async () => {
    const res = await t.call('PUT', '/users', { token: tokens.staff, body: newUser('boss', { role_id: roles.admin }) });
    expect(res.statusCode).toBe(403);
    const ok = await t.call('PUT', '/users', {
      token: tokens.staff,
      body: newUser('helper', { role_id: roles.concierge }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('filters by role, group and marker, searches name, e-mail and login, and sorts', async () => {
    expect(await logins({ filters: [{ field: 'role', rule: 'has', value: [roles.resident] }] })).toEqual([
      'resident',
      'tenant1',
    ]);
    expect(await logins({ filters: [{ field: 'domains', rule: 'has', value: groups['Unit 102'] }] })).toEqual([
      'helper',
      'tenant1',
    ]);
    expect(await logins({ filters: [{ field: 'markers', rule: 'has', value: [vip] }] })).toEqual(['tenant1']);
    expect(await logins({ filters: [{ field: 'markers', rule: 'is', value: 'null' }] })).not.toContain('tenant1');
    expect(await logins({ filters: [{ field: 'search', rule: 'contains', value: 'CORA' }] })).toEqual(['concierge']);
    expect(await logins({ filters: [{ field: 'search', rule: 'contains', value: 'example.org' }] })).toEqual([
      'helper',
      'tenant1',
    ]);
    expect(await logins({ filters: [{ field: 'activated_at', rule: 'is', value: 'null' }] })).toEqual([
      'helper',
      'tenant1',
    ]);
    const desc = await logins({ sort: '-login' });
    expect(desc).toEqual([...desc].sort().reverse());
    const page = await list({ size: 2, page: 2, sort: 'login' });
    expect(page.meta.total).toBe(7);
    expect(page.data).toHaveLength(2);
  });

  it('group administrators: members of the group or above it whose role edits groups', async () => {
    const admins = await logins({
      filters: [{ field: 'limit_by_domain_id', rule: 'equals', value: groups['Unit 101'] }],
    });
    expect(admins).toEqual(['admin', 'staff']);
    const searched = await logins({
      filters: [
        { field: 'limit_by_domain_id', rule: 'equals', value: groups['Unit 101'] },
        { field: 'search', rule: 'contains', value: 'sam' },
      ],
    });
    expect(searched).toEqual(['staff']);
  });

  it('scopes: users.view sees the members of its groups and below, plus whom it created', async () => {
    const resident = await t.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('memberships.role_id')
      .where('users.login', '=', 'resident')
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', resident.role_id)
      .executeTakeFirstOrThrow();
    const permissions = [...JSON.parse(role.permissions), 'users.view'];
    await t.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify(permissions) })
      .where('id', '=', resident.role_id)
      .execute();
    // The resident lives in Unit 101: only that unit's members are visible, and the total agrees.
    const seen = await list({}, tokens.resident);
    expect(seen.data.map((u) => u.login)).toEqual(['resident']);
    expect(seen.meta.total).toBe(1);
    const tenant = (await list({ filters: [{ field: 'login', rule: 'equals', value: 'tenant1' }] })).data[0]!;
    expect((await t.call('GET', `/users/${tenant.id}`, { token: tokens.resident })).statusCode).toBe(404);
    // The concierge (users.view in the project's root group) sees every member.
    expect((await list({}, tokens.concierge)).meta.total).toBe(7);
  });

  it('edits fields, groups and role; another user needs edit_all', async () => {
    const tenant = (await list({ filters: [{ field: 'login', rule: 'equals', value: 'tenant1' }] })).data[0]!;
    const res = await t.call('PATCH', `/users/${tenant.id}`, {
      token: tokens.admin,
      body: {
        firstname: '  ',
        domains: [groups['Unit 201'], groups['Unit 102']],
        role_id: roles.concierge,
        markers: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstname: null,
      role: { name: 'concierge' },
      domains: [{ name: 'Unit 102' }, { name: 'Unit 201' }],
      markers: [],
    });
    const noGroups = await t.call('PATCH', `/users/${tenant.id}`, { token: tokens.admin, body: { domains: [] } });
    expect(noGroups.json().errors).toEqual({ domains: { code: 'required' } });
    const concierge = await t.call('PATCH', `/users/${tenant.id}`, { token: tokens.concierge, body: { name: 'X' } });
    expect(concierge.statusCode).toBe(403);
  });

  it('an administrator sets a password; the user can log in with it', async () => {
    const tenant = (await list({ filters: [{ field: 'login', rule: 'equals', value: 'tenant1' }] })).data[0]!;
    const short = await t.call('POST', `/users/${tenant.id}/password`, {
      token: tokens.admin,
      body: { new_password: '1' },
    });
    expect(short.json().errors.new_password.code).toBe('min_length');
    const res = await t.call('POST', `/users/${tenant.id}/password`, {
      token: tokens.admin,
      body: { new_password: 'tenant-pass-1' },
    });
    expect(res.json()).toEqual({ data: true });
    const sessions = await t.login('tenant1', 'tenant-pass-1');
    expect(sessions).toHaveLength(1);
    const concierge = await t.call('POST', `/users/${tenant.id}/password`, {
      token: tokens.concierge,
      body: { new_password: 'tenant-pass-2' },
    });
    expect(concierge.statusCode).toBe(403);
  });

  it('exports the filtered list', async () => {
    const res = await t.call(
      'GET',
      `/users/export?${q({ filters: [{ field: 'search', rule: 'contains', value: 'example' }] })}`,
      {
        token: tokens.admin,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('users.xlsx');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it('deletes: removes the membership, ends the account when it has no project left, never oneself', async () => {
    const helper = (await list({ filters: [{ field: 'login', rule: 'equals', value: 'helper' }] })).data[0]!;
    const admin = (await list({ filters: [{ field: 'login', rule: 'equals', value: 'admin' }] })).data[0]!;
    expect((await t.call('DELETE', `/users/${admin.id}`, { token: tokens.admin })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/users/${helper.id}`, { token: tokens.resident })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/users/${helper.id}`, { token: tokens.admin })).json()).toEqual({ data: true });
    expect((await t.call('GET', `/users/${helper.id}`, { token: tokens.admin })).statusCode).toBe(404);
    const row = await t.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', helper.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const all = await t.call('POST', '/users/delete-all', {
      token: tokens.admin,
      body: { all: true, filters: [{ field: 'login', rule: 'equals', value: 'tenant1' }] },
    });
    expect(all.json()).toEqual({ data: { deleted: 1 } });
    const failed = await t.call('POST', '/login', { body: { login: 'tenant1', password: 'tenant-pass-1' } });
    expect(failed.statusCode).toBe(401);
  });

  it('permission matrix of the demo roles', async () => {
    const expected = {
      admin: { list: 200, create: 400 },
      staff: { list: 200, create: 400 },
      concierge: { list: 200, create: 403 },
      // The resident role got users.view in the scope test above; it never had users.create.
      resident: { list: 200, create: 403 },
    } as const;
    for (const role of Object.keys(expected) as (keyof typeof expected)[]) {
      expect((await t.call('GET', '/users/items', { token: tokens[role] })).statusCode, role).toBe(expected[role].list);
      expect((await t.call('PUT', '/users', { token: tokens[role], body: {} })).statusCode, role).toBe(
        expected[role].create,
      );
    }
    expect((await t.call('GET', '/users/items')).statusCode).toBe(401);
    expect(PASSWORDS.admin).toBeTruthy();
  });
});
