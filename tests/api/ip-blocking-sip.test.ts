import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SipUserAgent } from '../../server/sip/ua/user-agent';
import { dialects, PASSWORDS } from '../support/api-app';
import { type ManualClock, manualClock } from '../support/clock';
import { buildSipTestApp, NUMBERS, type SipTestApp } from '../support/sip';

/**
 * The SIP server shares the IP-blocking store with the console (7.8): its
 * bans are in the banned list and lifted by the unban call, its addresses
 * follow the whitelist the console edits (ranges included), its bans step up
 * like the console's, and a SIP ban does not shut the address out of the
 * console's login (bans are per service). 5 wrong SIP passwords within a
 * minute ban an address; the first ban lasts 15 min, the next within a day 1 h.
 */
const SIP_AUTH_ATTEMPTS = 5;
const FIRST_BAN = 15 * 60;
const SECOND_BAN = 60 * 60;

describe.each(dialects)('SIP bans in the IP-blocking area (%s)', (dialect) => {
  let t: SipTestApp;
  let clock: ManualClock;
  let admin = '';
  const connect = (password: string) =>
    SipUserAgent.connect({ url: `wss://127.0.0.1:${t.port}`, domain: t.domain, number: NUMBERS.resident, password });
  /** Wrong passwords until the server bans 127.0.0.1 and drops the connection. */
  const getBanned = async () => {
    const ua = await connect('wrong-password');
    for (let i = 1; i < SIP_AUTH_ATTEMPTS; i++) expect((await ua.register()).status).toBe(401);
    void ua.register();
    await ua.closed;
  };
  const listed = async () => {
    const res = await t.call('GET', '/ip-blocking/bans/items', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      ip: string;
      service: string;
      cause: string;
      level: number;
      banned_at: string;
      expires_at: string;
    }[];
  };

  beforeAll(async () => {
    clock = manualClock();
    t = await buildSipTestApp(dialect, { clock });
    t.app.ctx.ipBlocking.stop();
    admin = (await t.session('admin')).token;
  });
  afterAll(() => t.close());

  it('lists a SIP ban, keeps the console login open to the address, and lifts it with the unban call', async () => {
    await getBanned();
    expect(await listed()).toEqual([
      expect.objectContaining({ ip: '127.0.0.1', service: 'sip', cause: 'AUTH_FAILED', level: 1 }),
    ]);
    await expect(connect('x')).rejects.toThrow(/403/);
    // Banned from SIP only.
    expect((await t.call('POST', '/login', { body: { login: 'admin', password: PASSWORDS.admin } })).statusCode).toBe(
      200,
    );

    const res = await t.call('POST', '/ip-blocking/unban', { token: admin, body: { ip: '127.0.0.1', service: 'sip' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed()).toEqual([]);
    const ua = await t.registered(NUMBERS.resident);
    await ua.close();
    const audit = await t.db.selectFrom('audit_events').selectAll().execute();
    expect(audit).toMatchObject([{ action: 'unban', entity_key: '127.0.0.1 sip' }]);
  });

  it('bans a returning SIP offender a step longer', async () => {
    await getBanned();
    const [first] = await listed();
    expect((Date.parse(first!.expires_at) - Date.parse(first!.banned_at)) / 1000).toBe(FIRST_BAN);
    clock.advance(FIRST_BAN);
    await getBanned();
    const [second] = await listed();
    expect(second).toMatchObject({ level: 2 });
    expect((Date.parse(second!.expires_at) - Date.parse(second!.banned_at)) / 1000).toBe(SECOND_BAN);
    const all = await t.call('POST', '/ip-blocking/unban-all', { token: admin, body: { service: 'sip' } });
    expect(all.json()).toEqual({ data: { unbanned: 1 } });
  });

  it('never bans an address a whitelisted range covers', async () => {
    const res = await t.call('PUT', '/ip-blocking/whitelist', { token: admin, body: { ip: '127.0.0.0/8' } });
    expect(res.statusCode, res.body).toBe(200);
    const ua = await connect('wrong-password');
    for (let i = 0; i < SIP_AUTH_ATTEMPTS + 2; i++) expect((await ua.register()).status).toBe(401);
    expect(ua.open).toBe(true);
    await ua.close();
    expect(await listed()).toEqual([]);
    expect(await t.db.selectFrom('ip_block_failures').selectAll().execute()).toEqual([]);
  });
});
