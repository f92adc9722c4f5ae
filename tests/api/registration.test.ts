import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { linkIn, startSmtpCapture } from '../support/smtp-capture';

describe.each(dialects)('registration and recovery over SMTP (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin = '';
  let residentRole = 0;
  let unit = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp(dialect, {
      env: {
        MAIL_MODE: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        PUBLIC_URL: 'http://console.test',
      },
    });
    const session = await t.session('admin');
    admin = session.token;
    residentRole = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('project_id', '=', session.project.id)
        .where('name', '=', 'resident')
        .executeTakeFirstOrThrow()
    ).id;
    unit = (await t.db.selectFrom('domains').select('id').where('name', '=', 'Unit 102').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a new user gets an invitation mail; its link registers the account once', async () => {
    const created = await t.call('PUT', '/users', {
      token: admin,
      body: { login: 'newbie', name: 'New Bie', email: 'newbie@example.org', role_id: residentRole, domains: [unit] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const mail = await smtp.next('newbie@example.org');
    expect(mail.raw).toContain('Subject: Your Gatehouse account');
    const token = linkIn(mail.raw, '/registration');

    const info = await t.call('GET', `/registration/${token}`);
    expect(info.json()).toEqual({
      data: { login: 'newbie', name: 'New Bie', email: 'newbie@example.org', project: 'Riverside Residence' },
    });
    expect((await t.call('POST', '/login', { body: { login: 'newbie', password: 'newbie-pass' } })).statusCode).toBe(
      401,
    );
    const short = await t.call('POST', '/registration', { body: { token, password: 'short' } });
    expect(short.json().errors.password.code).toBe('min_length');
    const done = await t.call('POST', '/registration', { body: { token, password: 'newbie-pass' } });
    expect(done.json()).toEqual({ data: { login: 'newbie' } });
    expect(await t.login('newbie', 'newbie-pass')).toHaveLength(1);
    const again = await t.call('POST', '/registration', { body: { token, password: 'other-pass' } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('invite code not found');
    const user = await t.db
      .selectFrom('users')
      .select(['activated_at', 'send_registration_link'])
      .where('login', '=', 'newbie')
      .executeTakeFirstOrThrow();
    expect(user.activated_at).not.toBeNull();
    expect(user.send_registration_link).toBe(0);
  });

  it('invite/send mails a fresh link that replaces the older one; the mail is in the outbox as sent', async () => {
    const id = (
      await t.call('PUT', '/users', {
        token: admin,
        body: {
          login: 'later',
          name: 'Later',
          email: 'later@example.org',
          role_id: residentRole,
          domains: [unit],
          send_registration_link: false,
        },
      })
    ).json().data;
    expect(smtp.messages.filter((m) => m.to.includes('later@example.org'))).toHaveLength(0);
    const first = await t.call('POST', '/registration/invite/send', { token: admin, body: { users: [id] } });
    expect(first.json()).toEqual({ data: { sent: 1 } });
    const oldToken = linkIn((await smtp.next('later@example.org')).raw, '/registration');
    await t.call('POST', '/registration/invite/send', { token: admin, body: { users: [id] } });
    const newToken = linkIn((await smtp.next('later@example.org')).raw, '/registration');
    expect((await t.call('GET', `/registration/${oldToken}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/registration/${newToken}`)).statusCode).toBe(200);
    const outbox = await t.db
      .selectFrom('outbox')
      .select(['status', 'kind'])
      .where('to_address', '=', 'later@example.org')
      .execute();
    expect(outbox).toEqual([
      { status: 'sent', kind: 'invitation' },
      { status: 'sent', kind: 'invitation' },
    ]);
    const unknown = await t.call('POST', '/registration/invite/send', { token: admin, body: { users: [999999] } });
    expect(unknown.json()).toEqual({ message: 'invalid related entity sent', entities: ['users'] });
  });

  it('users created by a structure import are mailed their own links, marked sent in the outbox', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Users');
    sheet.addRow(['id', 'group', 'login', 'email', 'name']);
    sheet.addRow([null, null, 'imported-a', 'imported-a@example.org', 'Imported A']);
    sheet.addRow([null, null, 'imported-b', 'imported-b@example.org', 'Imported B']);
    const body = multipart(
      { role_id: String(residentRole) },
      { file: { name: 'structure.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v0/domains/${unit}/import/structure`,
      headers: { authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
    expect(res.json().data).toMatchObject({ users_created: 2, errors: [] });
    for (const login of ['imported-a', 'imported-b']) {
      const mail = await smtp.next(`${login}@example.org`);
      const info = await t.call('GET', `/registration/${linkIn(mail.raw, '/registration')}`);
      expect(info.json().data).toMatchObject({ login, email: `${login}@example.org` });
    }
    const outbox = await t.db
      .selectFrom('outbox')
      .select(['to_address', 'status'])
      .where('to_address', 'like', 'imported-%')
      .orderBy('to_address')
      .execute();
    expect(outbox).toEqual([
      { to_address: 'imported-a@example.org', status: 'sent' },
      { to_address: 'imported-b@example.org', status: 'sent' },
    ]);
  });

  it('password recovery mails a reset link; the reset ends old sessions and works once', async () => {
    const before = await t.session('resident');
    const unknown = await t.call('POST', '/password/recovery', { body: { email: 'nobody@example.org' } });
    expect(unknown.json()).toEqual({ data: true });
    const res = await t.call('POST', '/password/recovery', { body: { email: 'RESIDENT@example.com' } });
    expect(res.json()).toEqual({ data: true });
    const mail = await smtp.next('resident@example.com');
    expect(mail.raw).toContain('Reset your Gatehouse password');
    const code = linkIn(mail.raw, '/password/reset');
    const reset = await t.call('POST', '/password/reset', { body: { code, password: 'brand-new-pass' } });
    expect(reset.json()).toEqual({ data: true });
    expect(await t.login('resident', 'brand-new-pass')).toHaveLength(1);
    expect((await t.call('GET', '/profile', { token: before.token })).statusCode).toBe(401);
    const again = await t.call('POST', '/password/reset', { body: { code, password: 'another-pass' } });
    expect(again.json()).toEqual({ message: 'verification link outdated or incorrect' });
  });
});

describe('mail mode none keeps messages in the outbox', () => {
  it('stores the invitation without sending it', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const admin = (await t.session('admin')).token;
      const role = await t.db.selectFrom('roles').select('id').where('name', '=', 'resident').executeTakeFirstOrThrow();
      const unit = await t.db
        .selectFrom('domains')
        .select('id')
        .where('name', '=', 'Unit 101')
        .executeTakeFirstOrThrow();
      const res = await t.call('PUT', '/users', {
        token: admin,
        body: { login: 'kept', name: 'Kept', email: 'kept@example.org', role_id: role.id, domains: [unit.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await t.db
        .selectFrom('outbox')
        .select(['status', 'subject', 'body'])
        .where('to_address', '=', 'kept@example.org')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'kept', subject: 'Your Gatehouse account' });
      expect(rows[0]?.body).toMatch(/\/registration\/[A-Za-z0-9_-]{20,}/);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('self-registration with e-mail confirmation (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const form = {
    user_name: 'Dana Dealer',
    user_country: 'lv',
    user_email: 'dana@example.org',
    user_type: 'dealer',
    user_phone: '+37120000000',
    object_name: 'Sunny Court',
    user_password: 'dana-pass-1',
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp(dialect, {
      env: {
        MAIL_MODE: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        PUBLIC_URL: 'http://console.test',
        GATEHOUSE_SELF_REGISTRATION: '1',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('registers, confirms by the mailed link and gets a project of its own', async () => {
    const settings = await t.call('GET', '/frontend/server/settings');
    expect(settings.json().data.is_self_registration_enabled).toBe(true);
    const bad = await t.call('POST', '/registration/self', {
      body: { ...form, user_phone: '123', user_type: 'alien' },
    });
    expect(bad.json().errors).toMatchObject({ user_phone: { code: 'phone' }, user_type: { code: 'invalid' } });
    const res = await t.call('POST', '/registration/self', { body: form });
    expect(res.json()).toEqual({ data: true });
    const first = linkIn((await smtp.next(form.user_email)).raw, '/registration/confirm');
    // Resend replaces the code: the first link stops working.
    expect((await t.call('POST', `/registration/confirm/${first}/resend`)).json()).toEqual({ data: true });
    const code = linkIn((await smtp.next(form.user_email)).raw, '/registration/confirm');
    expect((await t.call('GET', `/registration/confirm/${first}`)).json().message).toBe(
      'verification link outdated or incorrect',
    );
    const info = await t.call('GET', `/registration/confirm/${code}`);
    expect(info.json().data).toEqual({
      user_name: 'Dana Dealer',
      user_email: 'dana@example.org',
      user_type: 'dealer',
      object_name: 'Sunny Court',
      confirmed: false,
    });
    expect(
      (await t.call('POST', '/login', { body: { login: form.user_email, password: form.user_password } })).statusCode,
    ).toBe(401);
    const confirmed = await t.call('POST', '/registration/confirm', { body: { token: code } });
    expect(confirmed.json()).toEqual({ data: { login: 'dana@example.org' } });
    const [session] = await t.login(form.user_email, form.user_password);
    expect(session?.project.name).toBe('Sunny Court');
    const profile = await t.call('GET', '/profile', { token: session?.token });
    expect(profile.json().data.role.name).toBe('admin');
    const again = await t.call('POST', '/registration/confirm', { body: { token: code } });
    expect(again.json().message).toBe('user registered already');
    const taken = await t.call('POST', '/registration/self', { body: form });
    expect(taken.json().errors).toEqual({ user_email: { code: 'not_unique' } });
  });
});

describe('self-registration is off unless the server allows it', () => {
  it('answers 403 and says so in the server settings', async () => {
    const t = await buildTestApp('sqlite');
    try {
      expect((await t.call('GET', '/frontend/server/settings')).json().data.is_self_registration_enabled).toBe(false);
      const res = await t.call('POST', '/registration/self', {
        body: {
          user_name: 'X',
          user_country: 'LV',
          user_email: 'x@example.org',
          user_type: 'private',
          user_phone: '+37120000001',
          object_name: 'Home',
          user_password: 'long-enough',
        },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
