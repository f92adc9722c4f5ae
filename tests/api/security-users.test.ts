import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertRole, insertUser } from '../../server/db/seed/builders';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';

/**
 * Object-level authorisation on users (6.1), tried as an attacker would: a
 * caller changes another user only when that user's role is one of the
 * caller's available roles and the user is in the caller's scope; never a
 * user of another project; nobody widens their own account; the last
 * administrator stays.
 */
describe.each(dialects)('users: object-level authorisation (%s)', (dialect) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const tokens: Record<string, string> = {};
  let stranger = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ids = await demoIds(t);
    for (const login of ['admin', 'staff', 'resident', 'concierge']) tokens[login] = (await t.session(login)).token;
    // A member of the other project only (Harbour Office).
    const office = await t.db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirstOrThrow();
    stranger = await t.db.transaction().execute(async (trx) => {
      const roleId = await insertRole(trx, {
        projectId: office.id,
        name: 'office-clerk',
        description: 'Office clerk',
        permissions: [],
        isAdmin: false,
      });
      const userId = await insertUser(trx, {
        login: 'office-clerk',
        passwordHash: 'not-a-hash',
        name: 'Olga',
        email: 'olga@example.com',
      });
      await addMember(trx, { userId, projectId: office.id, roleId, domainIds: [] });
      return userId;
    });
  });
  afterAll(() => t.close());

  const admin = () => ids.users.admin as number;

  it('staff cannot change the administrator: fields, e-mail, password, deletion or a new registration link', async () => {
    const patch = await t.call('PATCH', `/users/${admin()}`, { token: tokens.staff, body: { name: 'Hacked' } });
    expect(patch.statusCode, patch.body).toBe(403);
    const email = await t.call('PATCH', `/users/${admin()}`, {
      token: tokens.staff,
      body: { email: 'attacker@example.com' },
    });
    expect(email.statusCode).toBe(403);
    const password = await t.call('POST', `/users/${admin()}/password`, {
      token: tokens.staff,
      body: { new_password: 'attacker-pass-1' },
    });
    expect(password.statusCode).toBe(403);
    const remove = await t.call('DELETE', `/users/${admin()}`, { token: tokens.staff });
    expect(remove.statusCode).toBe(403);
    const invite = await t.call('POST', '/registration/invite/send', {
      token: tokens.staff,
      body: { users: [admin()] },
    });
    expect(invite.statusCode).toBe(403);
    // Nothing changed: the administrator still logs in with the old password and keeps the name.
    const me = await t.call('GET', '/profile', { token: (await t.session('admin')).token });
    expect(me.json().data.name).toBe('Administrator');
    expect(me.json().data.email).not.toBe('attacker@example.com');
  });

  it('delete-all by staff removes the users it may remove and never the administrator', async () => {
    const res = await t.call('POST', '/users/delete-all', { token: tokens.staff, body: { items: [admin()] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: 0 } });
    const still = await t.call('GET', `/users/${admin()}`, { token: tokens.admin });
    expect(still.statusCode).toBe(200);
  });

  it('staff still edits a resident (a role it may assign)', async () => {
    const res = await t.call('PATCH', `/users/${ids.users.resident}`, {
      token: tokens.staff,
      body: { description: 'Flat 12, moved in May' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.description).toBe('Flat 12, moved in May');
  });

  it('a user of another project is not there at all, even for the administrator of both', async () => {
    for (const [method, path, body] of [
      ['GET', `/users/${stranger}`, undefined],
      ['PATCH', `/users/${stranger}`, { name: 'Moved' }],
      ['DELETE', `/users/${stranger}`, undefined],
      ['POST', `/users/${stranger}/password`, { new_password: 'attacker-pass-1' }],
    ] as const) {
      const res = await t.call(method, path, { token: tokens.admin, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const invite = await t.call('POST', '/registration/invite/send', {
      token: tokens.admin,
      body: { users: [stranger] },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().message).toBe('invalid related entity sent');
  });

  it('nobody widens their own account: no new role or groups through users/{id}', async () => {
    const staffId = ids.users.staff as number;
    const role = await t.call('PATCH', `/users/${staffId}`, {
      token: tokens.staff,
      body: { role_id: (await roleId('admin')) as number },
    });
    expect(role.statusCode).toBe(403);
    const ownRole = await t.call('PATCH', `/users/${staffId}`, {
      token: tokens.staff,
      body: { role_id: (await roleId('concierge')) as number },
    });
    expect(ownRole.statusCode).toBe(403);
    const groups = await t.call('PATCH', `/users/${staffId}`, {
      token: tokens.staff,
      body: { domains: Object.values(ids.groups) },
    });
    expect(groups.statusCode).toBe(403);
    // Own plain fields remain the user's to edit (6.1).
    const name = await t.call('PATCH', `/users/${staffId}`, { token: tokens.staff, body: { firstname: 'Sam' } });
    expect(name.statusCode, name.body).toBe(200);
  });

  it('the profile cannot carry a role, groups or permissions, and is validated like the users calls', async () => {
    const widen = await t.call('PATCH', '/profile', {
      token: tokens.resident,
      body: { role_id: 1, domains: [1], permissions: ['users.edit_all'] },
    });
    expect(widen.statusCode).toBe(400);
    expect(widen.json().message).toBe('invalid data sent');
    const profile = await t.call('GET', '/profile', { token: tokens.resident });
    expect(profile.json().data.role.permissions).not.toContain('users.edit_all');

    const staffEmail = (await t.call('GET', '/profile', { token: tokens.staff })).json().data.email as string;
    const taken = await t.call('PATCH', '/profile', {
      token: tokens.resident,
      body: { email: staffEmail.toUpperCase() },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ email: { code: 'not_unique' } });

    const badName = await t.call('PATCH', '/profile', { token: tokens.resident, body: { name: 'Rita <script>' } });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors.name.code).toBe('name_rule');
    const longName = await t.call('PATCH', '/profile', { token: tokens.resident, body: { name: 'R'.repeat(32) } });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().errors.name).toEqual({ code: 'max_length', params: { length: 31 } });
  });

  it('the last administrator can be neither demoted nor deleted, by any route', async () => {
    const staffRole = (await roleId('staff')) as number;
    const demote = await t.call('PATCH', `/users/${admin()}`, { token: tokens.admin, body: { role_id: staffRole } });
    expect(demote.statusCode).toBe(403);
    const account = await t.call('DELETE', '/account', { token: tokens.admin });
    expect(account.statusCode).toBe(403);
    // A second administrator may be removed; then the first is the last again.
    const second = await t.call('PUT', '/users', {
      token: tokens.admin,
      body: {
        login: 'second-admin',
        name: 'Second',
        role_id: (await roleId('admin')) as number,
        domains: [ids.groups['Riverside Residence'] as number],
        password: PASSWORDS.demo,
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    const removed = await t.call('DELETE', `/users/${second.json().data}`, { token: tokens.admin });
    expect(removed.statusCode).toBe(200);
    const again = await t.call('PATCH', `/users/${admin()}`, { token: tokens.admin, body: { role_id: staffRole } });
    expect(again.statusCode).toBe(403);
    const me = await t.call('GET', '/profile', { token: tokens.admin });
    expect(me.json().data.role.name).toBe('admin');
  });

  it('a creator without users.edit_all invites the users it created, and nobody else', async () => {
    const creator = await addProjectUser(t, {
      login: 'creator',
      permissions: ['users.create', 'users.view', 'domains.view_descendants'],
      group: 'Riverside Residence',
    });
    const creatorRole = await t.db
      .selectFrom('memberships')
      .select('role_id')
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('role_available_roles')
      .values({ role_id: creatorRole.role_id, available_role_id: (await roleId('resident')) as number })
      .execute();
    const made = await t.call('PUT', '/users', {
      token: creator.token,
      body: {
        login: 'invited-by-creator',
        name: 'Ivy Invited',
        email: 'ivy@example.com',
        role_id: (await roleId('resident')) as number,
        domains: [ids.groups['Unit 102'] as number],
        send_registration_link: false,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const own = await t.call('POST', '/registration/invite/send', {
      token: creator.token,
      body: { users: [made.json().data] },
    });
    expect(own.statusCode, own.body).toBe(200);
    const other = await t.call('POST', '/registration/invite/send', {
      token: creator.token,
      body: { users: [ids.users.resident as number] },
    });
    expect(other.statusCode).toBe(403);
  });

  async function roleId(name: string) {
    const row = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .where('project_id', '=', ids.projectId)
      .executeTakeFirst();
    return row?.id;
  }
});
