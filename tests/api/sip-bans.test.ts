import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAN_RULES, banSecondsOf } from '../../server/domain/security/rules';
import { SipUserAgent } from '../../server/sip/ua/user-agent';
import { dialects } from '../support/api-app';
import { buildSipTestApp, NUMBERS, OFFER, type SipTestApp } from '../support/sip';

const SIP_BAN_RULES = BAN_RULES.sip as Required<typeof BAN_RULES.sip>;

describe.each(dialects)('SIP IP blocking hooks (%s)', (dialect) => {
  let t: SipTestApp;
  const bans = () => t.db.selectFrom('ip_bans').selectAll().execute();
  const connect = (number: string, password?: string) =>
    SipUserAgent.connect({ url: `wss://127.0.0.1:${t.port}`, domain: t.domain, number, password: password ?? 'x' });

  beforeAll(async () => {
    t = await buildSipTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('bans an address after repeated wrong passwords (AUTH_FAILED) and refuses it', async () => {
    const ua = await connect(NUMBERS.resident, 'wrong-password');
    for (let i = 1; i < SIP_BAN_RULES.AUTH_FAILED.attempts; i++) expect((await ua.register()).status).toBe(401);
    expect(await bans()).toEqual([]);
    void ua.register();
    await ua.closed;
    const [ban] = await bans();
    expect(ban).toMatchObject({ ip: '127.0.0.1', service: 'sip', cause: 'AUTH_FAILED' });
    expect(new Date(ban!.expires_at!).getTime()).toBeGreaterThan(Date.now() + banSecondsOf(1) * 1000 - 60_000);
    await expect(connect(NUMBERS.resident)).rejects.toThrow(/403/);
    await t.db.deleteFrom('ip_bans').execute();
    // Lifted ban: the right password works again.
    const good = await t.registered(NUMBERS.resident);
    await good.close();
  });

  it('bans an address that keeps calling numbers that do not exist (WRONG_NUMBER)', async () => {
    const ua = await t.registered(NUMBERS.resident);
    for (let i = 1; i < SIP_BAN_RULES.WRONG_NUMBER.attempts; i++) {
      expect((await ua.call(`80${i}`, { sdp: OFFER }).answered).status).toBe(404);
    }
    expect(await bans()).toEqual([]);
    void ua.call('8099', { sdp: OFFER });
    await ua.closed;
    expect(await bans()).toMatchObject([{ ip: '127.0.0.1', cause: 'WRONG_NUMBER' }]);
    await t.db.deleteFrom('ip_bans').execute();
  });

  it('never bans a whitelisted address', async () => {
    await t.db.insertInto('ip_whitelist').values({ ip: '127.0.0.1', created_at: new Date().toISOString() }).execute();
    const ua = await connect(NUMBERS.resident, 'wrong-password');
    for (let i = 0; i < SIP_BAN_RULES.AUTH_FAILED.attempts + 1; i++) expect((await ua.register()).status).toBe(401);
    expect(await bans()).toEqual([]);
    expect(ua.open).toBe(true);
    await ua.close();
  });
});
