import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertRole, insertUser } from '../../server/db/seed/builders';
import type { Permission } from '../../src/contract/permissions';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart as formData } from '../support/multipart';

const multipart = (file: Buffer, fields: Record<string, string>) =>
  formData(fields, { file: { name: 'structure.xlsx', data: file } });

describe.each(dialects)('structure export and import (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let building = 0;
  let residentRole = 0;

  const exportOf = async (id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v0/domains/${id}/export/structure?tz_offset=2`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  };
  const upload = async (id: number, file: Buffer, fields: Record<string, string>, token = admin) => {
    const body = multipart(file, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/v0/domains/${id}/import/structure`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    admin = session.token;
    building = (
      await t.db.selectFrom('domains').select('id').where('name', '=', 'Building A').executeTakeFirstOrThrow()
    ).id;
    residentRole = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('project_id', '=', session.project.id)
        .where('name', '=', 'resident')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('exports the groups below a group and their members', async () => {
    const book = await exportOf(building);
    const groups = book.getWorksheet('Groups')!;
    expect(groups.getRow(1).values).toEqual([
      undefined,
      'id',
      'parent',
      'name',
      'type',
      'logic_address',
      'description',
    ]);
    const names = [2, 3, 4].map((r) => groups.getRow(r).getCell(3).value);
    expect(names).toEqual(['Unit 101', 'Unit 102', 'Unit 201']);
    const users = book.getWorksheet('Users')!;
    expect(users.getRow(2).getCell(2).value).toBe('Unit 101');
    expect(users.getRow(2).getCell(3).value).toBe('resident');
  });

  it('imports good rows and reports each bad row with its 8.2 message', async () => {
    const book = await exportOf(building);
    const groups = book.getWorksheet('Groups')!;
    groups.addRow(['', '', 'Unit 301', 'unit', '301', 'Top floor']);
    groups.addRow(['abc', '', 'Unit 302', 'unit', '302', '']); // row 6: unparsable id
    groups.addRow(['', '', 'Unit 303', 'spaceship', '303', '']); // row 7: unknown type
    groups.addRow(['', '', 'U'.repeat(256), 'unit', '304', '']); // row 8: name too long
    groups.addRow(['', '', 'Unit 305', 'unit', '1234567890', '']); // row 9: address too big
    groups.addRow(['', '', 'Unit 306', 'unit', '30b', '']); // row 10: address not a number
    groups.addRow(['', '', 'Unit 307', 'unit', '101', '']); // row 11: address taken by Unit 101
    const users = book.getWorksheet('Users')!;
    const last = users.rowCount;
    users.addRow(['', 'Unit 301', 'neighbour', 'neighbour@example.org', 'Nina Neighbour', 'Nina', 'Neighbour', '', '']);
    users.addRow(['', 'Unit 301', 'broken', 'not-an-email', 'Broken', '', '', '', '']);
    users.addRow(['', 'Nowhere', 'lost', 'lost@example.org', 'Lost', '', '', '', '']);
    users.addRow(['', 'Unit 102', 'staff', '', '', '', '', '', '']); // an existing member, attached
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const res = await upload(building, file, { role_id: String(residentRole), tz_offset: '2' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    // The exported members are in their groups already: only staff's new link counts.
    expect(last).toBeGreaterThan(1);
    expect(result).toMatchObject({ groups_created: 1, users_created: 1, users_attached: 1 });
    expect(result.errors).toEqual([
      { sheet: 'Groups', row: 6, column: 'id', message: 'unparsable id' },
      { sheet: 'Groups', row: 7, column: 'type', message: 'domain not allowed' },
      { sheet: 'Groups', row: 8, column: 'name', message: 'name too long', params: { length: 255 } },
      { sheet: 'Groups', row: 9, column: 'logic_address', message: 'value too big or low' },
      { sheet: 'Groups', row: 10, column: 'logic_address', message: 'value too big or low' },
      { sheet: 'Groups', row: 11, message: 'same type and logical address exists' },
      { sheet: 'Users', row: last + 2, column: 'email', message: 'wrong e-mail' },
      { sheet: 'Users', row: last + 3, column: 'group', message: 'domain not allowed' },
    ]);
    const unit = await t.db
      .selectFrom('domains')
      .select(['id', 'parent_id', 'logic_address'])
      .where('name', '=', 'Unit 301')
      .executeTakeFirstOrThrow();
    expect(unit).toMatchObject({ parent_id: building, logic_address: '301' });
    const neighbour = await t.db
      .selectFrom('users')
      .innerJoin('user_domains', 'user_domains.user_id', 'users.id')
      .select(['user_domains.domain_id', 'users.send_registration_link'])
      .where('users.login', '=', 'neighbour')
      .executeTakeFirstOrThrow();
    expect(neighbour).toEqual({ domain_id: unit.id, send_registration_link: 1 });
    const mail = await t.db
      .selectFrom('outbox')
      .select('kind')
      .where('to_address', '=', 'neighbour@example.org')
      .execute();
    expect(mail).toEqual([{ kind: 'invitation' }]);
  });

  it('importing the same file again changes nothing new', async () => {
    const book = await exportOf(building);
    const res = await upload(building, Buffer.from(await book.xlsx.writeBuffer()), { role_id: String(residentRole) });
    expect(res.json().data).toMatchObject({ groups_created: 0, users_created: 0, errors: [] });
  });

  it('refuses a file that is not a workbook, a missing file or role, and callers without the right', async () => {
    const junk = await upload(building, Buffer.from('not a spreadsheet'), { role_id: String(residentRole) });
    expect(junk.json()).toEqual({ message: 'invalid file' });
    const noRole = await upload(building, Buffer.from(await (await exportOf(building)).xlsx.writeBuffer()), {
      role_id: '999999',
    });
    expect(noRole.json()).toEqual({ message: 'invalid related entity sent', entities: ['role'] });
    const resident = (await t.session('resident')).token;
    const refused = await upload(building, Buffer.from('x'), { role_id: String(residentRole) }, resident);
    expect(refused.statusCode).toBe(403);
  });
  /** Names below a group in tree order, as `name < parent`. */
  const below = async (id: number) => {
    const base = await t.db.selectFrom('domains').select(['lft', 'rgt']).where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom('domains')
      .innerJoin('domains as p', 'p.id', 'domains.parent_id')
      .select(['domains.name', 'p.name as parent', 'domains.logic_address'])
      .where('domains.lft', '>', base.lft)
      .where('domains.rgt', '<', base.rgt)
      .orderBy('domains.lft')
      .execute();
    return rows.map((r) => `${r.name} (${r.logic_address}) < ${r.parent}`);
  };

  it('round trip: the export of one building rebuilds its groups and members in another', async () => {
    const root = await t.db
      .selectFrom('domains')
      .select('id')
      .where('name', '=', 'Riverside Residence')
      .executeTakeFirstOrThrow();
    const buildingType = await t.db
      .selectFrom('domain_types')
      .select('id')
      .where('type', '=', 'building')
      .executeTakeFirstOrThrow();
    const created = await t.call('PUT', '/domains', {
      token: admin,
      body: { name: 'Building B', parent_id: root.id, domain_type_id: buildingType.id, logic_address: '2' },
    });
    const copy = created.json().data as number;
    const file = Buffer.from(await (await exportOf(building)).xlsx.writeBuffer());
    const res = await upload(copy, file, { role_id: String(residentRole) });
    expect(res.statusCode, res.body).toBe(200);
    const source = await below(building);
    expect(res.json().data).toMatchObject({ groups_created: source.length, users_created: 0, errors: [] });
    expect((await below(copy)).map((line) => line.replace('< Building B', '< Building A'))).toEqual(source);
    const resident = await t.db
      .selectFrom('user_domains')
      .innerJoin('users', 'users.id', 'user_domains.user_id')
      .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
      .innerJoin('domains as p', 'p.id', 'domains.parent_id')
      .select(['domains.name', 'p.name as parent'])
      .where('users.login', '=', 'resident')
      .orderBy('p.name')
      .execute();
    expect(resident).toEqual([
      { name: 'Unit 101', parent: 'Building A' },
      { name: 'Unit 101', parent: 'Building B' },
    ]);
  });

  it('reports rows the caller may not apply: users without the user rights, a role it may not assign', async () => {
    const hash = (
      await t.db.selectFrom('users').select('password_hash').where('login', '=', 'staff').executeTakeFirstOrThrow()
    ).password_hash!;
    const project = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Riverside Residence').executeTakeFirstOrThrow()
    ).id;
    const permissions: Permission[] = ['domains.view_all', 'domains.create_descendants'];
    await t.db.transaction().execute(async (trx) => {
      const roleId = await insertRole(trx, {
        projectId: project,
        name: 'builder',
        description: '',
        permissions,
        isAdmin: false,
      });
      const userId = await insertUser(trx, { login: 'builder', passwordHash: hash, name: 'Builder' });
      const root = await trx
        .selectFrom('domains')
        .select('id')
        .where('name', '=', 'Riverside Residence')
        .executeTakeFirstOrThrow();
      await addMember(trx, { userId, projectId: project, roleId, domainIds: [root.id] });
      await trx
        .insertInto('role_available_roles')
        .values({ role_id: roleId, available_role_id: residentRole })
        .execute();
    });
    const builder = (await t.session('builder', PASSWORDS.demo)).token;
    const book = await exportOf(building);
    book.getWorksheet('Groups')!.addRow(['', '', 'Unit 501', 'unit', '501', '']);
    const users = book.getWorksheet('Users')!;
    users.addRow(['', 'Unit 501', 'concierge', '', '', '', '', '', '']); // existing member: editing a user
    users.addRow(['', 'Unit 501', 'newcomer', 'newcomer@example.org', 'Newcomer', '', '', '', '']); // creating one
    const rows = users.rowCount;
    const res = await upload(
      building,
      Buffer.from(await book.xlsx.writeBuffer()),
      { role_id: String(residentRole) },
      builder,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ groups_created: 1, users_created: 0, users_attached: 0 });
    expect(res.json().data.errors).toEqual([
      { sheet: 'Users', row: rows - 1, message: 'missing permission to edit users' },
      { sheet: 'Users', row: rows, message: 'missing permission to edit users' },
    ]);

    const staff = (await t.session('staff')).token;
    const adminRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('project_id', '=', project)
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const escalate = await upload(
      building,
      Buffer.from(await book.xlsx.writeBuffer()),
      { role_id: String(adminRole.id) },
      staff,
    );
    expect(escalate.statusCode).toBe(403);
  });
  it('exports only what the caller may see, and only the members of the groups of a chosen type', async () => {
    const hash = (
      await t.db.selectFrom('users').select('password_hash').where('login', '=', 'staff').executeTakeFirstOrThrow()
    ).password_hash!;
    const project = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Riverside Residence').executeTakeFirstOrThrow()
    ).id;
    await t.db.transaction().execute(async (trx) => {
      const roleId = await insertRole(trx, {
        projectId: project,
        name: 'surveyor',
        description: '',
        permissions: ['domains.view_self'],
        isAdmin: false,
      });
      const userId = await insertUser(trx, { login: 'surveyor', passwordHash: hash, name: 'Surveyor' });
      await addMember(trx, { userId, projectId: project, roleId, domainIds: [building] });
    });
    const surveyor = (await t.session('surveyor', PASSWORDS.demo)).token;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v0/domains/${building}/export/structure`,
      headers: { authorization: `Bearer ${surveyor}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // view_self: the building only, none of its units; no user rights: no members, not even their own.
    expect(book.getWorksheet('Groups')!.rowCount).toBe(1);
    expect(book.getWorksheet('Users')!.rowCount).toBe(1);

    const typed = await t.app.inject({
      method: 'GET',
      url: `/api/v0/domains/${building}/export/structure?domain_type=floor`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const floors = new ExcelJS.Workbook();
    await floors.xlsx.load(typed.rawPayload as unknown as ArrayBuffer);
    expect(floors.getWorksheet('Groups')!.rowCount).toBe(1);
    expect(floors.getWorksheet('Users')!.rowCount).toBe(1);
    const units = await t.app.inject({
      method: 'GET',
      url: `/api/v0/domains/${building}/export/structure?domain_type=unit`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const unitBook = new ExcelJS.Workbook();
    await unitBook.xlsx.load(units.rawPayload as unknown as ArrayBuffer);
    const logins = unitBook.getWorksheet('Users')!.getColumn(3).values.slice(2);
    expect(logins).toContain('resident');
  });
});
