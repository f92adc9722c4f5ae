import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';
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
    t = await buildTestApp(dialect);
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
    groups.addRow(['', '', 'U'.repeat(40), 'unit', '304', '']); // row 8: name too long
    const users = book.getWorksheet('Users')!;
    const last = users.rowCount;
    users.addRow(['', 'Unit 301', 'neighbour', 'neighbour@example.org', 'Nina Neighbour', 'Nina', 'Neighbour', '', '']);
    users.addRow(['', 'Unit 301', 'broken', 'not-an-email', 'Broken', '', '', '', '']);
    users.addRow(['', 'Nowhere', 'lost', 'lost@example.org', 'Lost', '', '', '', '']);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const res = await upload(building, file, { role_id: String(residentRole), tz_offset: '2' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ groups_created: 1, users_created: 1, users_attached: last - 1 });
    expect(result.errors).toEqual([
      { sheet: 'Groups', row: 6, column: 'id', message: 'unparsable id' },
      { sheet: 'Groups', row: 7, column: 'type', message: 'domain not allowed' },
      { sheet: 'Groups', row: 8, column: 'name', message: 'name too long', params: { length: 31 } },
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
});
