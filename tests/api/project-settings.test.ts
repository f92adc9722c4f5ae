import { Jimp } from 'jimp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Auth } from '../../server/domain/auth/auth-context';
import { guestLimits } from '../../server/domain/guest-access/limits';
import { pruneLogs } from '../../server/domain/project/logs-life';
import { appleWalletFor } from '../../server/domain/project/settings';
import { forwardPlan } from '../../server/domain/telephony/forwarding';
import { generateSelfSigned } from '../../server/sip/certificate';
import { createDirectory } from '../../server/sip/directory';
import {
  BrokerCertificatesSchema,
  GeneralSettingsSchema,
  MailSettingsSchema,
  PushServerSchema,
} from '../../src/contract/entities/project-settings';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { addProjectUser, demoIds } from '../support/project-users';
import { startSmtpCapture } from '../support/smtp-capture';

/**
 * Project settings (7.8): every section's GET and PATCH with the permissions of 6.2
 * (view / change project settings), validation, write-only secrets, and what each
 * setting does: the project's zone in schedules, SIP on and off for the SIP server and
 * the softphone flags, phonebooks, group forwarding, white label for a group's users,
 * Apple Wallet and guest limits for other areas, mail over a loopback SMTP server, the
 * broker's certificate, the device backup import, logs' lifetime.
 */
