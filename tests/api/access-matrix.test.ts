import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessMatrixPage, AccessMatrixSchema } from '../../src/contract/entities/access-matrix';
import { clearDemoAccess, insertIdentifier, insertRule, insertTimeRule } from '../support/access-rows';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { q } from '../support/telephony';

/**
 * GET /access-matrix/items and /download (7.5): users × doors with the rules that reach each cell
 * — directly, through a group or one below it, through an identifier — prohibitions marked, the
 * group filter and search, paging, and only the rules, devices and users the caller sees.
 */
describe.each(dialects)('access matrix (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const door = { gate: 0, side: 0, office: 0 };
  const user = { direct: 0, sub: 0, card: 0 };
  const rule = { residents: 0, direct: 0, card: 0, ban: 0, own: 0, office: 0 };
  const time = { work: 0, nights: 0 };
  let owner = { id: 0, token: '' };
  let narrow = { id: 0, token: '' };

  const page = async (params: Record<string, unknown>, token = admin): Promise<AccessMatrixPage> => {
    const res = await t.call('GET', `/access-matrix/items?${q(params)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AccessMatrixSchema, res.json());
  };
  /** A row's cells as `device#lock → [rule id, via]`, for rows of `users` only. */
  const cells = (answer: AccessMatrixPage, userId: number) =>
    Object.fromEntries(
      (answer.data.items.find((r) => r.id === userId)?.cells ?? []).map((c) => [
        `${c.device_id}#${c.lock_number}`,
        c.rules.map((r) => [r.id, r.via]),
      ]),
    );
  const doorKeys = (answer: AccessMatrixPage) => answer.data.doors.map((d) => `${d.device_id}#${d.lock_number}`);
  const addDevice = async (name: string, group: string) => {
    const res = await t.call('PUT', '/devices', {
      token: admin,
      body: { name, type: 'panel', serial_number: name.toUpperCase().replace(/ /g, '-'), domain_id: ids.groups[group] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const member = async (login: string, group: string) => {
    const made = await addProjectUser(t, { login, permissions: [], group });
    return made.id;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    await clearDemoAccess(t);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    door.gate = await addDevice('Gate', 'Building A');
    door.side = await addDevice('Side door', 'Building A');
    door.office = await addDevice('Office door', 'Riverside Residence');
    user.direct = await member('mx-direct', 'Building A');
    user.sub = await member('mx-sub', 'Unit 102');
    user.card = await member('mx-card', 'Unit 201');
    owner = await addProjectUser(t, {
      login: 'mx-owner',
      permissions: ['access_rules.view', 'users.view_all', 'devices.view_all'],
      group: 'Riverside Residence',
    });
    narrow = await addProjectUser(t, {
      login: 'mx-narrow',
      permissions: ['access_rules.view_all', 'users.view', 'devices.view'],
      group: 'Building A',
    });
    time.work = await insertTimeRule(t, ids.projectId, 'Working hours');
    time.nights = await insertTimeRule(t, ids.projectId, 'Nights');
    const card = await insertIdentifier(t, ids.projectId, { value: '5001', owner_id: user.card });
    // A revoked card does not count among the user's identifiers.
    await insertIdentifier(t, ids.projectId, {
      value: '5002',
      owner_id: user.card,
      revoked_at: '2026-01-01T00:00:00Z',
    });
    rule.residents = await insertRule(t, ids.projectId, {
      name: 'Residents of A',
      doors: [{ device_id: door.gate, lock: 1 }],
      groups: [ids.groups['Building A'] as number],
      time_rules: [time.work],
    });
    rule.direct = await insertRule(t, ids.projectId, {
      name: 'Direct',
      doors: [
        { device_id: door.gate, lock: 2 },
        { device_id: door.gate, lock: 1 },
      ],
      users: [user.direct],
    });
    rule.card = await insertRule(t, ids.projectId, {
      name: 'Card rule',
      doors: [{ device_id: door.side, lock: 1 }],
      identifiers: [card],
    });
    rule.ban = await insertRule(t, ids.projectId, {
      name: 'Night ban',
      prohibition: true,
      doors: [{ device_id: door.gate, lock: 1 }],
      users: [user.sub],
      time_rules: [time.nights],
    });
    rule.own = await insertRule(t, ids.projectId, {
      name: 'Owner’s rule',
      created_by_user_id: owner.id,
      doors: [{ device_id: door.side, lock: 2 }],
      users: [user.direct],
    });
    rule.office = await insertRule(t, ids.projectId, {
      name: 'Office',
      doors: [{ device_id: door.office, lock: 1 }],
      groups: [ids.groups['Riverside Residence'] as number],
    });
    // A rule naming nobody gives its door to no one: no column for it.
    await insertRule(t, ids.projectId, { name: 'Nobody', doors: [{ device_id: door.side, lock: 2 }] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('cells through the user, the group and a group above it, and an identifier; prohibitions marked', async () => {
    const answer = await page({ domain_id: ids.groups['Building A'], size: 200 });
    const g = (lock: number) => `${door.gate}#${lock}`;
    const s = (lock: number) => `${door.side}#${lock}`;
    const o = `${door.office}#1`;
    expect(cells(answer, user.direct)).toEqual({
      [g(1)]: [
        [rule.residents, 'group'],
        [rule.direct, 'user'],
      ],
      [g(2)]: [[rule.direct, 'user']],
      [s(2)]: [[rule.own, 'user']],
      [o]: [[rule.office, 'group']],
    });
    // Unit 102 is below Building A: the group rule reaches its member; the ban names them.
    expect(cells(answer, user.sub)).toEqual({
      [g(1)]: [
        [rule.residents, 'group'],
        [rule.ban, 'user'],
      ],
      [o]: [[rule.office, 'group']],
    });
    expect(cells(answer, user.card)).toEqual({
      [g(1)]: [[rule.residents, 'group']],
      [s(1)]: [[rule.card, 'identifier']],
      [o]: [[rule.office, 'group']],
    });
    expect(answer.data.items.find((r) => r.id === user.card)?.identifiers).toBe(1);
    expect(answer.data.items.find((r) => r.id === user.direct)?.identifiers).toBe(0);
    const named = Object.fromEntries(answer.data.rules.map((r) => [r.id, r]));
    expect(named[rule.ban]).toEqual({
      id: rule.ban,
      name: 'Night ban',
      prohibition: true,
      time_rules: [{ id: time.nights, name: 'Nights' }],
    });
    expect(named[rule.residents]?.time_rules).toEqual([{ id: time.work, name: 'Working hours' }]);
    expect(named[rule.direct]).toMatchObject({ prohibition: false, time_rules: [] });
    // Columns: doors some rule gives someone of the filter, by device name then lock.
    expect(doorKeys(answer)).toEqual([g(1), g(2), o, s(1), s(2)]);
    expect(answer.data.doors[0]).toEqual({ device_id: door.gate, device_name: 'Gate', lock_number: 1 });
    // Every user of Building A and below, and only them.
    const names = answer.data.items.map((r) => r.name);
    expect(names.filter((n) => n.startsWith('mx-'))).toEqual(['mx-card', 'mx-direct', 'mx-narrow', 'mx-sub']);
    expect(names).toEqual(expect.arrayContaining(['mx-direct', 'mx-sub', 'mx-card', 'mx-narrow']));
    expect(names).not.toContain('mx-owner');
    expect(answer.meta.total).toBe(answer.data.items.length);
  });

  it('the group filter narrows the rows and the columns to its subtree', async () => {
    const answer = await page({ domain_id: ids.groups['Unit 102'] });
    expect(answer.data.items.map((r) => r.id)).toContain(user.sub);
    expect(answer.data.items.map((r) => r.id)).not.toContain(user.direct);
    expect(doorKeys(answer)).toEqual([`${door.gate}#1`, `${door.office}#1`]);
  });

  it('searches users, pages them with the same columns, and refuses a group of no project of theirs', async () => {
    const found = await page({ search: 'MX-CA' });
    expect(found.data.items.map((r) => r.login)).toEqual(['mx-card']);
    expect(doorKeys(found)).toEqual([`${door.gate}#1`, `${door.office}#1`, `${door.side}#1`]);
    const first = await page({ search: 'mx-', size: 2 });
    const second = await page({ search: 'mx-', size: 2, page: 2 });
    expect(first.meta).toEqual({ page: 1, size: 2, total: 5 });
    expect(first.data.items.map((r) => r.login)).toEqual(['mx-card', 'mx-direct']);
    expect(second.data.items.map((r) => r.login)).toEqual(['mx-narrow', 'mx-owner']);
    expect(doorKeys(second)).toEqual(doorKeys(first));
    const office = await t.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirst();
    for (const bad of [office?.id ?? 999_999, 999_999]) {
      const res = await t.call('GET', `/access-matrix/items?${q({ domain_id: bad })}`, { token: admin });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('invalid related entity sent');
    }
    for (const query of ['size=0', 'size=201', 'page=0', 'domain_id=abc', `search=${'x'.repeat(101)}`]) {
      const res = await t.call('GET', `/access-matrix/items?${query}`, { token: admin });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    }
  });

  it('only the caller’s rules (access_rules.view: the ones they created), devices and users', async () => {
    const own = await page({ search: 'mx-' }, owner.token);
    expect(own.data.rules.map((r) => r.id)).toEqual([rule.own]);
    expect(doorKeys(own)).toEqual([`${door.side}#2`]);
    expect(cells(own, user.direct)).toEqual({ [`${door.side}#2`]: [[rule.own, 'user']] });
    expect(cells(own, user.sub)).toEqual({});
    // devices.view: the devices of their own group (Building A), not the office's; users.view: their branch.
    const branch = await page({}, narrow.token);
    expect(doorKeys(branch)).not.toContain(`${door.office}#1`);
    expect(doorKeys(branch)).toContain(`${door.gate}#1`);
    const rows = branch.data.items.map((r) => r.login);
    expect(rows).toEqual(expect.arrayContaining(['mx-direct', 'mx-sub', 'mx-card']));
    expect(rows).not.toContain('mx-owner');
    expect(rows).not.toContain('admin');
    expect(cells(branch, user.card)).toEqual({
      [`${door.gate}#1`]: [[rule.residents, 'group']],
      [`${door.side}#1`]: [[rule.card, 'identifier']],
    });
    const res = await t.call('GET', '/access-matrix/items', { token: (await t.session('resident')).token });
    expect(res.statusCode).toBe(403);
  });

  it('downloads the whole filter as .xlsx: a column per door, schedules or always, prohibitions', async () => {
    const res = await t.call('GET', `/access-matrix/download?${q({ search: 'mx-' })}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="access-matrix.xlsx"');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('matrix');
    if (!sheet) throw new Error('no matrix sheet');
    const width = sheet.getRow(1).cellCount;
    const values = (n: number) => Array.from({ length: width }, (_, i) => sheet.getRow(n).getCell(i + 1).value ?? '');
    expect(values(1)).toEqual([
      'name',
      'login',
      'email',
      'identifiers',
      'Gate #1',
      'Gate #2',
      'Office door #1',
      'Side door #1',
      'Side door #2',
    ]);
    const rows = new Map(Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2)).map((r) => [r[1], r]));
    expect([...rows.keys()]).toEqual(['mx-card', 'mx-direct', 'mx-narrow', 'mx-owner', 'mx-sub']);
    expect(rows.get('mx-sub')?.slice(4)).toEqual(['Working hours | prohibited: Nights', '', 'always', '', '']);
    expect(rows.get('mx-direct')?.slice(4)).toEqual(['always', 'always', 'always', '', 'always']);
    expect(rows.get('mx-card')?.slice(3)).toEqual([1, 'Working hours', '', 'always', 'always', '']);
    const legend = book.getWorksheet('rules');
    if (!legend) throw new Error('no rules sheet');
    const kinds = Array.from({ length: legend.rowCount - 1 }, (_, i) =>
      (legend.getRow(i + 2).values as unknown[]).slice(2),
    );
    expect(kinds).toContainEqual(['Night ban', 'prohibition', 'Nights']);
    expect(kinds).toContainEqual(['Direct', 'grant', 'always']);
    const bad = await t.call('GET', `/access-matrix/download?${q({ domain_id: 999_999 })}`, { token: admin });
    expect(bad.statusCode).toBe(400);
  });
});
