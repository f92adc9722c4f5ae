import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLicenceRoom, assertMobileAppRoom } from '../../server/domain/licences/licence-limits';
import { bareLicence, licenceFile, signLicence } from '../../server/simulator/licence-issuer';
import type { GroupLicenceSettings } from '../../src/contract/entities/licence';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { addProjectUser, demoIds } from '../support/project-users';

/**
 * Group licences (issue 14; doc 1 §3, §5 "licence period", §9; doc 2 6.2, 8.1, 8.2): a group's
 * counts, flags and period with the consistency rules (a child never exceeds its parent, a parent
 * never drops below a child, SIP at least mobile apps, not below what is used), the limits where
 * numbers, mobile apps and UKEY2 are made, users' license_info, and the two reports with their
 * exports. The small demo: Building A (licence of its own: 400 numbers, 150 mobile apps, 100
 * UKEY2) with Units 101, 102, 201; Riverside's licence gives 1000, 500, 300.
 */
const DAY = 86_400;
const unlimited = { is_active: false, from: 0, to: 999_999_999_999 };

/** A group licence: every flag on, the given counts, no period, default notices. */
const settings = (
  counts: { sip?: number | null; mobile?: number | null; ukey2?: number | null } = {},
  extra: Partial<GroupLicenceSettings> = {},
): GroupLicenceSettings => ({
  sip: { is_enabled: true, license_count: counts.sip ?? null },
  mobileApp: { is_enabled: true, license_count: counts.mobile ?? null },
  ukey2: { is_enabled: true, license_count: counts.ukey2 ?? null },
  elevator: true,
  amenity: true,
  licensePlate: true,
  identifier: { guest: true },
  restrictPeriod: unlimited,
  notifications: { isActive: true, mode: 'everyday', notifyBefore: 14 },
  ...extra,
});

