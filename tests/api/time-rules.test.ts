import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeRuleListSchema, TimeRuleSchema } from '../../src/contract/entities/time-rule';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * Schedules (issue 12; doc 1 §3, doc 2 §6.2, §7.5): the time-rule entity with its defaults and
 * validation, scopes (view: one's own, view_all: the project), the refusal to delete a schedule
 * access rules use, the editor's preview of occurrences in the project's zone, and the day calendar.
 * Expected instants are worked out by hand (Europe/Berlin: CEST +2 until 2026-10-25, then CET +1).
 */
describe.each(dialects)('time rules (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let viewer = { id: 0, token: '' };
  let author = { id: 0, token: '' };
  let projectId = 0;

  const put = (body: unknown, token = admin) => t.call('PUT', '/time-rules', { token, body });
  const create = async (body: Record<string, unknown>, token = admin) => {
    const res = await put(body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const item = async (id: number, token = admin) => {
    const res = await t.call('GET', `/time-rules/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(TimeRuleSchema, res.json().data);
  };
  const names = async (token: string, params: Record<string, unknown> = {}) => {
    const res = await t.call('GET', `/time-rules/items?${q({ sort: 'name', ...params })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(TimeRuleListSchema, res.json()).data.map((r) => r.name);
  };
  const fieldErrors = async (body: unknown) => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('invalid data sent');
    return Object.fromEntries(
      Object.entries(res.json().errors as Record<string, { code: string }>).map(([k, e]) => [k, e.code]),
    );
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    const ids = await demoIds(t);
    projectId = ids.projectId;
    // The project's zone is a project setting (/general-settings).
    const zone = await t.call('PATCH', '/project/general', { token: admin, body: { time_zone: 'Europe/Berlin' } });
    expect(zone.statusCode, zone.body).toBe(200);
    viewer = await addProjectUser(t, { login: 'sched-viewer', permissions: ['schedules.view'], group: 'Building A' });
    author = await addProjectUser(t, {
      login: 'sched-author',
      permissions: ['schedules.view', 'schedules.create', 'schedules.edit', 'schedules.delete'],
      group: 'Building A',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a schedule with the §3 and §9 defaults; the item shows its next occurrence in the project zone', async () => {
    const id = await create({ name: 'Opening day', valid_from: '2099-01-05' });
    const rule = await item(id);
    expect(rule).toMatchObject({
      name: 'Opening day',
      description: null,
      valid_from: '2099-01-05',
      valid_to: null,
      is_all_day: false,
      from: 32400,
      to: 64800,
      repeat_mode: 'never',
      repeat_duration_mode: 'forever',
      repeat_custom_mode: 'daily',
      months: [],
      weekdays: [],
      days: [],
      looper: null,
      use_day_types: false,
      day_iteration: 1,
      day_type: 'day',
      access_rules: [],
      // 09:00 and 18:00 CET (+1).
      next_occurrence: { from: '2099-01-05T08:00:00Z', to: '2099-01-05T17:00:00Z' },
    });
    expect(rule.created_by_user?.name).toBeTruthy();
  });

  it('seeds the demo schedules and a holiday; working hours follow the calendar', async () => {
    expect(await names(admin)).toEqual(['Cleaning (Tue/Thu mornings)', 'Opening day', 'Weekends', 'Working hours']);
    const year = new Date().getUTCFullYear();
    const days = await t.call('GET', `/time-rules/days/items?year=${year}`, { token: admin });
    expect(days.json().data).toEqual([{ date: `${year}-12-25`, day_type: 'holiday', name: 'Christmas Day' }]);
    const list = await t.call('GET', `/time-rules/items?${q({ sort: 'name' })}`, { token: admin });
    const working = v.parse(TimeRuleListSchema, list.json()).data.find((r) => r.name === 'Working hours');
    expect(working).toMatchObject({
      repeat_mode: 'daily',
      use_day_types: true,
      day_type: 'workday',
      from: 28800,
      to: 72000,
    });
  });

  it('refuses bad definitions with field errors', async () => {
    expect(await fieldErrors({ name: '', valid_from: '2026-01-01' })).toEqual({ name: 'required' });
    expect(await fieldErrors({ name: 'x', valid_from: '2026-02-30' })).toEqual({ valid_from: 'invalid' });
    expect(await fieldErrors({ name: 'x', valid_from: '2026-03-10', valid_to: '2026-03-09' })).toEqual({
      valid_to: 'time_order',
    });
    expect(await fieldErrors({ name: 'x', valid_from: '2026-03-10', from: 3600, to: 3600 })).toEqual({
      to: 'time_order',
    });
    expect(await fieldErrors({ name: 'x', valid_from: '2026-03-10', to: 86401 })).toEqual({ to: 'max_value' });
    expect(
      await fieldErrors({ name: 'x', valid_from: '2026-03-10', repeat_mode: 'daily', repeat_duration_mode: 'count' }),
    ).toEqual({ repeat_duration_count: 'required' });
    expect(
      await fieldErrors({
        name: 'x',
        valid_from: '2026-03-10',
        repeat_mode: 'daily',
        repeat_duration_mode: 'count',
        repeat_duration_count: 0,
      }),
    ).toEqual({ repeat_duration_count: 'min_value' });
    expect(
      await fieldErrors({ name: 'x', valid_from: '2026-03-10', repeat_mode: 'custom', repeat_custom_mode: 'weekly' }),
    ).toEqual({ weekdays: 'required' });
    expect(
      await fieldErrors({ name: 'x', valid_from: '2026-03-10', repeat_mode: 'custom', repeat_custom_mode: 'yearly' }),
    ).toEqual({ days: 'one_required', months: 'required' });
    expect(await fieldErrors({ name: 'x', valid_from: '2026-03-10', weekdays: ['funday'] })).toEqual({
      'weekdays.0': 'invalid',
    });
  });

  it('accepts an overnight window (to before from)', async () => {
    const id = await create({
      name: 'Night shift',
      valid_from: '2026-03-10',
      repeat_mode: 'daily',
      from: 79200,
      to: 21600,
    });
    expect(await item(id)).toMatchObject({ from: 79200, to: 21600 });
  });

  it('patches into the stored definition and checks the merged whole', async () => {
    const id = await create({
      name: 'Cleaning',
      valid_from: '2026-03-01',
      repeat_mode: 'custom',
      repeat_custom_mode: 'weekly',
      weekdays: ['tue', 'thu'],
      from: 21600,
      to: 32400,
    });
    const renamed = await t.call('PATCH', `/time-rules/${id}`, { token: admin, body: { name: 'Cleaning crew' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Cleaning crew', weekdays: ['tue', 'thu'], from: 21600 });
    const emptied = await t.call('PATCH', `/time-rules/${id}`, { token: admin, body: { weekdays: [] } });
    expect(emptied.statusCode, emptied.body).toBe(400);
    expect(emptied.json().errors.weekdays.code).toBe('required');
    expect((await item(id)).weekdays).toEqual(['tue', 'thu']);
  });

  it('scopes: view sees what one created, view_all the project; others are not found', async () => {
    const own = await create({ name: 'Author own', valid_from: '2026-03-01' }, author.token);
    const adminOnly = await create({ name: 'Admin only', valid_from: '2026-03-01' });
    expect(await names(author.token)).toEqual(['Author own']);
    expect(await names(viewer.token)).toEqual([]);
    expect(await names(admin)).toEqual(
      expect.arrayContaining(['Admin only', 'Author own', 'Cleaning crew', 'Weekends']),
    );
    expect((await t.call('GET', `/time-rules/${adminOnly}`, { token: author.token })).statusCode).toBe(404);
    expect(
      (await t.call('PATCH', `/time-rules/${adminOnly}`, { token: author.token, body: { name: 'Taken' } })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `/time-rules/${adminOnly}`, { token: author.token })).statusCode).toBe(404);
    expect((await put({ name: 'Not mine', valid_from: '2026-03-01' }, viewer.token)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/time-rules/${own}`, { token: author.token })).statusCode).toBe(200);
    expect(await names(author.token)).toEqual([]);
  });

  it('refuses to delete a schedule access rules use, naming them; the item lists them', async () => {
    const id = await create({ name: 'Office hours', valid_from: '2026-03-01', repeat_mode: 'daily' });
    const now = new Date().toISOString();
    const rule = await t.db
      .insertInto('access_rules')
      .values({ project_id: projectId, name: 'Staff doors', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('access_rule_time_rules').values({ access_rule_id: rule.id, time_rule_id: id }).execute();
    expect((await item(id)).access_rules).toEqual([{ id: rule.id, name: 'Staff doors' }]);
    expect(
      await names(admin, { filters: JSON.stringify([{ field: 'access_rules', rule: 'has', value: [rule.id] }]) }),
    ).toEqual(['Office hours']);
    const refused = await t.call('DELETE', `/time-rules/${id}`, { token: admin });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'schedule used by access rules: {rules}',
      params: { rules: 'Staff doors' },
    });
    await t.db.deleteFrom('access_rules').where('id', '=', rule.id).execute();
    expect((await t.call('DELETE', `/time-rules/${id}`, { token: admin })).statusCode).toBe(200);
  });

  const tuesdaysThursdays = {
    valid_from: '2026-10-20',
    repeat_mode: 'custom',
    repeat_custom_mode: 'weekly',
    weekdays: ['tue', 'thu'],
    from: 21600,
    to: 32400,
  };

  it('previews occurrences of a draft in the project zone, across the autumn change', async () => {
    const res = await t.call('POST', '/time-rules/occurrences', {
      token: viewer.token,
      body: { definition: tuesdaysThursdays, from: '2026-10-22T12:00:00Z', count: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      time_zone: 'Europe/Berlin',
      items: [
        { from: '2026-10-27T05:00:00Z', to: '2026-10-27T08:00:00Z' },
        { from: '2026-10-29T05:00:00Z', to: '2026-10-29T08:00:00Z' },
        { from: '2026-11-03T05:00:00Z', to: '2026-11-03T08:00:00Z' },
      ],
    });
    const bad = await t.call('POST', '/time-rules/occurrences', {
      token: admin,
      body: { definition: { ...tuesdaysThursdays, weekdays: [] }, count: 3 },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors['definition.weekdays'].code).toBe('required');
    const tooMany = await t.call('POST', '/time-rules/occurrences', {
      token: admin,
      body: { definition: tuesdaysThursdays, count: 51 },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps the day calendar: put, replace, list by year, delete; workday schedules skip its holidays', async () => {
    const day = await t.call('PUT', '/time-rules/days', {
      token: admin,
      body: { date: '2026-10-27', day_type: 'workday', name: 'Moved' },
    });
    expect(day.statusCode, day.body).toBe(200);
    const replaced = await t.call('PUT', '/time-rules/days', {
      token: admin,
      body: { date: '2026-10-27', day_type: 'holiday', name: 'Founders day' },
    });
    expect(replaced.json().data).toEqual({ date: '2026-10-27', day_type: 'holiday', name: 'Founders day' });
    await t.call('PUT', '/time-rules/days', { token: admin, body: { date: '2027-01-01', day_type: 'holiday' } });
    const list = await t.call('GET', '/time-rules/days/items?year=2026', { token: viewer.token });
    expect(list.statusCode, list.body).toBe(200);
    // The demo's own holiday (Christmas Day of the seed's year) is left out of these checks.
    const notDemo = (days: { date: string; name: string | null }[]) => days.filter((d) => d.name !== 'Christmas Day');
    expect(notDemo(list.json().data)).toEqual([{ date: '2026-10-27', day_type: 'holiday', name: 'Founders day' }]);
    const all = await t.call('GET', '/time-rules/days/items', { token: viewer.token });
    expect(notDemo(all.json().data).map((d) => d.date)).toEqual(['2026-10-27', '2027-01-01']);

    const preview = await t.call('POST', '/time-rules/occurrences', {
      token: admin,
      body: {
        definition: { ...tuesdaysThursdays, use_day_types: true, day_type: 'workday' },
        from: '2026-10-22T12:00:00Z',
        count: 2,
      },
    });
    expect(preview.json().data.items).toEqual([
      { from: '2026-10-29T05:00:00Z', to: '2026-10-29T08:00:00Z' },
      { from: '2026-11-03T05:00:00Z', to: '2026-11-03T08:00:00Z' },
    ]);

    expect(
      (
        await t.call('PUT', '/time-rules/days', {
          token: viewer.token,
          body: { date: '2026-12-24', day_type: 'holiday' },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await t.call('PUT', '/time-rules/days', {
      token: admin,
      body: { date: '2026-13-01', day_type: 'rest' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'day_type']);
    expect((await t.call('DELETE', '/time-rules/days/2026-10-27', { token: admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', '/time-rules/days/2026-10-27', { token: admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/time-rules/days/2027-01-01', { token: viewer.token })).statusCode).toBe(403);
  });
});
