import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBERS } from '../../server/db/seed/telephony';
import {
  GeneratedSipNumberSchema,
  SIP_PASSWORD_PATTERN,
  SipNumberListSchema,
  SipNumberSchema,
} from '../../src/contract/entities/sip-number';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { demoIds, memberWith, q } from '../support/telephony';

describe.each(dialects)('virtual SIP numbers: CRUD, rules and limits (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;

  const list = async (params: Record<string, unknown>, token = tokens.admin) => {
    const res = await t.call('GET', `/sip-numbers/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(SipNumberListSchema, res.json());
  };
  const numbers = async (params: Record<string, unknown>, token = tokens.admin) =>
    (await list({ sort: 'number', ...params }, token)).data.map((n) => n.number);
  const generate = async (token = tokens.admin) => {
    const res = await t.call('GET', '/sip-numbers/generate', { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(GeneratedSipNumberSchema, res.json().data);
  };
  const create = (body: Record<string, unknown>, token = tokens.admin) =>
    t.call('PUT', '/sip-numbers', { token, body });
  const setLimits = (limits: Record<string, number>) =>
    t.db
      .updateTable('projects')
      .set({ settings: JSON.stringify({ sip_number_limits: limits }) })
      .where('id', '=', ids.project)
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('lists the demo numbers with their holders, searching number, name, user e-mail and device name', async () => {
    const all = await list({ sort: 'number' });
    expect(all.data.map((n) => [n.number, n.owner_info])).toEqual([
      [DEMO_NUMBERS.staff, 'Sam Staff'],
      [DEMO_NUMBERS.concierge, 'Cora Concierge'],
      [DEMO_NUMBERS.concierge2, 'Cole Concierge'],
      [DEMO_NUMBERS.resident, 'Rita Resident'],
      [DEMO_NUMBERS.master, 'Building A'],
      [DEMO_NUMBERS.panel, 'Entrance panel'],
    ]);
    const master = all.data.find((n) => n.number === DEMO_NUMBERS.master)!;
    expect(master).toMatchObject({ purpose: 'master_sip_number', domain: { name: 'Building A' }, user: null });
    const staff = all.data.find((n) => n.number === DEMO_NUMBERS.staff)!;
    expect(staff).toMatchObject({ forward_mode: 'picked', forward_group: { name: 'Unanswered to concierges' } });
    const search = (value: string) => numbers({ filters: [{ field: 'search', rule: 'contains', value }] });
    expect(await search('10001')).toEqual([DEMO_NUMBERS.resident]);
    expect(await search('rita')).toEqual([DEMO_NUMBERS.resident]);
    expect(await search('resident@example')).toEqual([DEMO_NUMBERS.resident]);
    expect(await search('entrance')).toEqual([DEMO_NUMBERS.panel]);
  });

  it('filters by holder group, holder, purpose and activity', async () => {
    const building = ids.groups['Building A'];
    expect(await numbers({ filters: [{ field: 'domains', rule: 'has', value: building }] })).toEqual([
      DEMO_NUMBERS.master,
      DEMO_NUMBERS.panel,
    ]);
    expect(await numbers({ filters: [{ field: 'user', rule: 'has', value: ids.users.resident }] })).toEqual([
      DEMO_NUMBERS.resident,
    ]);
    expect(await numbers({ filters: [{ field: 'purpose', rule: 'equals', value: 'master_sip_number' }] })).toEqual([
      DEMO_NUMBERS.master,
    ]);
    expect(await numbers({ filters: [{ field: 'device', rule: 'is', value: 'not_null' }] })).toEqual([
      DEMO_NUMBERS.panel,
    ]);
    expect((await list({ filters: [{ field: 'is_active', rule: 'equals', value: false }] })).meta.total).toBe(0);
  });

  it('generates the next free number and a password of digits, lower and upper case letters', async () => {
    const one = await generate();
    expect(one.number).toBe(String(Number(DEMO_NUMBERS.panel) + 1));
    expect(one.password).toMatch(SIP_PASSWORD_PATTERN);
    expect(one.password).toHaveLength(12);
    expect((await generate(tokens.staff)).number).toBe(one.number);
    for (const token of [tokens.concierge, tokens.resident]) {
      expect((await t.call('GET', '/sip-numbers/generate', { token })).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/sip-numbers/generate')).statusCode).toBe(401);
  });

  it('creates a number for a user with PUT and reads it back; the password goes only to editors', async () => {
    const { number, password } = await generate();
    const user = await memberWith(t, tokens.admin, 'night-guard', [], ids.groups['Riverside Residence']);
    const res = await create({ number, password, name: 'Night guard', user_id: user.id });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data as number;
    const got = v.parse(
      SipNumberSchema,
      (await t.call('GET', `/sip-numbers/${id}`, { token: tokens.admin })).json().data,
    );
    expect(got).toMatchObject({
      number,
      password,
      name: 'Night guard',
      is_active: true,
      is_reserved: false,
      user: { id: user.id, name: 'User night-guard' },
      forward_mode: 'disabled',
      purpose: null,
      owner_info: 'User night-guard',
    });
    // The concierge sees numbers of the root group's members, without their passwords.
    const seen = await t.call('GET', `/sip-numbers/${id}`, { token: tokens.concierge });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.password).toBeNull();
    // The user's own record lists it.
    const record = await t.call('GET', `/users/${user.id}`, { token: tokens.admin });
    expect(record.json().data.sip_numbers).toEqual([{ id, name: number }]);
  });

  it('validates the number, the password rule and the name', async () => {
    const bad = await create({ number: '12a', password: 'abcdef' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { number: { code: 'digits' }, password: { code: 'sip_password' } },
    });
    const short = await create({ number: '777777', password: 'aB1' });
    expect(short.json().errors.password).toEqual({ code: 'min_length', params: { length: 6 } });
    const long = await create({ number: '777777', password: `aB1${'x'.repeat(40)}` });
    expect(long.json().errors.password).toEqual({ code: 'max_length', params: { length: 31 } });
    const symbols = await create({ number: '777777', password: 'aB1-aB1-' });
    expect(symbols.json().errors.password).toEqual({ code: 'sip_password' });
    const missing = await create({ name: 'x' });
    expect(missing.json().errors).toMatchObject({ number: { code: 'required' }, password: { code: 'required' } });
    expect((await create({ number: '777777', password: 'Abc123', name: 'n'.repeat(65) })).json().errors.name).toEqual({
      code: 'max_length',
      params: { length: 64 },
    });
  });

  it('refuses a taken number, a second number of a device or a group, and two holders at once', async () => {
    const taken = await create({ number: DEMO_NUMBERS.staff, password: 'Abc123' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: 'virtual number not free', errors: { number: { code: 'not_unique' } } });
    const device = await create({ number: '700001', password: 'Abc123', device_id: ids.panel.id });
    expect(device.json()).toEqual({
      message: 'device already has a virtual number',
      errors: { device_id: { code: 'not_unique' } },
    });
    const group = await create({ number: '700001', password: 'Abc123', domain_id: ids.groups['Building A'] });
    expect(group.json()).toEqual({
      message: 'the sip number for the group already exists',
      errors: { domain_id: { code: 'not_unique' } },
    });
    const two = await create({
      number: '700001',
      password: 'Abc123',
      user_id: ids.users.staff,
      domain_id: ids.groups['Unit 102'],
    });
    expect(two.json()).toMatchObject({ errors: { user_id: { code: 'invalid' }, domain_id: { code: 'invalid' } } });
    const master = await create({ number: '700001', password: 'Abc123', purpose: 'master_sip_number' });
    expect(master.json().errors).toEqual({ domain_id: { code: 'required' } });
    const unknown = await create({ number: '700001', password: 'Abc123', user_id: 999_999 });
    expect(unknown.json()).toEqual({ message: 'invalid related entity sent', entities: ['user'] });
    expect((await numbers({})).includes('700001')).toBe(false);
  });

  it('forwarding: manual needs rule sets, picked needs a forward group', async () => {
    const manual = await create({ number: '700002', password: 'Abc123', forward_mode: 'manual' });
    expect(manual.json().errors).toEqual({ forward_rules: { code: 'required' } });
    const picked = await create({ number: '700002', password: 'Abc123', forward_mode: 'picked' });
    expect(picked.json().errors).toEqual({ forward_group_id: { code: 'required' } });
    const set = await t.db.selectFrom('forward_rule_sets').select('id').executeTakeFirstOrThrow();
    const wrong = await create({
      number: '700002',
      password: 'Abc123',
      forward_mode: 'manual',
      forward_rules: [12345],
    });
    expect(wrong.json()).toEqual({ message: 'invalid related entity sent', entities: ['forward_rules'] });
    const ok = await create({ number: '700002', password: 'Abc123', forward_mode: 'manual', forward_rules: [set.id] });
    expect(ok.statusCode, ok.body).toBe(200);
    const got = (await t.call('GET', `/sip-numbers/${ok.json().data}`, { token: tokens.admin })).json().data;
    expect(got.forward_rules).toEqual([{ id: set.id, name: 'Concierge desk' }]);
  });

  it('PATCH keeps the password when it is left out and checks a new one', async () => {
    const id = ids.numbers[DEMO_NUMBERS.concierge2]!;
    const before = (await t.call('GET', `/sip-numbers/${id}`, { token: tokens.admin })).json().data;
    const renamed = await t.call('PATCH', `/sip-numbers/${id}`, { token: tokens.admin, body: { name: 'Desk 2' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Desk 2', password: before.password });
    const bad = await t.call('PATCH', `/sip-numbers/${id}`, { token: tokens.admin, body: { password: 'lowercase1' } });
    expect(bad.json().errors).toEqual({ password: { code: 'sip_password' } });
    const changed = await t.call('PATCH', `/sip-numbers/${id}`, {
      token: tokens.admin,
      body: { password: 'NewPass42' },
    });
    expect(changed.json().data.password).toBe('NewPass42');
    await t.call('PATCH', `/sip-numbers/${id}`, {
      token: tokens.admin,
      body: { name: 'Cole Concierge', password: before.password },
    });
  });

  it('is_active needs sip_numbers.activate; is_reserved and purpose need sip_numbers.mark_system', async () => {
    const writer = await memberWith(
      t,
      tokens.admin,
      'number-writer',
      ['sip_numbers.view_all', 'sip_numbers.create', 'sip_numbers.edit'],
      ids.groups['Riverside Residence'],
    );
    const activated = await create({ number: '710001', password: 'Abc123', is_active: true }, writer.token);
    expect(activated.statusCode).toBe(403);
    expect(activated.json()).toEqual({ message: 'method or action prohibited' });
    const plain = await create({ number: '710001', password: 'Abc123' }, writer.token);
    expect(plain.statusCode, plain.body).toBe(200);
    const id = plain.json().data;
    expect((await t.call('GET', `/sip-numbers/${id}`, { token: writer.token })).json().data.is_active).toBe(false);
    const patch = (body: Record<string, unknown>, token = writer.token) =>
      t.call('PATCH', `/sip-numbers/${id}`, { token, body });
    expect((await patch({ is_active: true })).statusCode).toBe(403);
    expect((await patch({ is_active: false, name: 'Same state' })).statusCode).toBe(200);
    expect((await patch({ is_reserved: true })).statusCode).toBe(403);
    expect((await patch({ purpose: 'concierge' })).statusCode).toBe(403);
    expect((await create({ number: '710002', password: 'Abc123', is_reserved: true }, writer.token)).statusCode).toBe(
      403,
    );
    // Staff hold both.
    expect((await patch({ is_active: true, is_reserved: true, purpose: 'concierge' }, tokens.staff)).statusCode).toBe(
      200,
    );
    // The writer may still rename it without touching the guarded fields.
    const renamed = await patch({ name: 'Renamed', is_active: true, is_reserved: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('per-user, per-group and project limits answer the 8.2 messages with used and max', async () => {
    try {
      await setLimits({ user: 1 });
      const user = await create({ number: '720001', password: 'Abc123', user_id: ids.users.resident });
      expect(user.statusCode).toBe(400);
      expect(user.json()).toEqual({ message: 'sip number limit reached (per user)', params: { used: 1, max: 1 } });

      // Unit 101 counts the resident's number; a group number of the unit would be its second.
      await setLimits({ group: 1 });
      const group = await create({ number: '720001', password: 'Abc123', domain_id: ids.groups['Unit 101'] });
      expect(group.json()).toEqual({
        message: 'maximum of virtual numbers in group exceeded',
        params: { used: 1, max: 1 },
      });
      // A move into a full group is refused too.
      const move = await t.call('PATCH', `/sip-numbers/${ids.numbers[DEMO_NUMBERS.staff]}`, {
        token: tokens.admin,
        body: { user_id: ids.users.resident },
      });
      expect(move.json().message).toBe('maximum of virtual numbers in group exceeded');

      const total = (await list({})).meta.total;
      await setLimits({ project: total });
      const project = await create({ number: '720001', password: 'Abc123' });
      expect(project.json()).toEqual({
        message: 'sip number limit reached (total)',
        params: { used: total, max: total },
      });
    } finally {
      await setLimits({});
    }
    expect((await create({ number: '720001', password: 'Abc123' })).statusCode).toBe(200);
  });

  it('deletes user numbers but never a group or master number', async () => {
    const master = ids.numbers[DEMO_NUMBERS.master]!;
    const refused = await t.call('DELETE', `/sip-numbers/${master}`, { token: tokens.admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'cannot delete group or master numbers' });
    const { number, password } = await generate();
    const id = (await create({ number, password })).json().data;
    const mixed = await t.call('POST', '/sip-numbers/delete-all', {
      token: tokens.admin,
      body: { items: [id, master] },
    });
    expect(mixed.json().message).toBe('cannot delete group or master numbers');
    await t.db.updateTable('users').set({ sip_number_id: id }).where('id', '=', ids.users.staff).execute();
    const gone = await t.call('DELETE', `/sip-numbers/${id}`, { token: tokens.admin });
    expect(gone.json()).toEqual({ data: true });
    expect((await t.call('GET', `/sip-numbers/${id}`, { token: tokens.admin })).statusCode).toBe(404);
    const staff = await t.db
      .selectFrom('users')
      .select('sip_number_id')
      .where('id', '=', ids.users.staff)
      .executeTakeFirst();
    expect(staff?.sip_number_id).toBeNull();
    // The concierge has no delete permission; the resident no permission at all.
    expect((await t.call('DELETE', `/sip-numbers/${master}`, { token: tokens.concierge })).statusCode).toBe(403);
    expect((await t.call('GET', '/sip-numbers/items', { token: tokens.resident })).statusCode).toBe(403);
  });
});
