import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { type ManualClock, manualClock } from '../support/clock';
import { rememberPasswordChecks } from '../support/remembered-verify';

/**
 * Brute force on the console's credential calls (7.8 IP blocking): failed
 * logins ban the address, failures on one login lock it, bans step up on
 * repeat, whitelisted addresses are never refused. The rules are written
 * here as numbers, not read from the code: 20 failures within 15 minutes ban
 * an address for 15 min, then 1 h, then 24 h while it comes back within a day
 * of its last ban; 10 failures on a login within 15 minutes lock it 15 min.
 * The app trusts X-Forwarded-For from loopback only (TRUST_PROXY=loopback).
 */
const ADDRESS_ATTEMPTS = 20;
const LOGIN_ATTEMPTS = 10;
const FIRST_BAN = 15 * 60;
const SECOND_BAN = 60 * 60;
const THIRD_BAN = 24 * 60 * 60;
const LOCK = 15 * 60;
const DAY = 24 * 60 * 60;

rememberPasswordChecks();

describe.each(dialects)('IP blocking of the credential calls (%s)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let admin = '';

  const login = (user: string, password: string, from: string, headers?: Record<string, string>) =>
    t.call('POST', '/login', { body: { login: user, password }, remoteAddress: from, headers });
  /** `count` failed logins from `from`, each on a login of its own (no login lock gets in the way). */
  const failFrom = async (from: string, count: number, prefix: string) => {
    for (let i = 1; i <= count; i++) {
      const res = await login(`${prefix}-${i}`, 'wrong-password', from);
      expect(res.statusCode, res.body).toBe(401);
    }
  };
  const banOf = (ip: string, service = 'http') =>
    t.db.selectFrom('ip_bans').selectAll().where('ip', '=', ip).where('service', '=', service).executeTakeFirst();
  const refusedAsBlocked = (res: Awaited<ReturnType<typeof login>>, seconds: number) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ message: 'too many requests' });
    expect(res.headers['retry-after']).toBe(String(seconds));
  };

  beforeAll(async () => {
    clock = manualClock();
    t = await buildTestApp(dialect, { clock, env: { TRUST_PROXY: 'loopback' } });
    admin = (await t.session('admin')).token;
  });
  afterAll(() => t.close());

  it('bans an address after 20 failed logins: even the right password is refused, another address logs in', async () => {
    const from = '203.0.113.10';
    await failFrom(from, ADDRESS_ATTEMPTS - 1, 'a');
    expect(await banOf(from)).toBeUndefined();
    expect((await login('admin', PASSWORDS.admin, from)).statusCode).toBe(200);
    await failFrom(from, 1, 'a-last');
    expect(await banOf(from)).toMatchObject({ cause: 'AUTH_FAILED', level: 1 });

    refusedAsBlocked(await login('admin', PASSWORDS.admin, from), FIRST_BAN);
    expect((await login('admin', PASSWORDS.admin, '203.0.113.11')).statusCode).toBe(200);
  });

  it('refuses the other public credential calls from the banned address, and only from it', async () => {
    const from = '203.0.113.10';
    const [session] = await t.login('staff', PASSWORDS.demo);
    const refresh = (remoteAddress: string) =>
      t.call('POST', '/refresh-tokens', { body: { token: session!.refresh }, remoteAddress });
    refusedAsBlocked(await refresh(from), FIRST_BAN);
    refusedAsBlocked(
      await t.call('POST', '/password/recovery', { body: { email: 'staff@example.com' }, remoteAddress: from }),
      FIRST_BAN,
    );
    refusedAsBlocked(
      await t.call('POST', '/password/reset', {
        body: { code: 'some-recovery-code', password: 'new-password-1' },
        remoteAddress: from,
      }),
      FIRST_BAN,
    );
    expect((await refresh('203.0.113.12')).statusCode).toBe(200);
  });

  it('counts wrong password-reset codes against the address too', async () => {
    const from = '203.0.113.20';
    const reset = () =>
      t.call('POST', '/password/reset', {
        body: { code: 'not-a-recovery-code', password: 'new-password-1' },
        remoteAddress: from,
      });
    for (let i = 0; i < ADDRESS_ATTEMPTS; i++) {
      const res = await reset();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'verification link outdated or incorrect' });
    }
    refusedAsBlocked(await reset(), FIRST_BAN);
  });

  it('locks a login failed 10 times from many addresses, the same way whether it exists or not', async () => {
    for (let i = 1; i <= LOGIN_ATTEMPTS; i++) {
      expect((await login('staff', 'wrong-password', `198.51.100.${i}`)).statusCode).toBe(401);
      expect((await login('ghost', 'wrong-password', `198.51.100.${i}`)).statusCode).toBe(401);
    }
    const staff = await login('staff', PASSWORDS.demo, '198.51.100.200');
    const ghost = await login('ghost', PASSWORDS.demo, '198.51.100.201');
    refusedAsBlocked(staff, LOCK);
    refusedAsBlocked(ghost, LOCK);
    expect(staff.body).toBe(ghost.body);
    // The addresses are not banned: other logins go on from them.
    expect((await login('concierge', PASSWORDS.demo, '198.51.100.1')).statusCode).toBe(200);
    clock.advance(LOCK - 1);
    refusedAsBlocked(await login('staff', PASSWORDS.demo, '198.51.100.200'), 1);
    clock.advance(1);
    expect((await login('staff', PASSWORDS.demo, '198.51.100.200')).statusCode).toBe(200);
  });

  it('forgets the failures of a login once it logs in, and counts again from there', async () => {
    const tryAt = (i: number) => login('resident', 'wrong-password', `198.51.100.${100 + i}`);
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i < LOGIN_ATTEMPTS; i++) expect((await tryAt(i)).statusCode).toBe(401);
      expect((await login('resident', PASSWORDS.demo, '198.51.100.150')).statusCode).toBe(200);
    }
    for (let i = 1; i <= LOGIN_ATTEMPTS; i++) expect((await tryAt(i)).statusCode).toBe(401);
    refusedAsBlocked(await login('resident', PASSWORDS.demo, '198.51.100.150'), LOCK);
  });

  it('never counts, bans or refuses a whitelisted address, even on a locked login', async () => {
    const added = await t.call('PUT', '/ip-blocking/whitelist', {
      token: admin,
      body: { ip: '192.0.2.0/24', description: 'office' },
    });
    expect(added.statusCode, added.body).toBe(200);
    await failFrom('192.0.2.77', ADDRESS_ATTEMPTS + 5, 'w');
    expect(await banOf('192.0.2.77')).toBeUndefined();
    expect((await login('admin', PASSWORDS.admin, '192.0.2.77')).statusCode).toBe(200);

    for (let i = 1; i <= LOGIN_ATTEMPTS; i++) {
      expect((await login('concierge2', 'wrong-password', `198.51.100.${40 + i}`)).statusCode).toBe(401);
    }
    refusedAsBlocked(await login('concierge2', PASSWORDS.demo, '198.51.100.60'), LOCK);
    expect((await login('concierge2', PASSWORDS.demo, '192.0.2.5')).statusCode).toBe(200);
  });

  it('bans a repeat offender longer each time within a day: 15 min, 1 h, 24 h, then 15 min once a day has passed', async () => {
    const from = '203.0.113.50';
    const banLength = async () => {
      const ban = await banOf(from);
      return (Date.parse(ban!.expires_at!) - Date.parse(ban!.banned_at)) / 1000;
    };
    await failFrom(from, ADDRESS_ATTEMPTS, 'e1');
    refusedAsBlocked(await login('admin', PASSWORDS.admin, from), FIRST_BAN);
    expect(await banLength()).toBe(FIRST_BAN);

    clock.advance(FIRST_BAN);
    expect((await login('admin', PASSWORDS.admin, from)).statusCode).toBe(200);
    await failFrom(from, ADDRESS_ATTEMPTS, 'e2');
    refusedAsBlocked(await login('admin', PASSWORDS.admin, from), SECOND_BAN);
    expect(await banLength()).toBe(SECOND_BAN);

    clock.advance(SECOND_BAN + 60);
    await failFrom(from, ADDRESS_ATTEMPTS, 'e3');
    refusedAsBlocked(await login('admin', PASSWORDS.admin, from), THIRD_BAN);

    // The last step is the longest there is.
    clock.advance(THIRD_BAN + 60);
    await failFrom(from, ADDRESS_ATTEMPTS, 'e4');
    refusedAsBlocked(await login('admin', PASSWORDS.admin, from), THIRD_BAN);

    // A day after the end of its last ban the address starts again from the first step.
    clock.advance(THIRD_BAN + DAY + 1);
    await t.app.ctx.ipBlocking.sweep();
    await failFrom(from, ADDRESS_ATTEMPTS, 'e5');
    refusedAsBlocked(await login('admin', PASSWORDS.admin, from), FIRST_BAN);
  });

  it('takes the client address from X-Forwarded-For only when a trusted proxy (here loopback) sends it', async () => {
    const client = '203.0.113.99';
    for (let i = 1; i <= ADDRESS_ATTEMPTS; i++) {
      const res = await login(`p-${i}`, 'wrong-password', '127.0.0.1', { 'x-forwarded-for': client });
      expect(res.statusCode).toBe(401);
    }
    expect(await banOf(client)).toMatchObject({ level: 1 });
    expect(await banOf('127.0.0.1')).toBeUndefined();
    refusedAsBlocked(await login('admin', PASSWORDS.admin, '127.0.0.1', { 'x-forwarded-for': client }), FIRST_BAN);
    // The proxy itself and its other clients go on; an untrusted peer cannot claim the banned address.
    expect((await login('admin', PASSWORDS.admin, '127.0.0.1')).statusCode).toBe(200);
    expect(
      (await login('admin', PASSWORDS.admin, '203.0.113.98', { 'x-forwarded-for': '203.0.113.97' })).statusCode,
    ).toBe(200);
    expect(await banOf('203.0.113.97')).toBeUndefined();
    expect((await login('admin', PASSWORDS.admin, '203.0.113.98', { 'x-forwarded-for': client })).statusCode).toBe(200);
  });
});
