import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '../../server/db/seed/roles';
import { CALLS, type CallKey } from '../../src/contract/http';
import { buildTestApp, dialects, JWT_SECRET, PASSWORDS, type TestApp } from '../support/api-app';

const NOT_AUTHORIZED = { message: 'not_authorized', code: 'not_authorized' };
const protectedRoutes = (Object.keys(CALLS) as CallKey[]).filter(
  (k) => CALLS[k].access.kind === 'member' || CALLS[k].access.kind === 'permission',
);

/** The claims of a real token, to forge variants of it. */
function claimsOf(token: string): { sub: string; pid: number; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

function sign(claims: Record<string, unknown>, exp: number, secret = JWT_SECRET): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(exp - 900)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

const now = () => Math.floor(Date.now() / 1000);

describe.each(dialects)('authentication and permissions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('covers the protected routes of the contract', () => {
    expect(protectedRoutes).toEqual(
      expect.arrayContaining([
        'GET /profile',
        'PATCH /profile',
        'POST /profile/password',
        'PATCH /profile/mobile-client/popup/active',
        'DELETE /account',
        'GET /home/counts',
        'GET /system/info',
      ]),
    );
  });

  it.each(protectedRoutes)('%s without a token → 401 not_authorized', async (key) => {
    const [method, path] = key.split(' ') as ['GET', string];
    const res = await t.call(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHORIZED);
  });

  it('refuses a header that is not a bearer token', async () => {
    const { token } = await t.session('staff');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v0/profile',
      headers: { authorization: `Basic ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHORIZED);
  });

  it('refuses a malformed token', async () => {
    const res = await t.call('GET', '/profile', { token: 'not.a.jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHORIZED);
  });

  it('refuses an expired access token with 401 not_authorized (the console refreshes on it)', async () => {
    const { token } = await t.session('staff');
    const expired = await sign(claimsOf(token), now() - 5);
    const res = await t.call('GET', '/profile', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHORIZED);
    // The same claims, unexpired, pass: the expiry alone made the difference.
    const fresh = await sign(claimsOf(token), now() + 60);
    expect((await t.call('GET', '/profile', { token: fresh })).statusCode).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const { token } = await t.session('staff');
    const forged = await sign(claimsOf(token), now() + 60, 'another-secret-that-is-long-enough-000000');
    expect((await t.call('GET', '/profile', { token: forged })).statusCode).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const { token } = await t.session('staff');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claimsOf(token), exp: now() + 60 })).toString('base64url');
    expect((await t.call('GET', '/profile', { token: `${header}.${payload}.` })).statusCode).toBe(401);
  });

  it('refuses a validly signed token for a project the user is not a member of', async () => {
    const staff = await t.session('staff');
    const office = await t.session('admin', PASSWORDS.admin, 'Harbour Office');
    const intruder = await sign({ ...claimsOf(staff.token), pid: office.project.id }, now() + 60);
    expect((await t.call('GET', '/profile', { token: intruder })).statusCode).toBe(401);
  });

  it('honours an expired-TTL setting: tokens die after ACCESS_TOKEN_TTL', async () => {
    const short = await buildTestApp(dialect, { env: { ACCESS_TOKEN_TTL: '3' } });
    try {
      const { token } = await short.session('resident');
      expect((await short.call('GET', '/profile', { token })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const res = await short.call('GET', '/profile', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHORIZED);
    } finally {
      await short.close();
    }
  });

  describe('permissions', () => {
    it('GET /system/info answers a holder of system.view_info', async () => {
      const { token } = await t.session('admin', PASSWORDS.admin);
      const res = await t.call('GET', '/system/info', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ database: dialect, node_version: process.version });
    });

    it.each(['staff', 'concierge', 'resident'])('GET /system/info → 403 for %s', async (login) => {
      const { token } = await t.session(login);
      const res = await t.call('GET', '/system/info', { token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'method or action prohibited' });
    });

    it('reads the role on every request: a changed role applies without a new login', async () => {
      const { token } = await t.session('concierge');
      const role = await t.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'concierge')
        .executeTakeFirstOrThrow();
      const setPermissions = (permissions: string[]) =>
        t.db
          .updateTable('roles')
          .set({ permissions: JSON.stringify(permissions) })
          .where('id', '=', role.id)
          .execute();
      try {
        await setPermissions([...ROLE_PRESETS.concierge, 'system.view_info']);
        expect((await t.call('GET', '/system/info', { token })).statusCode).toBe(200);
        expect((await t.call('GET', '/profile', { token })).json().data.role.permissions).toContain('system.view_info');
        await setPermissions(ROLE_PRESETS.concierge);
        expect((await t.call('GET', '/system/info', { token })).statusCode).toBe(403);
      } finally {
        await setPermissions(ROLE_PRESETS.concierge);
      }
    });

    it('gives the administrator role the whole catalogue even if its stored list is stale', async () => {
      const { token } = await t.session('admin', PASSWORDS.admin);
      await t.db.updateTable('roles').set({ permissions: '[]' }).where('is_admin', '=', 1).execute();
      try {
        expect((await t.call('GET', '/system/info', { token })).statusCode).toBe(200);
      } finally {
        await t.db
          .updateTable('roles')
          .set({ permissions: JSON.stringify(ROLE_PRESETS.admin) })
          .where('is_admin', '=', 1)
          .execute();
      }
    });

    it('authenticates before it validates: an anonymous caller learns nothing about field rules', async () => {
      const res = await t.call('PATCH', '/profile', { body: { email: 'broken' } });
      expect(res.statusCode).toBe(401);
    });
  });
});
