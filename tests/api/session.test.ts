import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../../server/domain/auth/refresh-tokens';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';

describe.each(dialects)('session (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  describe('POST /login', () => {
    it('gives the administrator one session per project: Riverside Residence and Harbour Office', async () => {
      const res = await t.call('POST', '/login', { body: { login: 'admin', password: PASSWORDS.admin } });
      expect(res.statusCode).toBe(200);
      const sessions = res.json().data;
      expect(sessions.map((s: { project: { name: string } }) => s.project.name)).toEqual([
        'Riverside Residence',
        'Harbour Office',
      ]);
      for (const s of sessions) {
        expect(s.token.split('.')).toHaveLength(3);
        expect(s.refresh).toMatch(/^[\w-]{40,}$/);
      }
      expect(sessions[0].token).not.toBe(sessions[1].token);
      expect(sessions[0].refresh).not.toBe(sessions[1].refresh);
    });

    it('gives staff a single session', async () => {
      const sessions = await t.login('staff', PASSWORDS.demo);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]?.project.name).toBe('Riverside Residence');
    });

    it('the access token names the user and the project', async () => {
      const [office] = (await t.login('admin', PASSWORDS.admin)).filter((s) => s.project.name === 'Harbour Office');
      const profile = await t.call('GET', '/profile', { token: office!.token });
      expect(profile.json().data.project).toEqual({ id: office!.project.id, name: 'Harbour Office' });
      expect(profile.json().data.login).toBe('admin');
    });

    it('refuses a wrong password with 401 incorrect login/password', async () => {
      const res = await t.call('POST', '/login', { body: { login: 'admin', password: 'not-the-password' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'incorrect login/password' });
    });

    it('answers an unknown login exactly like a wrong password', async () => {
      const res = await t.call('POST', '/login', { body: { login: 'nobody', password: PASSWORDS.admin } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'incorrect login/password' });
    });

    it('refuses a user with the right password but no project with 403', async () => {
      const hash = (
        await t.db.selectFrom('users').select('password_hash').where('login', '=', 'staff').executeTakeFirstOrThrow()
      ).password_hash;
      const now = new Date().toISOString();
      await t.db
        .insertInto('users')
        .values({
          login: 'loner',
          password_hash: hash,
          name: 'Lone User',
          activated_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const res = await t.call('POST', '/login', { body: { login: 'loner', password: PASSWORDS.demo } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'method or action prohibited' });
    });

    it('refuses an invited user who was never activated', async () => {
      const hash = (
        await t.db.selectFrom('users').select('password_hash').where('login', '=', 'staff').executeTakeFirstOrThrow()
      ).password_hash;
      const now = new Date().toISOString();
      await t.db
        .insertInto('users')
        .values({ login: 'invitee', password_hash: hash, name: 'Invited User', created_at: now, updated_at: now })
        .execute();
      const res = await t.call('POST', '/login', { body: { login: 'invitee', password: PASSWORDS.demo } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'incorrect login/password' });
    });

    it('validates the body: missing password → 400 with errors.password', async () => {
      const res = await t.call('POST', '/login', { body: { login: 'admin' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid data sent', errors: { password: { code: 'required' } } });
    });

    it('stores refresh tokens hashed, never in clear', async () => {
      const [s] = await t.login('resident', PASSWORDS.demo);
      const clear = await t.db.selectFrom('refresh_tokens').select('id').where('token_hash', '=', s!.refresh).execute();
      expect(clear).toHaveLength(0);
      const hashed = await t.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('token_hash', '=', hashRefreshToken(s!.refresh))
        .execute();
      expect(hashed).toHaveLength(1);
    });
  });

  describe('POST /refresh-tokens', () => {
    it('rotates: a new pair that works, in place of the spent refresh token', async () => {
      const s = await t.session('concierge');
      const res = await t.call('POST', '/refresh-tokens', { body: { token: s.refresh } });
      expect(res.statusCode).toBe(200);
      const pair = res.json().data;
      expect(pair.refresh).not.toBe(s.refresh);
      const profile = await t.call('GET', '/profile', { token: pair.token });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data.login).toBe('concierge');
      // The new refresh token rotates again.
      const again = await t.call('POST', '/refresh-tokens', { body: { token: pair.refresh } });
      expect(again.statusCode).toBe(200);
    });

    it('keeps the project of the session it rotates', async () => {
      const office = await t.session('admin', PASSWORDS.admin, 'Harbour Office');
      const pair = (await t.call('POST', '/refresh-tokens', { body: { token: office.refresh } })).json().data;
      const profile = await t.call('GET', '/profile', { token: pair.token });
      expect(profile.json().data.project.name).toBe('Harbour Office');
    });

    it('refuses a reused refresh token and revokes its whole family', async () => {
      const s = await t.session('staff');
      const first = await t.call('POST', '/refresh-tokens', { body: { token: s.refresh } });
      expect(first.statusCode).toBe(200);
      const fresh = first.json().data;

      const reuse = await t.call('POST', '/refresh-tokens', { body: { token: s.refresh } });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ message: 'invalid token' });

      // The family is gone: the legitimate newer refresh token and access token stop working too.
      const newer = await t.call('POST', '/refresh-tokens', { body: { token: fresh.refresh } });
      expect(newer.statusCode).toBe(401);
      const access = await t.call('GET', '/profile', { token: fresh.token });
      expect(access.statusCode).toBe(401);
      expect(access.json()).toEqual({ message: 'not_authorized', code: 'not_authorized' });
    });

    it('revoking one family leaves the other sessions of the user alone', async () => {
      const sessions = await t.login('admin', PASSWORDS.admin);
      const [a, b] = sessions;
      await t.call('POST', '/refresh-tokens', { body: { token: a!.refresh } });
      await t.call('POST', '/refresh-tokens', { body: { token: a!.refresh } }); // reuse → family a revoked
      expect((await t.call('GET', '/profile', { token: a!.token })).statusCode).toBe(401);
      expect((await t.call('GET', '/profile', { token: b!.token })).statusCode).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const res = await t.call('POST', '/refresh-tokens', { body: { token: 'made-up-token' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid token' });
    });

    it('refuses an expired refresh token', async () => {
      const s = await t.session('resident');
      await t.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashRefreshToken(s.refresh))
        .execute();
      const res = await t.call('POST', '/refresh-tokens', { body: { token: s.refresh } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid token' });
    });

    it('validates the body: an empty token → 400 errors.token required', async () => {
      const res = await t.call('POST', '/refresh-tokens', { body: { token: '' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ token: { code: 'required' } });
    });
  });
});
