import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IpBlockingStatusSchema } from '../../src/contract/entities/ip-blocking';
import type { Filter } from '../../src/contract/filters';
import { IP_BLOCKING_TOPIC, type RealtimeMessage } from '../../src/contract/realtime';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { type ManualClock, manualClock } from '../support/clock';
import { rememberPasswordChecks } from '../support/remembered-verify';
import { connect, listening } from '../support/ws-client';

/**
 * The IP blocking area (7.8): the banned list with its filters, unban per
 * service and unban all (each written to audit_events), the whitelist with
 * its validation, the status, and the realtime topic of banned-list changes.
 * Bans are made the way clients make them: 20 failed logins from an address
 * (console), 10 calls to unknown numbers or 5 wrong passwords (SIP, counted
 * through the shared store the SIP server calls).
 */
const LOGIN_ATTEMPTS_TO_BAN = 20;
const FIRST_BAN = 15 * 60;

rememberPasswordChecks();

describe.each(dialects)('IP blocking area (%s)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let admin = '';
  let adminId = 0;
  let projectId = 0;

  const query = (params: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(params).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val)]),
    ).toString();
  const listBans = async (params: Record<string, unknown> = {}) => {
    const res = await t.call('GET', `/ip-blocking/bans/items?${query({ sort: 'ip,service', ...params })}`, {
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Record<string, unknown>[]; meta: { total: number } };
  };
  const banned = async (...filters: Filter[]) =>
    (await listBans({ filters })).data.map((ban) => `${ban.ip} ${ban.service} ${ban.cause}`);
  const banHttp = async (ip: string) => {
    for (let i = 1; i <= LOGIN_ATTEMPTS_TO_BAN; i++) {
      const res = await t.call('POST', '/login', {
        body: { login: `guess-${ip}-${i}`, password: 'wrong-password' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
  };
  const banSip = async (ip: string, cause: 'AUTH_FAILED' | 'WRONG_NUMBER') => {
    for (let i = 0; i < (cause === 'AUTH_FAILED' ? 5 : 10); i++) {
      await t.app.ctx.ipBlocking.recordFailure({ ip, service: 'sip', cause });
    }
  };
  const audit = (entity: string, action: string) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity', '=', entity)
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const post = (path: string, body: unknown, token = admin) => t.call('POST', path, { token, body });

  beforeAll(async () => {
    clock = manualClock();
    t = await buildTestApp(dialect, { clock });
    // The tests sweep themselves, at the times they choose.
    t.app.ctx.ipBlocking.stop();
    const session = await t.session('admin');
    admin = session.token;
    projectId = session.project.id;
    adminId = (await t.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('ip_bans').execute();
    await t.db.deleteFrom('ip_block_failures').execute();
    await t.db.deleteFrom('audit_events').execute();
  });

  it('lists the bans in force of both services, with filters on ip, service, cause and dates', async () => {
    await banHttp('203.0.113.1');
    await banSip('203.0.113.1', 'AUTH_FAILED');
    await banSip('198.51.100.7', 'WRONG_NUMBER');
    const all = await listBans();
    expect(all.meta.total).toBe(3);
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      ip: '198.51.100.7',
      service: 'sip',
      cause: 'WRONG_NUMBER',
      level: 1,
      banned_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + FIRST_BAN * 1000).toISOString(),
    });
    expect(await banned({ field: 'service', rule: 'equals', value: 'sip' })).toEqual([
      '198.51.100.7 sip WRONG_NUMBER',
      '203.0.113.1 sip AUTH_FAILED',
    ]);
    expect(await banned({ field: 'cause', rule: 'equals', value: 'AUTH_FAILED' })).toEqual([
      '203.0.113.1 http AUTH_FAILED',
      '203.0.113.1 sip AUTH_FAILED',
    ]);
    expect(await banned({ field: 'ip', rule: 'begins_with', value: '198.' })).toEqual([
      '198.51.100.7 sip WRONG_NUMBER',
    ]);
    expect(await banned({ field: 'search', rule: 'contains', value: '113.1' })).toHaveLength(2);
    const later = new Date(clock.now().getTime() + 1000).toISOString();
    expect(await banned({ field: 'banned_at', rule: 'above', value: later })).toEqual([]);
    expect(await banned({ field: 'expires_at', rule: 'above', value: later })).toHaveLength(3);
    const bad = await t.call(
      'GET',
      `/ip-blocking/bans/items?${query({ filters: [{ field: 'x', rule: 'is', value: null }] })}`,
      {
        token: admin,
      },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('unbans one address for one service, answers 404 when it is not banned, and writes who did it', async () => {
    await banHttp('203.0.113.2');
    await banSip('203.0.113.2', 'AUTH_FAILED');
    const res = await post('/ip-blocking/unban', { ip: '203.0.113.2', service: 'sip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: true });
    expect(await banned()).toEqual(['203.0.113.2 http AUTH_FAILED']);
    // Still banned from the console's logins: the unban was for SIP only.
    const refused = await t.call('POST', '/login', {
      body: { login: 'admin', password: PASSWORDS.admin },
      remoteAddress: '203.0.113.2',
    });
    expect(refused.statusCode).toBe(429);

    const [event] = await audit('ip_bans', 'unban');
    expect(event).toMatchObject({
      project_id: projectId,
      user_id: adminId,
      entity: 'ip_bans',
      entity_key: '203.0.113.2 sip',
    });
    expect(JSON.parse(event!.details)).toMatchObject({ ip: '203.0.113.2', service: 'sip', cause: 'AUTH_FAILED' });

    expect((await post('/ip-blocking/unban', { ip: '203.0.113.2', service: 'http' })).statusCode).toBe(200);
    const welcome = await t.call('POST', '/login', {
      body: { login: 'admin', password: PASSWORDS.admin },
      remoteAddress: '203.0.113.2',
    });
    expect(welcome.statusCode).toBe(200);

    const again = await post('/ip-blocking/unban', { ip: '203.0.113.2', service: 'http' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'item not found' });
    const wrong = await post('/ip-blocking/unban', { ip: '203.0.113', service: 'ftp' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { ip: { code: 'ip' }, service: { code: 'invalid' } },
    });
    expect(await audit('ip_bans', 'unban')).toHaveLength(2);
  });

  it('unbans all bans of a service, then all, each writing an audit row; the status shows them', async () => {
    await banHttp('203.0.113.3');
    await banSip('198.51.100.8', 'WRONG_NUMBER');
    await banSip('198.51.100.9', 'AUTH_FAILED');
    const before = v.parse(
      IpBlockingStatusSchema,
      (await t.call('GET', '/ip-blocking/status', { token: admin })).json().data,
    );
    expect(before.bans).toEqual({ total: 3, http: 1, sip: 2 });
    expect(before.recent_unbans).toEqual([]);

    const sip = await post('/ip-blocking/unban-all', { service: 'sip' });
    expect(sip.json()).toEqual({ data: { unbanned: 2 } });
    expect(await banned()).toEqual(['203.0.113.3 http AUTH_FAILED']);
    clock.advance(1);
    expect((await post('/ip-blocking/unban-all', {})).json()).toEqual({ data: { unbanned: 1 } });
    expect(await banned()).toEqual([]);

    const rows = await audit('ip_bans', 'unban_all');
    expect(rows.map((row) => [row.user_id, row.project_id, row.entity, row.entity_key])).toEqual([
      [adminId, projectId, 'ip_bans', 'sip'],
      [adminId, projectId, 'ip_bans', null],
    ]);
    expect(JSON.parse(rows[0]!.details)).toMatchObject({
      service: 'sip',
      unbanned: 2,
      bans: [
        { ip: expect.stringMatching(/^198\.51\.100\.[89]$/), service: 'sip' },
        { ip: expect.stringMatching(/^198\.51\.100\.[89]$/), service: 'sip' },
      ],
    });

    const status = await t.call('GET', '/ip-blocking/status', { token: admin });
    expect(status.statusCode).toBe(200);
    const data = v.parse(IpBlockingStatusSchema, status.json().data);
    expect(data.bans).toEqual({ total: 0, http: 0, sip: 0 });
    expect(data.recent_unbans).toEqual([
      {
        action: 'unban_all',
        ip: null,
        service: null,
        unbanned: 1,
        user: { id: adminId, name: expect.any(String) },
        at: clock.now().toISOString(),
      },
      {
        action: 'unban_all',
        ip: null,
        service: 'sip',
        unbanned: 2,
        user: { id: adminId, name: expect.any(String) },
        at: new Date(clock.now().getTime() - 1000).toISOString(),
      },
    ]);
  });

  it('adds whitelist entries in one spelling, refuses bad and duplicate ones, deletes them, and audits each change', async () => {
    const add = (ip: string, description?: string) =>
      t.call('PUT', '/ip-blocking/whitelist', { token: admin, body: { ip, description } });
    const range = await add(' 10.1.2.3/8 ', ' lab ');
    expect(range.statusCode, range.body).toBe(200);
    const v6 = await add('2001:DB8:0:0::1');
    expect(v6.statusCode, v6.body).toBe(200);

    const list = await t.call('GET', '/ip-blocking/whitelist/items?sort=ip', { token: admin });
    expect(list.json().data).toEqual([
      {
        id: range.json().data,
        ip: '10.0.0.0/8',
        description: 'lab',
        created_at: clock.now().toISOString(),
        created_by_user: { id: adminId, name: expect.any(String) },
      },
      expect.objectContaining({ id: v6.json().data, ip: '2001:db8::1', description: null }),
    ]);

    for (const bad of ['not-an-ip', '10.0.0.0/33', '300.1.1.1', '127.1', 'fe80::1%eth0']) {
      const res = await add(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ message: 'invalid data sent', errors: { ip: { code: 'ip_or_range' } } });
    }
    expect((await add('')).json()).toEqual({ message: 'invalid data sent', errors: { ip: { code: 'required' } } });
    const dup = await add('10.200.0.1/8');
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ message: 'ip already whitelisted', errors: { ip: { code: 'not_unique' } } });

    const resident = (await t.session('resident')).token;
    const entry = `/ip-blocking/whitelist/${v6.json().data}`;
    expect((await t.call('DELETE', entry, { token: resident })).statusCode).toBe(403);
    expect((await t.call('DELETE', entry)).statusCode).toBe(401);
    expect((await t.call('DELETE', entry, { token: admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/ip-blocking/whitelist/${v6.json().data}`, { token: admin })).statusCode).toBe(404);
    const all = await post('/ip-blocking/whitelist/delete-all', { all: true });
    expect(all.json()).toEqual({ data: { deleted: 1 } });
    expect((await t.call('GET', '/ip-blocking/whitelist/items', { token: admin })).json().meta.total).toBe(0);

    const added = await audit('ip_whitelist', 'create');
    const removed = await audit('ip_whitelist', 'delete');
    expect(added.map((row) => [row.user_id, row.entity, row.entity_key])).toEqual([
      [adminId, 'ip_whitelist', '10.0.0.0/8'],
      [adminId, 'ip_whitelist', '2001:db8::1'],
    ]);
    expect(removed.map((row) => row.entity_key)).toEqual(['2001:db8::1', '10.0.0.0/8']);
    expect(JSON.parse(removed[1]!.details)).toEqual({ ip: '10.0.0.0/8', description: 'lab' });
  });

  it('lifts the bans an added whitelist entry covers, and counts the whitelist in the status', async () => {
    await banHttp('203.0.113.5');
    await banSip('203.0.113.200', 'WRONG_NUMBER');
    const res = await t.call('PUT', '/ip-blocking/whitelist', {
      token: admin,
      body: { ip: '203.0.113.0/28', description: 'branch office' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await banned()).toEqual(['203.0.113.200 sip WRONG_NUMBER']);
    const [event] = await audit('ip_whitelist', 'create');
    expect(JSON.parse(event!.details)).toEqual({
      ip: '203.0.113.0/28',
      description: 'branch office',
      lifted: [{ ip: '203.0.113.5', service: 'http' }],
    });
    const status = v.parse(
      IpBlockingStatusSchema,
      (await t.call('GET', '/ip-blocking/status', { token: admin })).json().data,
    );
    expect(status.whitelist).toBe(1);
    expect(status.bans).toEqual({ total: 1, http: 0, sip: 1 });
    await t.call('DELETE', `/ip-blocking/whitelist/${res.json().data}`, { token: admin });
  });

  it('tells subscribed settings viewers when the banned list changes; a resident may not listen', async () => {
    const origin = await listening(t.app);
    const viewer = await connect(origin, admin);
    const resident = await connect(origin, (await t.session('resident')).token);
    try {
      expect((await viewer.subscribe(IP_BLOCKING_TOPIC)).data.type).toBe('subscription.succeeded');
      expect((await resident.subscribe(IP_BLOCKING_TOPIC)).data).toEqual({
        type: 'subscription.refused',
        message: 'method or action prohibited',
      });
      const change = (reason: string) => (m: RealtimeMessage) =>
        m.topic === IP_BLOCKING_TOPIC && m.data.type === 'IpBansChanged' && m.data.reason === reason;

      await banHttp('203.0.113.7');
      expect((await viewer.next(change('banned'))).data).toEqual({ type: 'IpBansChanged', reason: 'banned' });
      await post('/ip-blocking/unban', { ip: '203.0.113.7', service: 'http' });
      await viewer.next(change('unbanned'));

      await banSip('198.51.100.70', 'AUTH_FAILED');
      await viewer.next(change('banned'));
      clock.advance(FIRST_BAN);
      expect(await t.app.ctx.ipBlocking.sweep()).toBe(1);
      await viewer.next(change('expired'));
      expect(await banned()).toEqual([]);
      // A lapse is announced once, however many sweeps (or nodes) see it.
      expect(await t.app.ctx.ipBlocking.sweep()).toBe(0);

      // The whitelist's size is on the status: adding or removing an entry is announced too.
      const entry = await t.call('PUT', '/ip-blocking/whitelist', { token: admin, body: { ip: '192.0.2.0/24' } });
      expect(entry.statusCode).toBe(200);
      await viewer.next(change('whitelisted'));
      await t.call('DELETE', `/ip-blocking/whitelist/${entry.json().data}`, { token: admin });
      await viewer.next(change('unwhitelisted'));
    } finally {
      viewer.close();
      resident.close();
    }
  });
});
