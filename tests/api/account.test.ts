import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';

const NOT_AUTHORIZED = { message: 'not_authorized', code: 'not_authorized' };

describe.each(dialects)('account (%s)', (dialect) => {
  // Each test changes credentials or deletes users: a fresh database each time.
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  describe('POST /profile/password', () => {
    it('changes the password: the new one logs in, the old one no longer does', async () => {
      const { token } = await t.session('staff');
      const res = await t.call('POST', '/profile/password', {
        token,
        body: { old: PASSWORDS.demo, new: 'brand-new-pass' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: true });
      const old = await t.call('POST', '/login', { body: { login: 'staff', password: PASSWORDS.demo } });
      expect(old.statusCode).toBe(401);
      expect(await t.login('staff', 'brand-new-pass')).toHaveLength(1);
    });

    it('ends the other sessions of the user and keeps the one that made the change', async () => {
      const other = await t.session('staff');
      const current = await t.session('staff');
      await t.call('POST', '/profile/password', {
        token: current.token,
        body: { old: PASSWORDS.demo, new: 'brand-new-pass' },
      });
      expect((await t.call('GET', '/profile', { token: other.token })).json()).toEqual(NOT_AUTHORIZED);
      expect((await t.call('POST', '/refresh-tokens', { body: { token: other.refresh } })).statusCode).toBe(401);
      expect((await t.call('GET', '/profile', { token: current.token })).statusCode).toBe(200);
      expect((await t.call('POST', '/refresh-tokens', { body: { token: current.refresh } })).statusCode).toBe(200);
    });

    it('refuses a wrong old password with 400 wrong old password on errors.old', async () => {
      const { token } = await t.session('staff');
      const res = await t.call('POST', '/profile/password', {
        token,
        body: { old: 'not-my-password', new: 'brand-new-pass' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'wrong old password', errors: { old: { code: 'invalid' } } });
      expect(await t.login('staff', PASSWORDS.demo)).toHaveLength(1);
    });

    it('refuses a new password under 8 characters', async () => {
      const { token } = await t.session('staff');
      const res = await t.call('POST', '/profile/password', { token, body: { old: PASSWORDS.demo, new: 'short' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'invalid data sent',
        errors: { new: { code: 'min_length', params: { length: 8 } } },
      });
    });
  });

  describe('DELETE /account', () => {
    it('deletes the account: tokens stop working, login and refresh are refused', async () => {
      const { token, refresh } = await t.session('resident');
      const res = await t.call('DELETE', '/account', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: true });

      expect((await t.call('GET', '/profile', { token })).json()).toEqual(NOT_AUTHORIZED);
      expect((await t.call('POST', '/refresh-tokens', { body: { token: refresh } })).json()).toEqual({
        message: 'invalid token',
      });
      const login = await t.call('POST', '/login', { body: { login: 'resident', password: PASSWORDS.demo } });
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual({ message: 'incorrect login/password' });
    });

    it('is a soft delete: the row stays, marked deleted, and leaves the counts', async () => {
      const staff = await t.session('staff');
      const before = (await t.call('GET', '/home/counts', { token: staff.token })).json().data.users;
      const { token } = await t.session('concierge');
      await t.call('DELETE', '/account', { token });
      const row = await t.db
        .selectFrom('users')
        .select('deleted_at')
        .where('login', '=', 'concierge')
        .executeTakeFirst();
      expect(row?.deleted_at).toEqual(expect.any(String));
      expect((await t.call('GET', '/home/counts', { token: staff.token })).json().data.users).toBe(before - 1);
    });

    it('refuses to delete the only administrator of a project', async () => {
      const { token } = await t.session('admin', PASSWORDS.admin);
      const res = await t.call('DELETE', '/account', { token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'method or action prohibited' });
      expect((await t.call('GET', '/profile', { token })).statusCode).toBe(200);
    });

    it('counts every project: a second administrator in one project is not enough', async () => {
      const adminRole = await t.db
        .selectFrom('roles')
        .innerJoin('projects', 'projects.id', 'roles.project_id')
        .select(['roles.id', 'roles.project_id'])
        .where('roles.is_admin', '=', 1)
        .where('projects.name', '=', 'Riverside Residence')
        .executeTakeFirstOrThrow();
      const staffId = (
        await t.db.selectFrom('users').select('id').where('login', '=', 'staff').executeTakeFirstOrThrow()
      ).id;
      await t.db
        .updateTable('memberships')
        .set({ role_id: adminRole.id })
        .where('user_id', '=', staffId)
        .where('project_id', '=', adminRole.project_id)
        .execute();

      const { token } = await t.session('admin', PASSWORDS.admin);
      // Harbour Office still has no other administrator.
      expect((await t.call('DELETE', '/account', { token })).statusCode).toBe(403);

      const office = await t.db
        .selectFrom('roles')
        .innerJoin('projects', 'projects.id', 'roles.project_id')
        .select(['roles.id', 'roles.project_id'])
        .where('roles.is_admin', '=', 1)
        .where('projects.name', '=', 'Harbour Office')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('memberships')
        .values({
          user_id: staffId,
          project_id: office.project_id,
          role_id: office.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      expect((await t.call('DELETE', '/account', { token })).statusCode).toBe(200);
      // The remaining administrator cannot now leave either project without a successor.
      const staff = await t.session('staff');
      expect((await t.call('DELETE', '/account', { token: staff.token })).statusCode).toBe(403);
    });

    it('a deleted administrator no longer counts as a successor', async () => {
      const adminId = (
        await t.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()
      ).id;
      const staffId = (
        await t.db.selectFrom('users').select('id').where('login', '=', 'staff').executeTakeFirstOrThrow()
      ).id;
      // Make staff an administrator of Riverside Residence, then delete the admin user directly.
      const role = await t.db
        .selectFrom('roles')
        .select(['id', 'project_id'])
        .where('is_admin', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('memberships').set({ role_id: role.id }).where('user_id', '=', staffId).execute();
      await t.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', adminId).execute();
      const staff = await t.session('staff');
      expect((await t.call('DELETE', '/account', { token: staff.token })).statusCode).toBe(403);
    });
  });
});
