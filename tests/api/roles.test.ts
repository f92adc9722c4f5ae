import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleListSchema } from '../../src/contract/entities/role';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';

describe.each(dialects)('roles resource (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  const roles = { admin: 0, staff: 0, concierge: 0, resident: 0 };

  const names = async (token: string) => {
    const res = await t.call('GET', '/roles/items?sort=name', { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(RoleListSchema, res.json()).data.map((r) => r.name);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    const project = (await t.session('admin')).project.id;
    for (const r of await t.db.selectFrom('roles').select(['id', 'name']).where('project_id', '=', project).execute()) {
      if (r.name in roles) roles[r.name as keyof typeof roles] = r.id;
    }
  });
  afterAll(() => t.close());

  it('lists roles with permissions, available roles and user counts', async () => {
    const res = await t.call('GET', `/roles/${roles.staff}`, { token: tokens.admin });
    expect(res.json().data).toMatchObject({
      name: 'staff',
      is_admin: false,
      users_count: 1,
      available_roles: [{ name: 'concierge' }, { name: 'resident' }, { name: 'staff' }],
    });
    expect(res.json().data.permissions).toContain('users.create');
    expect(await names(tokens.admin)).toEqual(['admin', 'concierge', 'resident', 'staff']);
  });

  it('creates a role; a role without grant-more cannot grant what it does not hold', async () => {
    const ok = await t.call('PUT', '/roles', {
      token: tokens.admin,
      body: { name: 'Guard', permissions: ['users.view', 'markers.view'], available_roles: [roles.resident] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const staff = await t.db
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', roles.staff)
      .executeTakeFirstOrThrow();
    const held: string[] = JSON.parse(staff.permissions);
    expect(held).not.toContain('roles.grant_more_than_own');
    const notHeld = ['backups.create', 'system.view_info'].find((p) => !held.includes(p))!;
    const refused = await t.call('PUT', '/roles', {
      token: tokens.staff,
      body: { name: 'Sneaky', permissions: [notHeld] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.permissions.code).toBe('invalid');
    const unknown = await t.call('PUT', '/roles', {
      token: tokens.admin,
      body: { name: 'Bad', permissions: ['nope'] },
    });
    expect(unknown.json().errors['permissions.0']).toBeDefined();
    const dup = await t.call('PUT', '/roles', { token: tokens.admin, body: { name: 'guard', permissions: [] } });
    expect(dup.json().errors).toEqual({ name: { code: 'not_unique' } });
    const foreign = await t.call('PUT', '/roles', {
      token: tokens.staff,
      body: { name: 'Limited', permissions: ['users.view'], available_roles: [roles.admin] },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('the administrator role cannot be edited or deleted; others only by their scope', async () => {
    expect(
      (await t.call('PATCH', `/roles/${roles.admin}`, { token: tokens.admin, body: { name: 'root' } })).statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `/roles/${roles.admin}?gently=1`, { token: tokens.admin })).statusCode).toBe(403);
    const edit = await t.call('PATCH', `/roles/${roles.concierge}`, {
      token: tokens.staff,
      body: { description: 'Front desk' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.description).toBe('Front desk');
    expect((await t.call('PATCH', `/roles/${roles.concierge}`, { token: tokens.concierge, body: {} })).statusCode).toBe(
      403,
    );
  });

  it('deletes gently: roles in use are reported as dependencies and kept', async () => {
    const spare = (
      await t.call('PUT', '/roles', { token: tokens.admin, body: { name: 'Spare', permissions: [] } })
    ).json().data as number;
    const hard = await t.call('POST', '/roles/delete-all', {
      token: tokens.admin,
      body: { items: [spare, roles.resident] },
    });
    expect(hard.statusCode).toBe(400);
    expect(hard.json().message).toBe('cannot perform action');
    const gentle = await t.call('POST', '/roles/delete-all?gently=1', {
      token: tokens.admin,
      body: { items: [spare, roles.resident] },
    });
    expect(gentle.json()).toEqual({
      data: { deleted: [spare], dependencies: [{ id: roles.resident, name: 'resident', users_count: 1 }] },
    });
    expect((await t.call('GET', `/roles/${roles.resident}`, { token: tokens.admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/roles/${spare}`, { token: tokens.admin })).statusCode).toBe(404);
  });

  it('visibility by role: view_all sees all, view sees its own and available roles, none gets 403', async () => {
    expect(await names(tokens.staff)).toContain('admin');
    const concierge = await t.db
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', roles.concierge)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([...JSON.parse(concierge.permissions), 'roles.view']) })
      .where('id', '=', roles.concierge)
      .execute();
    expect(await names(tokens.concierge)).toEqual(['concierge']);
    expect((await t.call('GET', '/roles/items', { token: tokens.resident })).statusCode).toBe(403);
    expect((await t.call('GET', '/roles/items')).statusCode).toBe(401);
  });
});
