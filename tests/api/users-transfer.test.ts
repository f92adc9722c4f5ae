import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';

/** 2.5 batch user upload and users export/import by group: POST import/users, GET export/users. */
describe.each(dialects)('a group users in and out (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let root = 0;
  let residentRole = 0;

  const upload = async (
    file: Buffer,
    name: string,
    fields: Record<string, string> = { role_id: String(residentRole) },
  ) => {
    const body = multipart(fields, { file: { name, data: file } });
    return t.app.inject({
      method: 'POST',
      url: `/api/v0/domains/${root}/import/users`,
      headers: { authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
  };
  const download = (format: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v0/domains/${root}/export/users?format=${format}&tz_offset=0`,
      headers: { authorization: `Bearer ${admin}` },
    });
  const memberOfRoot = async (login: string) =>
    t.db
      .selectFrom('users')
      .innerJoin('user_domains', 'user_domains.user_id', 'users.id')
      .select(['users.name', 'users.email', 'users.phone'])
      .where('users.login', '=', login)
      .where('user_domains.domain_id', '=', root)
      .executeTakeFirst();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { GATEHOUSE_SELF_REGISTRATION: '1' } });
    const session = await t.session('admin');
    admin = session.token;
    root = (
      await t.db
        .selectFrom('domains')
        .select('id')
        .where('project_id', '=', session.project.id)
        .where('parent_id', 'is', null)
        .executeTakeFirstOrThrow()
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

  it('uploads a CSV: creates, attaches a registered account, reports each bad row with its 8.2 message', async () => {
    // An account of its own (the simple registration) joins the project by its login.
    await t.call('POST', '/registration/simple', {
      body: { name: 'Ola Own', login: 'ola.own', password: 'ola-pass-12' },
    });
    const csv = [
      'login,email,name,phone,group',
      'csv.one,csv.one@example.org,Csv One,+37120000011,',
      'ola.own,,,,',
      'csv.bad,not-an-email,Csv Bad,,',
      'csv.long,,A name far longer than thirty-one letters,,',
      'csv.lost,,Csv Lost,,No / Such / Group',
      ',,,,',
      '"csv.two","csv.two@example.org","Two, Csv",,',
    ].join('\r\n');
    const res = await upload(Buffer.from(csv), 'users.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      users_created: 2,
      users_attached: 1,
      errors: [
        { sheet: 'Users', row: 4, column: 'email', message: 'wrong e-mail' },
        { sheet: 'Users', row: 5, column: 'name', message: 'name too long', params: { length: 31 } },
        { sheet: 'Users', row: 6, column: 'group', message: 'domain not allowed' },
      ],
    });
    expect(await memberOfRoot('csv.one')).toEqual({
      name: 'Csv One',
      email: 'csv.one@example.org',
      phone: '+37120000011',
    });
    expect(await memberOfRoot('csv.two')).toMatchObject({ name: 'Two, Csv' });
    expect(await memberOfRoot('csv.bad')).toBeUndefined();
    // Attached: the registered account now logs in to the project.
    expect((await t.call('POST', '/login', { body: { login: 'ola.own', password: 'ola-pass-12' } })).statusCode).toBe(
      200,
    );
  });

  it('reads a semicolon CSV with a byte order mark, and the first sheet of any Excel book', async () => {
    const semi = await upload(Buffer.from('\uFEFFlogin;name\r\nsemi.colon;Semi Colon\r\n'), 'users.csv');
    expect(semi.json().data).toEqual({ users_created: 1, users_attached: 0, errors: [] });
    expect(await memberOfRoot('semi.colon')).toMatchObject({ name: 'Semi Colon' });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Whatever');
    sheet.addRow(['login', 'email', 'name']);
    sheet.addRow(['xlsx.one', 'xlsx.one@example.org', 'Xlsx One']);
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'people.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ users_created: 1, users_attached: 0, errors: [] });
  });

  it('exports the group users as CSV and Excel, and an unchanged export uploads back changing nothing', async () => {
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,group,login,email,name,firstname,lastname,phone,activated_at');
    expect(lines.find((l) => l.includes(',csv.one,'))).toMatch(
      /^\d+,,csv\.one,csv\.one@example\.org,Csv One,,,\+37120000011,$/,
    );
    expect(lines.find((l) => l.includes(',csv.two,'))).toContain(',"Two, Csv",');

    const again = await upload(Buffer.from(csv.body), 'users.csv');
    expect(again.json().data).toEqual({ users_created: 0, users_attached: 0, errors: [] });

    const xlsx = await download('xlsx');
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Users')!;
    expect(sheet.getRow(1).getCell(3).value).toBe('login');
    const back = await upload(xlsx.rawPayload, 'users.xlsx');
    expect(back.json().data).toEqual({ users_created: 0, users_attached: 0, errors: [] });
  });

  it('refuses files that are not users files, a bad format and a role the caller may not give', async () => {
    const junk = await upload(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]), 'users.csv');
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ message: 'invalid file' });
    const brokenZip = await upload(Buffer.from('PK\u0003\u0004 not really a zip'), 'users.xlsx');
    expect(brokenZip.json()).toEqual({ message: 'invalid file' });
    const noLogin = await upload(Buffer.from('name,phone\r\nNobody,+37120000099\r\n'), 'users.csv');
    expect(noLogin.statusCode).toBe(400);
    expect(noLogin.json()).toEqual({ message: 'wrong file body' });
    const noRole = await upload(Buffer.from('login\r\nx.y\r\n'), 'users.csv', {});
    expect(noRole.statusCode).toBe(400);
    const unknownRole = await upload(Buffer.from('login\r\nx.y\r\n'), 'users.csv', { role_id: '999999' });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json()).toEqual({ message: 'invalid related entity sent', entities: ['role'] });
    const format = await download('pdf');
    expect(format.statusCode).toBe(400);
  });
});
