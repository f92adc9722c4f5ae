import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBERS } from '../../server/db/seed/telephony';
import { CallHistoryListSchema, DialerHistorySchema } from '../../src/contract/entities/call-history';
import type { Filter } from '../../src/contract/filters';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { demoIds, memberWith, q } from '../support/telephony';

describe.each(dialects)('call history and dialer history (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;

  const list = async (params: Record<string, unknown>, token = tokens.admin) => {
    const res = await t.call('GET', `/calls/history/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(CallHistoryListSchema, res.json());
  };
  const pairs = async (...filters: Filter[]) =>
    (await list({ filters })).data.map((c) => `${c.from.number}>${c.to.number}:${c.status}`);
  const dialer = async (number: string, token: string, search = '') => {
    const res = await t.call('GET', `/calls/history/dialer/${number}${search}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(DialerHistorySchema, res.json().data);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('lists the calls newest first with both ends named', async () => {
    const page = await list({});
    expect(page.meta.total).toBe(4);
    expect(page.data.map((c) => c.started_at)).toEqual([...page.data.map((c) => c.started_at)].sort().reverse());
    const sos = page.data[0]!;
    expect(sos).toMatchObject({
      from: { number: DEMO_NUMBERS.panel, user: null, name: 'Entrance panel' },
      to: { number: DEMO_NUMBERS.master, user: null, name: 'Building A reception' },
      answered_by: DEMO_NUMBERS.concierge2,
      status: 'answered',
      type: 'awaiting',
      is_sos: true,
      duration: 18,
    });
    const direct = page.data.find((c) => c.from.number === DEMO_NUMBERS.resident)!;
    expect(direct.from.user).toEqual({ id: ids.users.resident, name: 'Rita Resident' });
    const one = await t.call('GET', `/calls/history/${direct.id}`, { token: tokens.admin });
    expect(one.json().data).toEqual(direct);
    expect((await t.call('GET', '/calls/history/999999', { token: tokens.admin })).statusCode).toBe(404);
  });

  it('filters by outcome, SOS, number, direction and date range; searches names and numbers', async () => {
    expect(await pairs({ field: 'status', rule: 'equals', value: 'noanswer' })).toEqual([
      `${DEMO_NUMBERS.concierge2}>${DEMO_NUMBERS.resident}:noanswer`,
    ]);
    expect((await list({ filters: [{ field: 'is_sos', rule: 'equals', value: true }] })).meta.total).toBe(1);
    const rita = { field: 'number', rule: 'equals', value: DEMO_NUMBERS.resident } as const;
    expect(await pairs(rita)).toHaveLength(2);
    expect(await pairs(rita, { field: 'direction', rule: 'equals', value: 'incoming' })).toEqual([
      `${DEMO_NUMBERS.concierge2}>${DEMO_NUMBERS.resident}:noanswer`,
    ]);
    expect(await pairs(rita, { field: 'direction', rule: 'equals', value: 'outgoing' })).toEqual([
      `${DEMO_NUMBERS.resident}>${DEMO_NUMBERS.concierge}:answered`,
    ]);
    const first = (await list({ sort: 'started_at', size: 1 })).data[0]!;
    expect(await pairs({ field: 'date_to', rule: 'equals_below', value: first.started_at })).toEqual([
      `${DEMO_NUMBERS.panel}>${DEMO_NUMBERS.master}:answered`,
    ]);
    const later = new Date(Date.parse(first.started_at) + 60_000).toISOString();
    expect((await list({ filters: [{ field: 'date_from', rule: 'equals_above', value: later }] })).meta.total).toBe(3);
    const bad = await t.call(
      'GET',
      `/calls/history/items?${q({ filters: [{ field: 'date_from', rule: 'equals_above', value: 'yesterday' }] })}`,
      { token: tokens.admin },
    );
    expect(bad.statusCode).toBe(400);
    expect((await list({ filters: [{ field: 'search', rule: 'contains', value: 'rita' }] })).meta.total).toBe(2);
  });

  it('direction without a number filter is seen from the caller’s own numbers', async () => {
    const incoming = await list(
      { filters: [{ field: 'direction', rule: 'equals', value: 'incoming' }] },
      tokens.concierge,
    );
    expect(incoming.data.map((c) => c.from.number)).toEqual([DEMO_NUMBERS.resident]);
    const outgoing = await list(
      { filters: [{ field: 'direction', rule: 'equals', value: 'outgoing' }] },
      tokens.concierge,
    );
    expect(outgoing.meta.total).toBe(0);
  });

  it('calls.view_history reads the list; the resident may not', async () => {
    expect((await t.call('GET', '/calls/history/items', { token: tokens.resident })).statusCode).toBe(403);
    expect((await t.call('GET', '/calls/history/items')).statusCode).toBe(401);
  });

  it('dialer history: the number’s calls, newest first, incoming or outgoing as seen from it', async () => {
    const history = await dialer(DEMO_NUMBERS.resident, tokens.resident);
    expect(history.total).toBe(2);
    expect(history.items.map((i) => [i.type, i.status, i.from.user_name, i.to.user_name])).toEqual([
      ['incoming', 'noanswer', 'Cole Concierge', 'Rita Resident'],
      ['outgoing', 'answered', 'Rita Resident', 'Cora Concierge'],
    ]);
    // Page 1, size 50 by default; paging answers the same total.
    const second = await dialer(DEMO_NUMBERS.resident, tokens.resident, '?page=2&size=1');
    expect(second).toMatchObject({ total: 2, items: [{ type: 'outgoing' }] });
    // A new call lands at the top.
    await t.db
      .insertInto('call_history')
      .values({
        project_id: ids.project,
        speech_id: randomUUID(),
        from_number: DEMO_NUMBERS.resident,
        to_number: DEMO_NUMBERS.master,
        status: 'cancel',
        started_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await dialer(DEMO_NUMBERS.resident, tokens.resident)).items[0]).toMatchObject({
      type: 'outgoing',
      status: 'cancel',
      to: { number: DEMO_NUMBERS.master, user_name: 'Building A reception' },
    });
  });

  it('dialer history of another’s number needs calls.view_history; to others it is as unknown as a free number', async () => {
    // 404 like a number nobody holds: a member cannot tell held numbers from free ones here.
    expect(
      (await t.call('GET', `/calls/history/dialer/${DEMO_NUMBERS.concierge}`, { token: tokens.resident })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/calls/history/dialer/999999', { token: tokens.resident })).statusCode).toBe(404);
    expect((await dialer(DEMO_NUMBERS.resident, tokens.concierge)).total).toBe(3);
    expect((await t.call('GET', '/calls/history/dialer/999999', { token: tokens.concierge })).statusCode).toBe(404);
    const bad = await t.call('GET', `/calls/history/dialer/${DEMO_NUMBERS.resident}?size=0`, {
      token: tokens.resident,
    });
    expect(bad.statusCode).toBe(400);
    const stranger = await memberWith(t, tokens.admin, 'stranger', [], ids.groups['Unit 102']);
    expect(
      (await t.call('GET', `/calls/history/dialer/${DEMO_NUMBERS.resident}`, { token: stranger.token })).statusCode,
    ).toBe(404);
  });
});

describe.each(dialects)('call interception settings (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('starts inactive, offering the user’s groups and those below them', async () => {
    const res = await t.call('GET', '/calls/interception', { token: tokens.concierge });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      isActive: false,
      groups: [],
      userGroups: (['Riverside Residence', 'Building A', 'Unit 101', 'Unit 102', 'Unit 201'] as const).map((name) => ({
        id: ids.groups[name],
        name,
      })),
    });
  });

  it('starting needs at least one group; saved choices come back', async () => {
    const none = await t.call('POST', '/calls/interception', {
      token: tokens.concierge,
      body: { isActive: true, groups: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'invalid data sent', errors: { groups: { code: 'required' } } });
    const unit = ids.groups['Unit 101']!;
    const on = await t.call('POST', '/calls/interception', {
      token: tokens.concierge,
      body: { isActive: true, groups: [unit] },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ isActive: true, groups: [{ id: unit, name: 'Unit 101' }] });
    expect((await t.call('GET', '/calls/interception', { token: tokens.concierge })).json().data.isActive).toBe(true);
    const off = await t.call('POST', '/calls/interception', {
      token: tokens.concierge,
      body: { isActive: false, groups: [] },
    });
    expect(off.json().data).toMatchObject({ isActive: false, groups: [] });
  });

  it('groups outside the user’s reach are refused; the permission is calls.interception', async () => {
    const unitKeeper = await memberWith(t, tokens.admin, 'icpt', ['calls.interception'], ids.groups['Unit 101']);
    const outside = await t.call('POST', '/calls/interception', {
      token: unitKeeper.token,
      body: { isActive: true, groups: [ids.groups['Building A']] },
    });
    expect(outside.json()).toEqual({ message: 'invalid related entity sent', entities: ['groups'] });
    expect((await t.call('GET', '/calls/interception', { token: tokens.resident })).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/calls/interception', { token: tokens.resident, body: { isActive: false, groups: [] } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/calls/interception')).statusCode).toBe(401);
  });
});