describe.each(dialects)('project settings (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin = '';
  let viewer = { id: 0, token: '' };
  let nobody = { id: 0, token: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;

  const call = async (
    method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    token = admin,
  ) => t.call(method, path, { token, body });
  const ok = async (
    method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    token = admin,
  ) => {
    const res = await call(method, path, body, token);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const fieldErrors = async (method: 'PATCH' | 'POST', path: string, body: unknown) => {
    const res = await call(method, path, body);
    expect(res.statusCode, res.body).toBe(400);
    return Object.fromEntries(
      Object.entries(res.json().errors as Record<string, { code: string }>).map(([k, e]) => [k, e.code]),
    );
  };
  const upload = (path: string, name: string, file: { name: string; data: Buffer }, token = admin) => {
    const body = multipart({}, { [name]: file });
    return t.app.inject({
      method: 'POST',
      url: `/api/v0${path}`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp(dialect, {
      env: {
        ...SMALL_DEMO.env,
        MAIL_MODE: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        MAIL_FROM: 'platform@example.org',
        PUBLIC_URL: 'http://console.test',
      },
    });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    viewer = await addProjectUser(t, {
      login: 'settings-viewer',
      permissions: ['project.view_settings'],
      group: 'Unit 101',
    });
    nobody = await addProjectUser(t, { login: 'settings-nobody', permissions: ['users.view'], group: 'Unit 101' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers the general section with its defaults, to viewers of project settings only', async () => {
    const general = v.parse(GeneralSettingsSchema, await ok('GET', '/project/general', undefined, viewer.token));
    expect(general).toEqual({
      name: 'Riverside Residence',
      description: null,
      registration_flags: { send_registration_link: true },
      server_url: 'http://console.test',
      time_zone: 'UTC',
      locale: 'en',
      logs_life: 90,
      admin_email: null,
      notify_flags: {
        notify_about_offline_device: false,
        notify_about_device_task_failed: false,
        notify_about_licence: true,
      },
      guest_identifier_limits: { max_passes_count: null, max_period_days: null },
      mobile_sdk_settings: { is_enabled: false, app_id: null, has_api_key: false },
      user_self_register_settings: { is_enabled: false, domain_id: null, domain: null, role_id: null, role: null },
    });
    expect((await call('GET', '/project/general', undefined, nobody.token)).statusCode).toBe(403);
    const readOnly = await call('PATCH', '/project/general', { name: 'Mine now' }, viewer.token);
    expect(readOnly.statusCode).toBe(403);
    expect((await ok('GET', '/project/general')).name).toBe('Riverside Residence');
  });

  it('changes the general section: the project row, the section, and the profile and mail that read them', async () => {
    const resident = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'resident')
      .where('project_id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    const saved = v.parse(
      GeneralSettingsSchema,
      await ok('PATCH', '/project/general', {
        name: 'Riverside Towers',
        description: '  ',
        registration_flags: { send_registration_link: false },
        server_url: 'https://towers.example.org/',
        locale: 'ru',
        logs_life: 30,
        admin_email: 'office@example.org',
        notify_flags: {
          notify_about_offline_device: true,
          notify_about_device_task_failed: true,
          notify_about_licence: false,
        },
        guest_identifier_limits: { max_passes_count: 5, max_period_days: 7 },
        mobile_sdk_settings: { is_enabled: true, app_id: 'com.example.towers', api_key: 'sdk-secret-1' },
        user_self_register_settings: { is_enabled: true, domain_id: ids.groups['Unit 102'], role_id: resident.id },
      }),
    );
    expect(saved).toMatchObject({
      name: 'Riverside Towers',
      description: null,
      registration_flags: { send_registration_link: false },
      server_url: 'https://towers.example.org',
      locale: 'ru',
      logs_life: 30,
      admin_email: 'office@example.org',
      guest_identifier_limits: { max_passes_count: 5, max_period_days: 7 },
      mobile_sdk_settings: { is_enabled: true, app_id: 'com.example.towers', has_api_key: true },
      user_self_register_settings: {
        is_enabled: true,
        domain: { id: ids.groups['Unit 102'], name: 'Unit 102' },
        role: { id: resident.id, name: 'resident' },
      },
    });
    // The API key is write-only: never answered, and kept when the form sends null.
    expect(JSON.stringify(await ok('GET', '/project/general'))).not.toContain('sdk-secret-1');
    const kept = await ok('PATCH', '/project/general', {
      mobile_sdk_settings: { is_enabled: true, app_id: 'com.example.towers', api_key: null },
    });
    expect(kept.mobile_sdk_settings.has_api_key).toBe(true);
    // The profile names the project anew; the server settings carry its language and registration flag.
    expect((await ok('GET', '/profile')).project.name).toBe('Riverside Towers');
    const settings = await ok('GET', '/frontend/server/settings');
    expect(settings).toMatchObject({ default_locale: 'ru', send_registration_link: false });
    // A new user gets no link by the flag, speaks the project's language; a link sent later uses server_url.
    const created = await ok('PUT', '/users', {
      login: 'flagged',
      name: 'Flag Ged',
      email: 'flagged@example.org',
      role_id: resident.id,
      domains: [ids.groups['Unit 101']],
    });
    const user = await t.db
      .selectFrom('users')
      .select(['locale', 'send_registration_link'])
      .where('id', '=', created)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ locale: 'ru', send_registration_link: 0 });
    await ok('POST', '/registration/invite/send', { users: [created] });
    const mail = await smtp.next('flagged@example.org');
    expect(mail.raw).toContain('https://towers.example.org/registration/');
    // Back to English and a link by default for the other tests.
    await ok('PATCH', '/project/general', {
      name: 'Riverside Residence',
      locale: 'en',
      server_url: 'http://console.test',
      registration_flags: { send_registration_link: true },
    });
  });

  it('refuses bad general values with field errors', async () => {
    const admins = await t.db
      .selectFrom('roles')
      .select('id')
      .where('is_admin', '=', 1)
      .where('project_id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    const office = await t.db
      .selectFrom('domains')
      .select('id')
      .where('project_id', '!=', ids.projectId)
      .executeTakeFirstOrThrow();
    expect(
      await fieldErrors('PATCH', '/project/general', {
        name: '',
        time_zone: 'Mars/Olympus',
        server_url: 'ftp://x',
        logs_life: 0,
        admin_email: 'not-an-address',
        locale: 'de',
      }),
    ).toEqual({
      name: 'required',
      time_zone: 'invalid',
      server_url: 'url_or_ip',
      logs_life: 'min_value',
      admin_email: 'email',
      locale: 'invalid',
    });
    // Self-registration lands in a group of this project with a role that is not the administrator's.
    expect(
      await fieldErrors('PATCH', '/project/general', {
        user_self_register_settings: { is_enabled: true, domain_id: office.id, role_id: admins.id },
      }),
    ).toEqual({
      'user_self_register_settings.domain_id': 'invalid',
      'user_self_register_settings.role_id': 'invalid',
    });
    expect(await fieldErrors('PATCH', '/project/general', {})).toEqual({ _: 'required' });
  });

  it('judges schedules in the project time zone, and sends the doors their schedules again when it changes', async () => {
    const definition = { valid_from: '2026-01-05', repeat_mode: 'daily', from: 32400, to: 36000 };
    const preview = async () =>
      ok('POST', '/time-rules/occurrences', { definition, from: '2026-01-10T00:00:00Z', count: 1 });
    expect(await preview()).toEqual({
      time_zone: 'UTC',
      items: [{ from: '2026-01-10T09:00:00Z', to: '2026-01-10T10:00:00Z' }],
    });
    // A door whose rule uses a schedule holds the project's zone in its lists: it is sent them again.
    const schedule = await ok('PUT', '/time-rules', { name: 'Mornings', ...definition });
    const rule = await t.db
      .selectFrom('access_rules as r')
      .innerJoin('access_rule_devices as rd', 'rd.access_rule_id', 'r.id')
      .select(['r.id', 'rd.device_id'])
      .where('r.project_id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('access_rule_time_rules')
      .values({ access_rule_id: rule.id, time_rule_id: schedule })
      .execute();
    const syncs = () =>
      t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('kind', '=', 'sync.schedules')
        .where('device_id', '=', rule.device_id)
        .execute();
    await t.db.deleteFrom('device_tasks').where('device_id', '=', rule.device_id).execute();
    await ok('PATCH', '/project/general', { time_zone: 'Asia/Tokyo' });
    // 09:00 in Tokyo is midnight UTC.
    expect(await preview()).toEqual({
      time_zone: 'Asia/Tokyo',
      items: [{ from: '2026-01-10T00:00:00Z', to: '2026-01-10T01:00:00Z' }],
    });
    expect(await syncs()).toHaveLength(1);
    // The same zone again changes nothing: no new sync.
    await t.db.deleteFrom('device_tasks').where('device_id', '=', rule.device_id).execute();
    await ok('PATCH', '/project/general', { time_zone: 'Asia/Tokyo' });
    expect(await syncs()).toHaveLength(0);
    await t.db.deleteFrom('access_rule_time_rules').where('time_rule_id', '=', schedule).execute();
    await ok('PATCH', '/project/general', { time_zone: 'UTC' });
  });

  it('switches the project SIP and the softphone: server settings, the SIP directory', async () => {
    const number = await t.db
      .selectFrom('sip_numbers')
      .select('number')
      .where('project_id', '=', ids.projectId)
      .where('is_active', '=', 1)
      .orderBy('number')
      .executeTakeFirstOrThrow();
    const directory = createDirectory(t.db);
    expect(await ok('GET', '/project/sip', undefined, viewer.token)).toEqual({
      is_sip_enabled: true,
      is_web_dialer_enabled: true,
      is_resident_phonebook_enabled: true,
    });
    await t.app.ctx.sip.start({ host: '127.0.0.1', port: 0 });
    try {
      const flags = async () => {
        const s = await ok('GET', '/frontend/server/settings');
        return [s.is_sip_enabled, s.is_web_dialer_enabled];
      };
      expect(await flags()).toEqual([true, true]);
      await ok('PATCH', '/project/sip', { is_web_dialer_enabled: false });
      expect(await flags()).toEqual([true, false]);
      expect(await directory.find(number.number)).not.toBeNull();
      await ok('PATCH', '/project/sip', { is_sip_enabled: false });
      expect(await flags()).toEqual([false, false]);
      // The project's numbers no longer exist for SIP: no registration, no call.
      expect(await directory.find(number.number)).toBeNull();
    } finally {
      await ok('PATCH', '/project/sip', { is_sip_enabled: true, is_web_dialer_enabled: true });
      await t.app.ctx.sip.stop();
    }
    expect(await directory.find(number.number)).not.toBeNull();
    expect((await call('PATCH', '/project/sip', { is_sip_enabled: false }, viewer.token)).statusCode).toBe(403);
  });

  it('deletes the residents phonebook only once the project switch is off', async () => {
    const unit = ids.groups['Unit 101'] as number;
    await ok('PATCH', `/domains/${unit}`, { is_resident_phonebook_enabled: true });
    const refused = await call('POST', '/project/sip/resident-phonebook/delete');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('phonebook must be disabled');
    await ok('PATCH', '/project/sip', { is_resident_phonebook_enabled: false });
    expect(await ok('POST', '/project/sip/resident-phonebook/delete')).toEqual({ groups: 1 });
    expect((await ok('GET', `/domains/${unit}`)).is_resident_phonebook_enabled).toBe(false);
    await ok('PATCH', '/project/sip', { is_resident_phonebook_enabled: true });
  });

  it('forwards calls to a group number by the group forwarding, {group_users} being its members', async () => {
    expect(await ok('GET', '/project/sip/domain/forward-rules')).toEqual({ is_enabled: false, queues: [] });
    expect(await fieldErrors('PATCH', '/project/sip/domain/forward-rules', { is_enabled: true, queues: [] })).toEqual({
      queues: 'one_required',
    });
    expect(
      await fieldErrors('PATCH', '/project/sip/domain/forward-rules', {
        is_enabled: true,
        queues: [{ numbers: ['100002'], timeout: 20 }],
      }),
    ).toEqual({ queues: 'placeholder_required' });
    expect(
      await fieldErrors('PATCH', '/project/sip/domain/forward-rules', {
        queues: [{ numbers: ['12a'], timeout: 2 }],
      }),
    ).toEqual({ 'queues.0.numbers.0': 'digits', 'queues.0.timeout': 'min_value' });
    const saved = await ok('PATCH', '/project/sip/domain/forward-rules', {
      is_enabled: true,
      queues: [
        { numbers: ['{group_users}'], timeout: 20 },
        { numbers: ['100002'], timeout: 30 },
      ],
    });
    expect(saved.queues).toHaveLength(2);
    // The group number of Unit 101, created here; Rita (100011) lives there.
    const unit = ids.groups['Unit 101'] as number;
    const made = await ok('PUT', '/sip-numbers', {
      number: '101999',
      password: 'Unit101pass',
      domain_id: unit,
      is_active: true,
    });
    const info = await createDirectory(t.db).find('101999');
    expect(info?.id).toBe(made);
    const plan = await forwardPlan(t.db, info!);
    expect(plan).toEqual({
      noAnswer: {
        immediately: true,
        afterMs: 0,
        stages: [
          { numbers: ['100011'], ringMs: 20_000 },
          { numbers: ['100002'], ringMs: 30_000 },
        ],
      },
      onError: null,
    });
    await ok('PATCH', '/project/sip/domain/forward-rules', { is_enabled: false });
    expect(await forwardPlan(t.db, info!)).toBeNull();
  });

  it('keeps the push server with a write-only password and certificate', async () => {
    expect(v.parse(PushServerSchema, await ok('GET', '/project/push-server'))).toEqual({
      server_url: null,
      server_port: null,
      user_name: null,
      has_user_pass: false,
      cert_file_name: null,
      has_cert_file: false,
    });
    expect(
      await fieldErrors('PATCH', '/project/push-server', {
        server_url: 'push',
        server_port: 70000,
        cert_file: '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----',
      }),
    ).toEqual({ server_url: 'url_or_ip', server_port: 'max_value' });
    expect(
      await fieldErrors('PATCH', '/project/push-server', {
        cert_file: '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----',
      }),
    ).toEqual({ cert_file: 'invalid' });
    const { cert } = generateSelfSigned(['push.example.org']);
    const saved = await ok('PATCH', '/project/push-server', {
      server_url: 'https://push.example.org',
      server_port: 5223,
      user_name: 'gatehouse',
      user_pass: 'push-secret',
      cert_file: cert,
      cert_file_name: 'push.pem',
    });
    expect(saved).toEqual({
      server_url: 'https://push.example.org',
      server_port: 5223,
      user_name: 'gatehouse',
      has_user_pass: true,
      cert_file_name: 'push.pem',
      has_cert_file: true,
    });
    const again = await ok('PATCH', '/project/push-server', { user_pass: null, cert_file: null, user_name: 'gh' });
    expect(again).toMatchObject({ user_name: 'gh', has_user_pass: true, has_cert_file: true });
    expect(JSON.stringify(again)).not.toContain('push-secret');
  });

  it('shows the white label to the users of its groups: the project, a group that overrides it, the logo', async () => {
    const unit = ids.groups['Unit 101'] as number;
    const resident = (await t.session('resident')).token;
    const whitelabel = async (token: string) =>
      (await ok('GET', '/frontend/server/settings', undefined, token)).whitelabel;
    expect(await whitelabel(resident)).toBeNull();
    await ok('PATCH', '/project/whitelabel', {
      is_enabled: true,
      name: 'Towers Living',
      address: '1 River Road',
      email: 'desk@towers.example',
      phone: '+1 555 0100',
    });
    expect(await whitelabel(resident)).toEqual({
      name: 'Towers Living',
      logo_url: null,
      address: '1 River Road',
      email: 'desk@towers.example',
      phone: '+1 555 0100',
    });
    const logo = new Jimp({ width: 1200, height: 200, color: 0x2255aaff });
    const uploaded = await upload('/project/whitelabel/logo', 'image', {
      name: 'logo.png',
      data: await logo.getBuffer('image/png'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().data.logo as string;
    expect(url).toMatch(/^\/api\/v0\/uploads\/logos\/p\d+-[0-9a-f]{16}\.png$/);
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    const stored = await Jimp.read(picture.rawPayload);
    // Kept within 480 × 160, proportions kept.
    expect([stored.bitmap.width, stored.bitmap.height]).toEqual([480, 80]);
    const notImage = await upload('/project/whitelabel/logo', 'image', {
      name: 'logo.png',
      data: Buffer.from('hello'),
    });
    expect(notImage.json().message).toBe('invalid file');
    const viewerUpload = await upload(
      '/project/whitelabel/logo',
      'image',
      { name: 'logo.png', data: await logo.getBuffer('image/png') },
      viewer.token,
    );
    expect(viewerUpload.statusCode).toBe(403);
    // The unit's own white label wins for its people; others keep the project's.
    await ok('PATCH', `/domains/${unit}`, {
      whitelabel_settings: { is_enabled: true, name: 'Unit 101 Club', address: null, email: null, phone: null },
    });
    const groupLogo = await upload(`/domains/${unit}/whitelabel/logo`, 'image', {
      name: 'g.png',
      data: await new Jimp({ width: 40, height: 40, color: 0xff0000ff }).getBuffer('image/png'),
    });
    expect(groupLogo.statusCode, groupLogo.body).toBe(200);
    expect(groupLogo.json().data.whitelabel_settings.logo).toMatch(/\/g\d+-/);
    expect(await whitelabel(resident)).toMatchObject({
      name: 'Unit 101 Club',
      logo_url: groupLogo.json().data.whitelabel_settings.logo,
    });
    expect((await whitelabel(admin))?.name).toBe('Towers Living');
    const removed = await call('DELETE', `/domains/${unit}/whitelabel/logo`);
    expect(removed.json().data.whitelabel_settings.logo).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: groupLogo.json().data.whitelabel_settings.logo })).statusCode,
    ).toBe(404);
    await ok('PATCH', `/domains/${unit}`, {
      whitelabel_settings: { is_enabled: false, name: null, address: null, email: null, phone: null },
    });
    expect((await ok('DELETE', '/project/whitelabel/logo')).logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await ok('PATCH', '/project/whitelabel', { is_enabled: false });
    expect(await whitelabel(resident)).toBeNull();
  });

  it('keeps Apple Wallet fields and guest limits, a group overriding the project, for the areas that read them', async () => {
    const unit = ids.groups['Unit 102'] as number;
    const wallet = await ok('PATCH', '/project/apple-wallet', {
      is_enabled: true,
      backfields: 'Call the desk on 100',
      background_color: '#112233',
      barcode_alt_text: 'Show at the gate',
      developer_name: 'Riverside',
      developer_name_color: '#ffffff',
      font_color: '#eeeeee',
    });
    expect(await ok('GET', '/project/apple-wallet', undefined, viewer.token)).toEqual(wallet);
    expect(await appleWalletFor(t.db, ids.projectId, unit)).toEqual(wallet);
    await ok('PATCH', `/domains/${unit}`, {
      apple_wallet_settings: {
        is_enabled: true,
        backfields: 'Unit 102 pass',
        background_color: '#000000',
        barcode_alt_text: null,
        developer_name: null,
        developer_name_color: null,
        font_color: null,
      },
      guest_identifier_limits: { max_passes_count: 2, max_period_days: null },
    });
    expect((await appleWalletFor(t.db, ids.projectId, unit)).backfields).toBe('Unit 102 pass');
    expect((await appleWalletFor(t.db, ids.projectId, ids.groups['Unit 101'] as number)).backfields).toBe(
      'Call the desk on 100',
    );
    // A granter in Unit 102 meets its passes limit and the project's days limit.
    const granter = await addProjectUser(t, {
      login: `limits-${dialect}`,
      permissions: ['identifiers.create_guest'],
      group: 'Unit 102',
    });
    expect(await guestLimits(t.db, { userId: granter.id, projectId: ids.projectId } as Auth)).toEqual({
      max_passes_count: 2,
      max_period_days: 7,
    });
    expect(await fieldErrors('PATCH', '/project/apple-wallet', { background_color: 'x'.repeat(40) })).toEqual({
      background_color: 'max_length',
    });
  });

  it('takes mail settings over the environment, keeps the password write-only, and tests them for real', async () => {
    expect(v.parse(MailSettingsSchema, await ok('GET', '/project/mail'))).toEqual({
      mode: 'smtp',
      host: '127.0.0.1',
      port: smtp.port,
      username: null,
      has_password: false,
      from_address: 'platform@example.org',
      from_name: null,
      encryption: 'none',
    });
    // A real message through the loopback relay.
    const sent = await ok('POST', '/project/mail/test', { email: 'tester@example.org' });
    expect(sent).toEqual({ status: 'sent', error: null });
    const mail = await smtp.next('tester@example.org');
    expect(mail.raw).toContain('Subject: Gatehouse mail test');
    expect(mail.raw).toContain('From: platform@example.org');
    // A stored sender wins; a relay that does not answer fails the test, with its reason.
    await ok('PATCH', '/project/mail', {
      from_address: 'desk@towers.example',
      from_name: 'Towers Desk',
      password: 'smtp-secret',
    });
    expect((await ok('GET', '/project/mail')).has_password).toBe(true);
    expect(JSON.stringify(await ok('GET', '/project/mail'))).not.toContain('smtp-secret');
    const named = await ok('POST', '/project/mail/test', { email: 'tester@example.org' });
    expect(named.status).toBe('sent');
    expect((await smtp.next('tester@example.org')).raw).toContain('From: Towers Desk <desk@towers.example>');
    await ok('PATCH', '/project/mail', { port: 9, password: null });
    const failed = await ok('POST', '/project/mail/test', { email: 'tester@example.org' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual(expect.any(String));
    // Mode none keeps the message in the outbox.
    await ok('PATCH', '/project/mail', { mode: 'none', port: smtp.port });
    expect(await ok('POST', '/project/mail/test', { email: 'kept@example.org' })).toEqual({
      status: 'kept',
      error: null,
    });
    const kept = await t.db
      .selectFrom('outbox')
      .select(['status', 'html'])
      .where('to_address', '=', 'kept@example.org')
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('kept');
    expect(kept.html).toContain('<p>');
    expect(await fieldErrors('PATCH', '/project/mail', { mode: 'pigeon', port: 0, from_address: 'x' })).toEqual({
      mode: 'invalid',
      port: 'min_value',
      from_address: 'email',
    });
    expect(await fieldErrors('POST', '/project/mail/test', { email: 'nobody' })).toEqual({ email: 'email' });
    expect((await call('POST', '/project/mail/test', { email: 'a@b.c' }, viewer.token)).statusCode).toBe(403);
    await ok('PATCH', '/project/mail', { mode: 'smtp', from_address: 'platform@example.org', from_name: null });
  });

  it('mails the administrator address about failed device tasks when its flag is on', async () => {
    const { notifyTaskFailed } = await import('../../server/domain/devices/tasks/notify-failed');
    const device = await t.db
      .selectFrom('devices')
      .select(['id', 'name'])
      .where('project_id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    const task = {
      id: 1,
      device_id: device.id,
      kind: 'settings.apply',
      last_error_code: 'device offline, cannot connect',
    };
    await ok('PATCH', '/project/general', {
      admin_email: 'office@example.org',
      notify_flags: {
        notify_about_offline_device: false,
        notify_about_device_task_failed: false,
        notify_about_licence: true,
      },
    });
    await notifyTaskFailed(t.app.ctx, task as never);
    expect(
      await t.db.selectFrom('outbox').select('id').where('kind', '=', 'device_task_failed').execute(),
    ).toHaveLength(0);
    await ok('PATCH', '/project/general', {
      notify_flags: {
        notify_about_offline_device: false,
        notify_about_device_task_failed: true,
        notify_about_licence: true,
      },
    });
    await notifyTaskFailed(t.app.ctx, task as never);
    const mail = await smtp.next('office@example.org');
    expect(mail.raw).toContain(`a task of ${device.name} failed`);
  });

  it('stores the broker certificate for the next restart, and forgets it for the environment', async () => {
    expect(v.parse(BrokerCertificatesSchema, await ok('GET', '/project/broker', undefined, viewer.token))).toEqual({
      source: 'none',
      certificate: null,
      is_active: true,
      is_embedded: true,
    });
    const pair = generateSelfSigned(['broker.example.org']);
    const other = generateSelfSigned(['other.example.org']);
    expect(await fieldErrors('POST', '/project/broker', { cert: pair.cert, key: other.key })).toEqual({
      key: 'invalid',
    });
    expect(
      await fieldErrors('POST', '/project/broker', {
        cert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
        key: pair.key,
      }),
    ).toEqual({ cert: 'invalid' });
    const stored = await ok('POST', '/project/broker', pair);
    expect(stored).toMatchObject({ source: 'stored', is_active: false });
    expect(stored.certificate.subject).toContain('broker.example.org');
    await ok('POST', '/broker/restart');
    expect((await ok('GET', '/project/broker')).is_active).toBe(true);
    expect(await ok('DELETE', '/project/broker')).toMatchObject({
      source: 'none',
      certificate: null,
      is_active: false,
    });
    await ok('POST', '/broker/restart');
    expect((await ok('GET', '/project/broker')).is_active).toBe(true);
    expect((await call('POST', '/project/broker', pair, viewer.token)).statusCode).toBe(403);
  });

  it('imports device backup data by serial number, reporting what it could not apply', async () => {
    const importer = await addProjectUser(t, {
      login: 'backup-importer',
      permissions: ['project.import_device_backup'],
      group: 'Unit 101',
    });
    const file = {
      format: 'gatehouse-device-backup',
      version: 1,
      devices: [
        { serial_number: 'GH-DEMO-PANEL-A', device_settings: { sip: { talk_timeout: 95 } } },
        { serial_number: 'NO-SUCH-SERIAL', device_settings: {} },
        { serial_number: 'GH-DEMO-AC-1', device_settings: { sip: { talk_timeout: 'long' } } },
      ],
    };
    const res = await upload(
      '/project/import/device-backup',
      'file',
      { name: 'backup.json', data: Buffer.from(JSON.stringify(file)) },
      importer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      devices_updated: 1,
      errors: [
        { serial_number: 'NO-SUCH-SERIAL', message: 'item not found' },
        { serial_number: 'GH-DEMO-AC-1', message: 'invalid data sent' },
      ],
    });
    const panel = await t.db
      .selectFrom('devices')
      .select(['id', 'settings'])
      .where('serial_number', '=', 'GH-DEMO-PANEL-A')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(panel.settings).sip.talk_timeout).toBe(95);
    const apply = await t.db
      .selectFrom('device_tasks')
      .select('kind')
      .where('device_id', '=', panel.id)
      .where('kind', '=', 'settings.apply')
      .execute();
    expect(apply.length).toBeGreaterThan(0);
    const garbage = await upload(
      '/project/import/device-backup',
      'file',
      { name: 'b.json', data: Buffer.from('{nope') },
      importer.token,
    );
    expect(garbage.json().message).toBe('invalid file');
    const wrong = await upload(
      '/project/import/device-backup',
      'file',
      { name: 'b.json', data: Buffer.from('{"what":1}') },
      importer.token,
    );
    expect(wrong.json().message).toBe('wrong file body');
    expect(
      (await upload('/project/import/device-backup', 'file', { name: 'b.json', data: Buffer.from('{}') }, viewer.token))
        .statusCode,
    ).toBe(403);
  });

  it('keeps each project’s logs for its logs_life days', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 10 * 86_400_000).toISOString();
    for (const [to, at] of [
      ['old@example.org', old],
      ['recent@example.org', recent],
    ] as const) {
      await t.db
        .insertInto('outbox')
        .values({
          project_id: ids.projectId,
          to_address: to,
          subject: 's',
          body: 'b',
          kind: 'test',
          status: 'kept',
          created_at: at,
        })
        .execute();
    }
    await ok('PATCH', '/project/general', { logs_life: 30 });
    const pruned = await pruneLogs(t.db, new Date());
    expect(pruned.get(ids.projectId)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('outbox')
      .select('to_address')
      .where('to_address', 'in', ['old@example.org', 'recent@example.org'])
      .execute();
    expect(left.map((r) => r.to_address)).toEqual(['recent@example.org']);
  });
});
