import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBERS } from '../../server/db/seed/telephony';
import { FORWARD_DEFAULTS } from '../../src/contract/constants';
import { ForwardGroupSchema, ForwardRuleSetSchema } from '../../src/contract/entities/forward-rule';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';
import { q } from '../support/telephony';

describe.each(dialects)('forward rule sets and forward groups (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  const put = (path: string, body: unknown, token = tokens.admin) => t.call('PUT', path, { token, body });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
  });
  afterAll(() => t.close());

  it('lists the demo rule set and group with who uses them', async () => {
    const sets = await t.call('GET', `/forward-rules/items?${q({ sort: 'name' })}`, { token: tokens.staff });
    expect(sets.statusCode, sets.body).toBe(200);
    const [desk] = v.parse(v.array(ForwardRuleSetSchema), sets.json().data);
    expect(desk).toMatchObject({
      name: 'Concierge desk',
      params: { numbers: [DEMO_NUMBERS.concierge, DEMO_NUMBERS.concierge2], timeout: 60, days: [], period: null },
      // The demo forward group redirects to it.
      used_by: 1,
    });
    const groups = await t.call('GET', '/forward-groups/items', { token: tokens.staff });
    const [group] = v.parse(v.array(ForwardGroupSchema), groups.json().data);
    expect(group).toMatchObject({
      name: 'Unanswered to concierges',
      forward_rules: [
        {
          type: 'redirect_if_no_answer',
          is_immediately: false,
          timeout: 30,
          forward_rules: [{ name: 'Concierge desk' }],
        },
        { type: 'redirect_if_error', enabled: true, timeout: 10, forward_rules: [{ name: 'Concierge desk' }] },
      ],
      used_by: 1,
    });
  });

  it('creates a rule set with the defaults of section 9 and reads it back', async () => {
    const res = await put('/forward-rules', { name: 'Night', params: { numbers: [DEMO_NUMBERS.staff] } });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await t.call('GET', `/forward-rules/${res.json().data}`, { token: tokens.admin })).json().data;
    expect(got.params).toEqual({
      numbers: [DEMO_NUMBERS.staff],
      timeout: FORWARD_DEFAULTS.ruleSetTimeout,
      days: [],
      period: null,
      trunk_numbers: [],
    });
    const full = await put('/forward-rules', {
      name: 'Weekdays',
      params: {
        numbers: [],
        trunk_numbers: ['+3712000001'],
        timeout: 25,
        days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        period: { from: 32_400, to: 64_800 },
      },
    });
    expect(full.statusCode, full.body).toBe(200);
  });

  it('section 5: at least one number, existing active numbers, a period in order, a unique name', async () => {
    const none = await put('/forward-rules', { name: 'Empty', params: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'invalid data sent',
      errors: { 'params.numbers': { code: 'one_required' } },
    });
    const unknown = await put('/forward-rules', { name: 'Unknown', params: { numbers: ['999999'] } });
    expect(unknown.json().errors).toEqual({ 'params.numbers': { code: 'invalid' } });
    await t.db.updateTable('sip_numbers').set({ is_active: 0 }).where('number', '=', DEMO_NUMBERS.resident).execute();
    const inactive = await put('/forward-rules', { name: 'Inactive', params: { numbers: [DEMO_NUMBERS.resident] } });
    expect(inactive.json().errors).toEqual({ 'params.numbers': { code: 'inactive' } });
    await t.db.updateTable('sip_numbers').set({ is_active: 1 }).where('number', '=', DEMO_NUMBERS.resident).execute();
    const period = await put('/forward-rules', {
      name: 'Backwards',
      params: { numbers: [DEMO_NUMBERS.staff], period: { from: 64_800, to: 32_400 } },
    });
    expect(period.json().errors).toEqual({ 'params.period.to': { code: 'time_order' } });
    const shapes = await put('/forward-rules', {
      name: '',
      params: { numbers: ['12a'], trunk_numbers: ['+37 12'], timeout: 601, days: ['someday'] },
    });
    expect(shapes.json().errors).toMatchObject({
      name: { code: 'required' },
      'params.numbers.0': { code: 'digits' },
      'params.trunk_numbers.0': { code: 'digits' },
      'params.timeout': { code: 'max_value', params: { max: 600 } },
      'params.days.0': { code: 'invalid' },
    });
    const dup = await put('/forward-rules', { name: 'Concierge desk', params: { numbers: [DEMO_NUMBERS.staff] } });
    expect(dup.json().errors).toEqual({ name: { code: 'not_unique' } });
  });

  it('forward groups: defaults 60 and 10, at least one queue, an enabled error redirect names its rule sets', async () => {
    const set = (await put('/forward-rules', { name: 'Backup', params: { numbers: [DEMO_NUMBERS.staff] } })).json()
      .data;
    const res = await put('/forward-groups', {
      name: 'Backup group',
      forward_rules: [{ type: 'redirect_if_no_answer', forward_rules: [set] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await t.call('GET', `/forward-groups/${res.json().data}`, { token: tokens.admin })).json().data;
    expect(got.forward_rules).toEqual([
      {
        type: 'redirect_if_no_answer',
        is_immediately: false,
        timeout: 60,
        forward_rules: [{ id: set, name: 'Backup' }],
      },
      { type: 'redirect_if_error', enabled: false, timeout: 10, forward_rules: [] },
    ]);
    const empty = await put('/forward-groups', { name: 'Nothing', forward_rules: [] });
    expect(empty.json()).toEqual({ message: 'invalid data sent', errors: { forward_rules: { code: 'one_required' } } });
    const error = await put('/forward-groups', {
      name: 'Error only',
      forward_rules: [
        { type: 'redirect_if_no_answer', forward_rules: [set] },
        { type: 'redirect_if_error', enabled: true },
      ],
    });
    expect(error.json().errors).toEqual({ 'forward_rules.1.forward_rules': { code: 'required' } });
    const twice = await put('/forward-groups', {
      name: 'Twice',
      forward_rules: [
        { type: 'redirect_if_error', enabled: true, forward_rules: [set] },
        { type: 'redirect_if_error', enabled: false },
      ],
    });
    expect(twice.json().errors).toEqual({ forward_rules: { code: 'invalid' } });
    const unknown = await put('/forward-groups', {
      name: 'Unknown',
      forward_rules: [{ type: 'redirect_if_no_answer', forward_rules: [98765] }],
    });
    expect(unknown.json()).toEqual({ message: 'invalid related entity sent', entities: ['forward_rules'] });
    const patched = await t.call('PATCH', `/forward-groups/${res.json().data}`, {
      token: tokens.admin,
      body: { forward_rules: [{ type: 'redirect_if_no_answer', is_immediately: true, forward_rules: [set] }] },
    });
    expect(patched.json().data.forward_rules[0]).toMatchObject({ is_immediately: true, timeout: 60 });
    // Names are unique in the project, on create and on rename; keeping one's own name is fine.
    const dup = await put('/forward-groups', {
      name: 'Backup group',
      forward_rules: [{ type: 'redirect_if_no_answer', forward_rules: [set] }],
    });
    expect(dup.json()).toEqual({ message: 'invalid data sent', errors: { name: { code: 'not_unique' } } });
    const other = (
      await put('/forward-groups', {
        name: 'Other group',
        forward_rules: [{ type: 'redirect_if_no_answer', forward_rules: [set] }],
      })
    ).json().data;
    const renamed = await t.call('PATCH', `/forward-groups/${other}`, {
      token: tokens.admin,
      body: { name: 'Backup group' },
    });
    expect(renamed.json().errors).toEqual({ name: { code: 'not_unique' } });
    const same = await t.call('PATCH', `/forward-groups/${res.json().data}`, {
      token: tokens.admin,
      body: { name: 'Backup group' },
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses to delete a rule set or a group that is still used; unused ones go', async () => {
    const [desk] = (await t.call('GET', '/forward-rules/items?size=1', { token: tokens.admin })).json().data;
    const refused = await t.call('DELETE', `/forward-rules/${desk.id}`, { token: tokens.admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'cannot perform action', entities: ['forward_groups'] });
    const demoGroup = await t.db
      .selectFrom('forward_groups')
      .select('id')
      .where('name', '=', 'Unanswered to concierges')
      .executeTakeFirstOrThrow();
    const used = await t.call('DELETE', `/forward-groups/${demoGroup.id}`, { token: tokens.admin });
    expect(used.json()).toEqual({ message: 'cannot perform action', entities: ['sip_numbers'] });
    const lone = (await put('/forward-rules', { name: 'Lone', params: { numbers: [DEMO_NUMBERS.staff] } })).json().data;
    expect((await t.call('DELETE', `/forward-rules/${lone}`, { token: tokens.admin })).json()).toEqual({ data: true });
  });

  it('permissions: forward_rules.* for staff and admin; concierge and resident have none', async () => {
    for (const token of [tokens.concierge, tokens.resident]) {
      expect((await t.call('GET', '/forward-rules/items', { token })).statusCode).toBe(403);
      expect((await t.call('GET', '/forward-groups/items', { token })).statusCode).toBe(403);
      expect((await put('/forward-rules', { name: 'X', params: { numbers: ['100001'] } }, token)).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/forward-rules/items')).statusCode).toBe(401);
  });
});
