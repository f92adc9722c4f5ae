import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';

/**
 * The structure import writes new users by multi-row inserts (200 a statement, 1000 a
 * transaction) and their mails by multi-row outbox inserts (500 a statement): every user,
 * group, invitation code and mail must still belong to its own row across those bounds.
 */
const USERS = 520;
const login = (n: number) => `batch${String(n).padStart(3, '0')}`;

describe.each(dialects)('structure import in batches (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let building = 0;
  let role = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin');
    admin = session.token;
    building = (
      await t.db.selectFrom('domains').select('id').where('name', '=', 'Building A').executeTakeFirstOrThrow()
    ).id;
    role = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('project_id', '=', session.project.id)
        .where('name', '=', 'resident')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('puts each of 520 new users in its own group with its own invitation link, and reports the bad rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Users');
    sheet.addRow(['id', 'group', 'login', 'email', 'name', 'firstname', 'lastname', 'phone', 'activated_at']);
    // Logins in falling order, so ids and logins do not sort alike; every third one without an e-mail.
    for (let n = USERS - 1; n >= 0; n--) {
      sheet.addRow([
        null,
        n % 2 ? 'Unit 102' : 'Unit 101',
        login(n),
        n % 3 ? `${login(n)}@example.org` : null,
        `B ${n}`,
      ]);
    }
    sheet.addRow([null, null, 'BATCH007', null, 'Same login, other case']); // row 522
    sheet.addRow([null, null, 'fresh', 'Batch008@Example.org', 'Same e-mail, other case']); // row 523
    const body = multipart(
      { role_id: String(role) },
      { file: { name: 'users.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v0/domains/${building}/import/structure`,
      headers: { authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      groups_created: 0,
      users_created: 520,
      users_attached: 0,
      errors: [
        { sheet: 'Users', row: 522, column: 'login', message: 'invalid data sent' },
        { sheet: 'Users', row: 523, column: 'email', message: 'invalid data sent' },
      ],
    });

    const placed = await t.db
      .selectFrom('users')
      .innerJoin('user_domains', 'user_domains.user_id', 'users.id')
      .innerJoin('domains', 'domains.id', 'user_domains.domain_id')
      .select(['users.login', 'users.name', 'users.email', 'domains.name as group'])
      .where('users.login', 'like', 'batch%')
      .execute();
    expect(placed).toHaveLength(520);
    for (const n of [0, 1, 199, 200, 201, 399, 400, 499, 500, 519]) {
      expect(placed.find((u) => u.login === login(n))).toEqual({
        login: login(n),
        name: `B ${n}`,
        email: n % 3 ? `${login(n)}@example.org` : null,
        group: n % 2 ? 'Unit 102' : 'Unit 101',
      });
    }

    // 346 of them have an e-mail (n % 3 ≠ 0): one mail each, whose link names that very user.
    const mails = await t.db
      .selectFrom('outbox')
      .select(['to_address', 'body'])
      .where('kind', '=', 'invitation')
      .where('to_address', 'like', 'batch%')
      .execute();
    expect(mails).toHaveLength(346);
    for (const mail of mails) {
      const token = /\/registration\/([\w-]+)/.exec(mail.body)?.[1];
      const info = await t.call('GET', `/registration/${token}`);
      expect(info.json().data.email).toBe(mail.to_address);
      expect(mail.to_address).toBe(`${info.json().data.login}@example.org`);
    }
  });
});