describe.each(dialects)('group licences, limits and reports (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let office = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let instance = '';

  const group = (name: string) => ids.groups[name]!;
  const patch = (name: string, licenseInfo: GroupLicenceSettings | null, token = admin) =>
    t.call('PATCH', `/domains/${group(name)}/license`, { token, body: { licenseInfo } });
  const saved = async (name: string, licenseInfo: GroupLicenceSettings | null) => {
    const res = await patch(name, licenseInfo);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const info = async (name: string, token = admin) => {
    const res = await t.call('GET', `/domains/${group(name)}/license`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const number = (body: Record<string, unknown>, token = admin) =>
    t.call('PUT', '/sip-numbers', { token, body: { password: 'Abc123xyz', ...body } });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin', PASSWORDS.admin, 'Riverside Residence')).token;
    office = (await t.session('admin', PASSWORDS.admin, 'Harbour Office')).token;
    ids = await demoIds(t);
    instance = (await t.call('GET', '/licenses/features/state', { token: admin })).json().data.instance_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('licenseInfo: a group’s own licence with what it may hold and holds; groups without one inherit', async () => {
    const a = await info('Building A');
    expect(a).toMatchObject({
      own: true,
      sip: { is_enabled: true, license_count: 400, available: 400, used: 3 },
      mobileApp: { is_enabled: true, license_count: 150, available: 150, used: 0 },
      ukey2: { is_enabled: true, license_count: 100, available: 100, used: 0 },
      elevator: true,
      restrictPeriod: { is_active: false },
    });
    expect(await info('Unit 101')).toMatchObject({
      own: false,
      sip: { license_count: null, available: 400, used: 1 },
    });
    expect(await info('Riverside Residence')).toMatchObject({
      own: false,
      sip: { available: 1000, used: 6 },
      ukey2: { available: 300 },
    });
    // On the group item for those whose licence view reaches it; null for the others.
    const item = await t.call('GET', `/domains/${group('Building A')}`, { token: admin });
    expect(item.json().data.licenseInfo).toMatchObject({ own: true, sip: { used: 3 } });
    const staff = (await t.session('staff')).token;
    const staffItem = await t.call('GET', `/domains/${group('Building A')}`, { token: staff });
    expect(staffItem.statusCode).toBe(200);
    expect(staffItem.json().data.licenseInfo).toBeNull();
  });

  it('a child never exceeds its parent: counts, features and period (8.1 consistency errors)', async () => {
    const over = await patch('Unit 101', settings({ sip: 500 }));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: 'licence consistency error',
      consistency: [
        {
          type: 'quantity_exceeded',
          feature: 'sip',
          license_type: null,
          relation: 'parent',
          group: { id: group('Building A'), name: 'Building A' },
          period: null,
          qty: { target: 500, available: 400 },
        },
      ],
    });

    // Against the project: its licence type and its licensed period.
    const project = await patch('Building A', settings({ sip: 1200, ukey2: 100 }));
    expect(project.statusCode).toBe(409);
    const [error] = project.json().consistency;
    expect(error).toMatchObject({
      type: 'quantity_exceeded',
      feature: 'sip',
      license_type: 'plus',
      relation: 'parent',
      group: null,
      qty: { target: 1200, available: 1000 },
    });
    expect(error.period.to - error.period.from).toBeGreaterThan(300 * DAY);

    // A period beyond the project's licence.
    const far = Math.floor(Date.now() / 1000) + 5000 * DAY;
    const period = await patch('Unit 101', settings({}, { restrictPeriod: { is_active: true, from: 0, to: far } }));
    expect(period.statusCode).toBe(409);
    expect(period.json().consistency).toEqual([
      expect.objectContaining({
        type: 'period_missing',
        feature: 'restrictPeriod',
        relation: 'parent',
        license_type: 'plus',
      }),
    ]);

    // A feature the parent does not have.
    await saved('Building A', settings({ sip: 400, mobile: 150, ukey2: 100 }, { elevator: false }));
    const lift = await patch('Unit 102', settings({}, { elevator: true }));
    expect(lift.json().consistency).toEqual([
      expect.objectContaining({
        type: 'type_missing',
        feature: 'elevator',
        relation: 'parent',
        group: { id: group('Building A'), name: 'Building A' },
      }),
    ]);
    await saved('Building A', settings({ sip: 400, mobile: 150, ukey2: 100 }));
  });

  it('a parent never drops below a child; SIP at least mobile apps; counts not below what is used', async () => {
    await saved('Unit 101', settings({ sip: 10, mobile: 5, ukey2: 5 }));
    const lower = await patch('Building A', settings({ sip: 8, mobile: 5, ukey2: 100 }));
    expect(lower.statusCode).toBe(409);
    expect(lower.json().consistency).toEqual([
      {
        type: 'quantity_exceeded',
        feature: 'sip',
        license_type: null,
        relation: 'child',
        group: { id: group('Unit 101'), name: 'Unit 101' },
        period: null,
        qty: { target: 8, available: 10 },
      },
    ]);
    const off = await patch('Building A', settings({ sip: 400, mobile: 150, ukey2: 100 }, { amenity: false }));
    expect(off.json().consistency).toEqual([
      expect.objectContaining({
        type: 'type_missing',
        feature: 'amenity',
        relation: 'child',
        group: { id: group('Unit 101'), name: 'Unit 101' },
      }),
    ]);

    const fewer = await patch('Unit 102', settings({ sip: 3, mobile: 4 }));
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json()).toEqual({
      message: 'invalid data sent',
      errors: { 'licenseInfo.sip.license_count': { code: 'min_value', params: { min: 4 } } },
    });

    // Unit 101 holds the resident's number: it cannot be licensed none.
    const below = await patch('Unit 101', settings({ sip: 0, mobile: 0, ukey2: 0 }));
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({ message: 'licence count below used ({used}, {max})', params: { used: 1, max: 0 } });

    const period = await patch('Unit 102', settings({}, { restrictPeriod: { is_active: true, from: 2000, to: 1000 } }));
    expect(period.json().errors).toEqual({ 'licenseInfo.restrictPeriod.to': { code: 'time_order' } });
    const big = await patch(
      'Unit 102',
      settings({}, { restrictPeriod: { is_active: true, from: 0, to: 1_000_000_000_000 } }),
    );
    expect(big.statusCode).toBe(400);

    // Back to inheriting.
    expect((await saved('Unit 101', null)).own).toBe(false);
  });

  it('limits where numbers, mobile apps and UKEY2 are made: the groups’ counts and periods', async () => {
    await saved('Unit 101', settings({ sip: 1, mobile: 0, ukey2: 0 }));
    const second = await number({ number: '730001', user_id: ids.users.resident });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      message: 'maximum of virtual numbers in group exceeded',
      params: { used: 1, max: 1 },
    });

    const ukey2 = await t.call('PUT', '/identifiers', {
      token: admin,
      body: { type: 'ukey2', value: '1234567', owner_id: ids.users.resident },
    });
    expect(ukey2.statusCode).toBe(400);
    expect(ukey2.json()).toEqual({ message: 'maximum of ukey2 in group exceeded', params: { used: 0, max: 0 } });
    // A card made UKEY2 later counts as one more too.
    const card = await t.db
      .selectFrom('identifiers')
      .select('id')
      .where('value', '=', '3735928559')
      .executeTakeFirstOrThrow();
    const retype = await t.call('PATCH', `/identifiers/${card.id}`, { token: admin, body: { type: 'ukey2' } });
    expect(retype.json().message).toBe('maximum of ukey2 in group exceeded');

    await expect(assertMobileAppRoom(t.db, ids.projectId, ids.users.resident!)).rejects.toMatchObject({
      body: { message: 'maximum of mobile apps in group exceeded', params: { used: 0, max: 0 } },
    });
    // The staff are in the root group: no group licence there, the project's 500 apply.
    await expect(assertMobileAppRoom(t.db, ids.projectId, ids.users.staff!)).resolves.toBeUndefined();

    // Outside a group's period it holds nothing.
    const at = Math.floor(Date.now() / 1000);
    await saved(
      'Unit 102',
      settings({}, { restrictPeriod: { is_active: true, from: at - 20 * DAY, to: at - 10 * DAY } }),
    );
    const late = await number({ number: '730002', domain_id: group('Unit 102') });
    expect(late.json()).toEqual({
      message: 'maximum of virtual numbers in group exceeded',
      params: { used: 0, max: 0 },
    });
    await saved('Unit 102', null);
    const made = await number({ number: '730002', domain_id: group('Unit 102') });
    expect(made.statusCode).toBe(200);
    // A group's number is never deleted through the API (8.2): the test takes it away itself.
    await t.db.deleteFrom('sip_numbers').where('number', '=', '730002').execute();
    await saved('Unit 101', null);
  });

  it('limits: the project’s licensed counts of numbers and UKEY2', async () => {
    const officeGroup = (
      await t.db
        .selectFrom('domains as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .select('d.id')
        .where('p.name', '=', 'Harbour Office')
        .executeTakeFirstOrThrow()
    ).id;
    // Harbour's demo licence (mobile apps) goes: this test's licence is its only one.
    const demo = (await t.call('GET', '/licenses/items', { token: office })).json().data;
    await t.call('POST', '/licenses/delete-all', {
      token: office,
      body: { items: demo.map((l: { id: number }) => l.id) },
    });
    const payload = bareLicence(instance, {
      licence_id: `groups-${dialect}-office`,
      sip: { is_enabled: true, is_sip_trunks_enabled: false, is_web_dialer_enabled: false, license_count: 1 },
      ukey2: { is_enabled: true, license_count: 1 },
    });
    const body = multipart({}, { file: { name: 'office.lic', data: Buffer.from(licenceFile(signLicence(payload))) } });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v0/licenses/file',
      headers: { authorization: `Bearer ${office}`, ...body.headers },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);

    expect((await number({ number: '740001', domain_id: officeGroup }, office)).statusCode).toBe(200);
    const over = await number({ number: '740002' }, office);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: 'maximum of virtual numbers in project exceeded',
      params: { used: 1, max: 1 },
    });

    const adminId = ids.users.admin!;
    const first = await t.call('PUT', '/identifiers', {
      token: office,
      body: { type: 'ukey2', value: '555', owner_id: adminId },
    });
    expect(first.statusCode, first.body).toBe(200);
    const more = await t.call('PUT', '/identifiers', {
      token: office,
      body: { type: 'ukey2', value: '556', owner_id: adminId },
    });
    expect(more.json()).toEqual({ message: 'maximum of ukey2 in project exceeded', params: { used: 1, max: 1 } });
    // Mobile apps: this licence has none.
    const officeId = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Harbour Office').executeTakeFirstOrThrow()
    ).id;
    await expect(assertLicenceRoom(t.db, officeId, 'mobile_app', [], { project: true })).rejects.toMatchObject({
      body: { message: 'maximum of mobile apps in project exceeded', params: { used: 0, max: 0 } },
    });
  });

  it('users’ license_info follows their groups’ licences', async () => {
    const licenceOf = async (login: string) =>
      (await t.call('GET', `/users/${ids.users[login]}`, { token: admin })).json().data.license_info;
    expect(await licenceOf('resident')).toMatchObject({ elevator: true, ukey2: true, face_id: true });
    await saved('Unit 101', settings({}, { elevator: false, ukey2: { is_enabled: false, license_count: null } }));
    expect(await licenceOf('resident')).toMatchObject({ elevator: false, ukey2: false, sip: true });
    // The staff are in the root group, which inherits the project's.
    expect(await licenceOf('staff')).toMatchObject({ elevator: true, ukey2: true });
    await saved('Unit 101', null);
  });

  it('a group’s licence is read within the caller’s licence view and changed with edit-group-counts', async () => {
    const own = await addProjectUser(t, {
      login: `lic-own-${dialect}`,
      permissions: ['licences.view_own'],
      group: 'Unit 101',
    });
    expect((await t.call('GET', `/domains/${group('Unit 101')}/license`, { token: own.token })).statusCode).toBe(200);
    expect((await t.call('GET', `/domains/${group('Building A')}/license`, { token: own.token })).statusCode).toBe(404);
    const below = await addProjectUser(t, {
      login: `lic-below-${dialect}`,
      permissions: ['licences.view_descendants'],
      group: 'Building A',
    });
    expect((await t.call('GET', `/domains/${group('Unit 102')}/license`, { token: below.token })).statusCode).toBe(200);
    expect(
      (await t.call('GET', `/domains/${group('Riverside Residence')}/license`, { token: below.token })).statusCode,
    ).toBe(404);
    expect((await patch('Unit 101', settings(), below.token)).statusCode).toBe(403);
  });

  it('reports: licences used, by group and below, within the caller’s view, with exports', async () => {
    const res = await t.call('GET', '/reports/licenses/used', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.project).toEqual({
      sip: { licensed: 1000, used: 6 },
      mobile_app: { licensed: 500, used: 0 },
      ukey2: { licensed: 300, used: 0 },
    });
    expect(report.group).toEqual({ id: group('Riverside Residence'), name: 'Riverside Residence' });
    expect(
      report.rows.map((r: { group: { name: string }; own: boolean; sip: unknown }) => [r.group.name, r.own, r.sip]),
    ).toEqual([
      ['Riverside Residence', false, { available: 1000, used: 6 }],
      ['Building A', true, { available: 400, used: 3 }],
    ]);

    const below = await t.call('GET', `/reports/licenses/used?group_id=${group('Building A')}`, { token: admin });
    const a = below.json().data;
    expect(a.path.map((p: { name: string }) => p.name)).toEqual(['Riverside Residence', 'Building A']);
    expect(a.rows.map((r: { group: { name: string } }) => r.group.name)).toEqual([
      'Building A',
      'Unit 101',
      'Unit 102',
      'Unit 201',
    ]);
    expect(a.rows.find((r: { group: { name: string } }) => r.group.name === 'Unit 101').sip).toEqual({
      available: 400,
      used: 1,
    });
    expect(a.rows[0].has_children).toBe(true);
    expect(a.rows[1].has_children).toBe(false);
    // A group of another project names nothing.
    const officeGroup = await t.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirstOrThrow();
    expect(
      (await t.call('GET', `/reports/licenses/used?group_id=${officeGroup.id}`, { token: admin })).statusCode,
    ).toBe(404);

    // With the report permission and a view of their own group only, a unit's manager sees their unit.
    const manager = await addProjectUser(t, {
      login: `lic-report-${dialect}`,
      permissions: ['system.view_licence_report', 'licences.view_own'],
      group: 'Unit 201',
    });
    const theirs = (await t.call('GET', '/reports/licenses/used', { token: manager.token })).json().data;
    expect(theirs.rows.map((r: { group: { name: string } }) => r.group.name)).toEqual(['Unit 201']);

    const csv = await t.call('GET', `/reports/licenses/used/export?format=csv&group_id=${group('Building A')}`, {
      token: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(
      'group,own,sip_available,sip_used,mobile_app_available,mobile_app_used,ukey2_available,ukey2_used,period_from,period_to',
    );
    expect(lines[1]).toBe('(project),,1000,6,500,0,300,0,,');
    expect(lines[2]).toBe('Building A,yes,400,3,150,0,100,0,,');
  });

  it('reports: licences period, month by month, with the licences and the groups’ periods', async () => {
    const res = await t.call('GET', '/reports/licenses/period', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.licences.map((l: { licence_id: string; state: string }) => [l.licence_id, l.state])).toEqual([
      ['demo-riverside-previous', 'disabled'],
      ['demo-riverside-plus', 'active'],
    ]);
    // Six months back to twelve ahead: 19 month starts.
    expect(report.series).toHaveLength(19);
    expect(report.series[0].at).toMatch(/^\d{4}-\d{2}-01$/);
    // Last year's licence gave 200 numbers; this year's 1000; after it ends (about 10 months ahead), none.
    const sip = report.series.map((s: { sip: number }) => s.sip);
    expect(sip).toContain(200);
    expect(sip).toContain(1000);
    expect(sip.at(-1)).toBe(0);

    const ranged = await t.call('GET', '/reports/licenses/period?from=2020-01-01&to=2020-03-01', { token: admin });
    expect(ranged.json().data.series.map((s: { at: string; sip: number }) => [s.at, s.sip])).toEqual([
      ['2020-01-01', 0],
      ['2020-02-01', 0],
      ['2020-03-01', 0],
    ]);
    expect((await t.call('GET', '/reports/licenses/period?from=2020-13-01', { token: admin })).statusCode).toBe(400);

    const xlsx = await t.call('GET', '/reports/licenses/period/export', { token: admin });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['licences', 'months', 'groups']);
    expect(book.getWorksheet('licences')?.getRow(2).getCell(1).value).toBe('demo-riverside-previous');
  });
});
