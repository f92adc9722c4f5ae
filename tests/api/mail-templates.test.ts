import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailPreviewSchema, MailTemplateSchema } from '../../src/contract/entities/mail-template';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { linkIn, startSmtpCapture } from '../support/smtp-capture';

/** Decodes quoted-printable soft breaks and escapes of a captured message. */
const plain = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Mail templates (7.6, 6.3): types and domain types; project-level templates for the
 * holders of project.change_settings, group-level ones for the group permissions of 6.3,
 * one of a type at each level; their texts' rules; previews (project and group) and their
 * sending; and the mail the product sends taking them: an invitation from a changed
 * project template, a group's own template for its people, recovery and announces,
 * values escaped in the HTML part.
 */
describe.each(dialects)('mail templates (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin = '';
  let staff = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let unitManager = { id: 0, token: '' };
  let viewer = { id: 0, token: '' };
  let residentRole = 0;

  const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = admin) =>
    t.call(method, path, { token, body });
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
  const unit = (name: string) => ids.groups[name] as number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp(dialect, {
      env: {
        ...SMALL_DEMO.env,
        MAIL_MODE: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        PUBLIC_URL: 'http://console.test',
      },
    });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    staff = (await t.session('staff')).token;
    ids = await demoIds(t);
    unitManager = await addProjectUser(t, {
      login: 'unit-manager',
      // A self-domain manager sees their own group (domains.view_self), as for the group's other parts.
      permissions: ['self_domain.manage_mail_templates', 'domains.view_self'],
      group: 'Unit 101',
    });
    viewer = await addProjectUser(t, {
      login: 'templates-viewer',
      permissions: ['project.view_settings'],
      group: 'Unit 101',
    });
    residentRole = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'resident')
        .where('project_id', '=', ids.projectId)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('lists the types, and the types a group may have', async () => {
    const types = await ok('GET', '/mail-templates/types', undefined, viewer.token);
    expect(types.map((x: { code: string }) => x.code)).toEqual([
      'invitation',
      'recovery',
      'confirmation',
      'announce',
      'licence_warning',
      'device_offline',
      'device_task_failed',
      'mail_test',
    ]);
    expect(types[0]).toEqual({
      id: 1,
      code: 'invitation',
      variables: ['name', 'login', 'link'],
      required: ['link'],
      domain: true,
    });
    const domainTypes = await ok('GET', '/mail-templates/domain-types', undefined, staff);
    expect(domainTypes.map((x: { code: string }) => x.code)).toEqual([
      'invitation',
      'recovery',
      'announce',
      'device_offline',
      'device_task_failed',
    ]);
    const resident = (await t.session('resident')).token;
    expect((await call('GET', '/mail-templates/types', undefined, resident)).statusCode).toBe(403);
  });

  it('keeps one template per type and level, with the rules of its texts', async () => {
    const body = {
      mail_type_id: 1,
      subject: 'Welcome to {{project}}',
      body: 'Hi {{name}}, set your password: {{link}}',
    };
    const id = await ok('PUT', '/mail-templates', body);
    const item = v.parse(MailTemplateSchema, await ok('GET', `/mail-templates/${id}`, undefined, viewer.token));
    expect(item).toMatchObject({ ...body, mail_type: 'invitation', domain_id: null, domain: null });
    const twice = await call('PUT', '/mail-templates', body);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: 'a template of this type exists',
      errors: { mail_type_id: { code: 'not_unique' } },
    });
    const unknown = await call('PUT', '/mail-templates', {
      mail_type_id: 2,
      subject: 'Reset {{pasword}}',
      body: '{{link}}',
    });
    expect(unknown.json().errors).toEqual({ subject: { code: 'unknown_placeholder', params: { name: 'pasword' } } });
    const linkless = await call('PUT', '/mail-templates', { mail_type_id: 2, subject: 'Reset', body: 'Ask the desk.' });
    expect(linkless.json().errors).toEqual({ body: { code: 'placeholder_required', params: { name: '{{link}}' } } });
    const noType = await call('PUT', '/mail-templates', { mail_type_id: 99, subject: 'x', body: 'y' });
    expect(noType.json().errors).toEqual({ mail_type_id: { code: 'invalid' } });
    // A licence warning concerns the whole project: no group may have one.
    const grouped = await call('PUT', '/mail-templates', {
      mail_type_id: 5,
      domain_id: unit('Unit 101'),
      subject: 'Licence',
      body: 'It {{status}}',
    });
    expect(grouped.json().errors).toEqual({ mail_type_id: { code: 'invalid' } });
    // The group level has its own template of the type.
    const forGroup = await ok('PUT', '/mail-templates', { ...body, domain_id: unit('Unit 102') });
    expect((await ok('GET', `/mail-templates/${forGroup}`)).domain).toEqual({ id: unit('Unit 102'), name: 'Unit 102' });
    const edited = await ok('PATCH', `/mail-templates/${id}`, { body: 'Hello {{name}}: {{link}}' });
    expect(edited.body).toBe('Hello {{name}}: {{link}}');
    const broken = await call('PATCH', `/mail-templates/${id}`, { body: 'no link here' });
    expect(broken.json().errors.body.code).toBe('placeholder_required');
    // The group's relation lists its template.
    expect((await ok('GET', `/domains/${unit('Unit 102')}`)).mail_templates).toEqual([
      { id: forGroup, name: 'invitation' },
    ]);
    await ok('DELETE', `/mail-templates/${forGroup}`);
    await ok('DELETE', `/mail-templates/${id}`);
  });

  it('follows 6.3: project level needs change-project-settings, a group the group permissions', async () => {
    const project = { mail_type_id: 4, subject: '{{subject}}', body: '{{body}} {{link}}' };
    // The manager of Unit 101's templates: their own group only.
    expect((await call('PUT', '/mail-templates', project, unitManager.token)).statusCode).toBe(403);
    const other = await call('PUT', '/mail-templates', { ...project, domain_id: unit('Unit 102') }, unitManager.token);
    expect(other.statusCode).toBe(403);
    const own = await ok('PUT', '/mail-templates', { ...project, domain_id: unit('Unit 101') }, unitManager.token);
    // Staff edit every group (domains.edit_all) but not the project's own settings.
    expect((await call('PUT', '/mail-templates', project, staff)).statusCode).toBe(403);
    const staffs = await ok('PUT', '/mail-templates', { ...project, domain_id: unit('Unit 102') }, staff);
    const projectLevel = await ok('PUT', '/mail-templates', project);
    const visible = async (token: string) =>
      (await ok('GET', '/mail-templates/items', undefined, token)).map((x: { id: number }) => x.id).sort();
    expect(await visible(unitManager.token)).toEqual([own]);
    expect(await visible(staff)).toEqual([own, staffs].sort());
    expect(await visible(viewer.token)).toEqual([own, staffs, projectLevel].sort());
    // Seeing is not changing: the viewer reads every template and changes none.
    expect(
      (await call('PATCH', `/mail-templates/${projectLevel}`, { subject: 'x {{subject}}' }, viewer.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/mail-templates/${projectLevel}`, { subject: 'x {{subject}}' }, staff)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/mail-templates/${staffs}`, undefined, unitManager.token)).statusCode).toBe(404);
    expect(
      (await ok('PATCH', `/mail-templates/${own}`, { subject: 'Unit: {{subject}}' }, unitManager.token)).subject,
    ).toBe('Unit: {{subject}}');
    // The project-level filter: domain_id is null.
    const projectOnly = await ok(
      'GET',
      `/mail-templates/items?filters=${encodeURIComponent(JSON.stringify([{ field: 'domain_id', rule: 'is', value: 'null' }]))}`,
    );
    expect(projectOnly.map((x: { id: number }) => x.id)).toEqual([projectLevel]);
    for (const id of [own, staffs, projectLevel]) await ok('DELETE', `/mail-templates/${id}`);
  });

  it('previews a type: the built-in text, a stored template, a draft; per group with its white label', async () => {
    const preview = v.parse(
      MailPreviewSchema,
      await ok('POST', '/mail-templates/preview', { mail_type_id: 1 }, viewer.token),
    );
    expect(preview).toMatchObject({ subject: 'Your Gatehouse account', source: 'default', template_id: null });
    expect(preview.text).toContain('http://console.test/registration/sample-invitation-code');
    expect(preview.html).toContain('<a href="http://console.test/registration/sample-invitation-code">');
    const ru = await ok('POST', '/mail-templates/preview', { mail_type_id: 1, locale: 'ru' });
    expect(ru.subject).toBe('Ваша учётная запись Gatehouse');
    const stored = await ok('PUT', '/mail-templates', {
      mail_type_id: 1,
      subject: 'Join {{project}}',
      body: '{{link}}',
    });
    expect(await ok('POST', '/mail-templates/preview', { mail_type_id: 1 })).toMatchObject({
      subject: 'Join Riverside Residence',
      source: 'project',
      template_id: stored,
    });
    const draft = await ok('POST', '/mail-templates/preview', {
      mail_type_id: 1,
      subject: 'Draft for {{name}}',
      body: '<b>{{link}}</b>',
    });
    expect(draft).toMatchObject({ subject: 'Draft for Anna Smith', source: 'draft' });
    // A template is text: its markup is shown, never obeyed.
    expect(draft.html).toContain('&lt;b&gt;');
    expect(draft.html).not.toContain('<b>');
    const bad = await call('POST', '/mail-templates/preview', { mail_type_id: 1, subject: 'x', body: 'no link' });
    expect(bad.json().errors.body.code).toBe('placeholder_required');
    // Per group: the group's template, in the group's white label.
    await ok('PATCH', `/domains/${unit('Unit 102')}`, {
      whitelabel_settings: { is_enabled: true, name: 'Unit 102 House', address: 'Road 2', email: null, phone: null },
    });
    const group = await ok('PUT', '/mail-templates', {
      mail_type_id: 1,
      domain_id: unit('Unit 102'),
      subject: '{{brand_name}} says hi',
      body: '{{link}}',
    });
    const groupPreview = await ok(
      'POST',
      `/domains/${unit('Unit 102')}/mail-templates/preview`,
      { mail_type_id: 1 },
      staff,
    );
    expect(groupPreview).toMatchObject({ subject: 'Unit 102 House says hi', source: 'group', template_id: group });
    expect(groupPreview.brand).toMatchObject({ name: 'Unit 102 House', address: 'Road 2' });
    expect(groupPreview.text).toContain('Road 2');
    // Unit 101 has none of its own: the project's.
    expect(
      (await ok('POST', `/domains/${unit('Unit 101')}/mail-templates/preview`, { mail_type_id: 1 }, unitManager.token))
        .source,
    ).toBe('project');
    // A group the manager does not see does not exist for them; one they see but may not change is 403.
    expect(
      (
        await call(
          'POST',
          `/domains/${unit('Unit 102')}/mail-templates/preview`,
          { mail_type_id: 1 },
          unitManager.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/domains/${unit('Unit 101')}/mail-templates/preview`,
          { mail_type_id: 5 },
          unitManager.token,
        )
      ).json().errors,
    ).toEqual({ mail_type_id: { code: 'invalid' } });
    // Sending a preview: to the caller, or to the address given, for real.
    expect(await ok('POST', '/mail-templates/preview/send', { mail_type_id: 1, email: 'preview@example.org' })).toEqual(
      {
        to: 'preview@example.org',
        status: 'sent',
      },
    );
    expect((await smtp.next('preview@example.org')).raw).toContain('Subject: Join Riverside Residence');
    const groupSent = await ok(
      'POST',
      `/domains/${unit('Unit 102')}/mail-templates/preview/send`,
      { mail_type_id: 1, email: 'group@example.org' },
      staff,
    );
    expect(groupSent.status).toBe('sent');
    expect((await smtp.next('group@example.org')).raw).toContain('Subject: Unit 102 House says hi');
    await ok('PATCH', `/domains/${unit('Unit 102')}`, {
      whitelabel_settings: { is_enabled: false, name: null, address: null, email: null, phone: null },
    });
    await ok('DELETE', `/mail-templates/${group}`);
    await ok('DELETE', `/mail-templates/${stored}`);
  });

  it('sends invitations from the template that applies to the new user: project, then group; values escaped', async () => {
    await ok('PUT', '/mail-templates', {
      mail_type_id: 1,
      subject: 'Welcome home, {{name}}',
      body: 'Dear {{name}} ({{login}}),\n\nyour key to {{project}}: {{link}}\n\nThe desk',
    });
    const invite = async (login: string, name: string, group: string) =>
      ok('PUT', '/users', {
        login,
        name,
        email: `${login}@example.org`,
        role_id: residentRole,
        domains: [unit(group)],
      });
    await invite('templated', "Tom O'Plate", 'Unit 101');
    const mail = plain((await smtp.next('templated@example.org')).raw);
    expect(mail).toContain("Subject: Welcome home, Tom O'Plate");
    expect(mail).toContain("Dear Tom O'Plate (templated)");
    // In the HTML part every value is escaped.
    expect(mail).toContain('Dear Tom O&#39;Plate (templated)');
    // The link still registers the account.
    const token = linkIn(mail, '/registration');
    expect((await t.call('GET', `/registration/${token}`)).json().data.login).toBe('templated');
    // A group template wins for the people of that group (and below it).
    await ok('PUT', '/mail-templates', {
      mail_type_id: 1,
      domain_id: unit('Unit 102'),
      subject: 'Unit 102 welcomes {{name}}',
      body: '{{link}}',
    });
    await invite('grouped', 'Gro Uped', 'Unit 102');
    expect(plain((await smtp.next('grouped@example.org')).raw)).toContain('Subject: Unit 102 welcomes Gro Uped');
    await invite('ungrouped', 'Un Grouped', 'Unit 101');
    expect(plain((await smtp.next('ungrouped@example.org')).raw)).toContain('Subject: Welcome home, Un Grouped');
  });

  it('sends recovery and announces through their templates too', async () => {
    await ok('PUT', '/mail-templates', {
      mail_type_id: 2,
      subject: 'New password for {{login}}',
      body: 'Open {{link}}',
    });
    await t.db.updateTable('users').set({ email: 'rita@example.org' }).where('login', '=', 'resident').execute();
    expect((await t.call('POST', '/password/recovery', { body: { email: 'rita@example.org' } })).statusCode).toBe(200);
    const recovery = plain((await smtp.next('rita@example.org')).raw);
    expect(recovery).toContain('Subject: New password for resident');
    expect(linkIn(recovery, '/password/reset')).toMatch(/^[A-Za-z0-9_-]+$/);
    await ok('PUT', '/mail-templates', {
      mail_type_id: 4,
      subject: '[{{project}}] {{subject}}',
      body: '{{body}}\n\n{{#is_poll}}Vote{{/is_poll}}{{^is_poll}}Read{{/is_poll}}: {{link}}',
    });
    const announce = await ok('PUT', '/announces', {
      name: 'Water',
      subject: 'Water off',
      body: 'No <b>water</b> on Monday.',
      send_via: 'email',
      users: [ids.users.resident],
    });
    await ok('POST', `/announces/${announce}/start`);
    const mail = plain((await smtp.next('rita@example.org')).raw);
    expect(mail).toContain('Subject: [Riverside Residence] Water off');
    // The announce's text is a value: shown as written, escaped in the HTML part.
    expect(mail).toContain('No <b>water</b> on Monday.');
    expect(mail).toContain('<p>No &lt;b&gt;water&lt;/b&gt; on Monday.</p>');
    expect(mail).toContain('Read: http://console.test/announce/');
  });
});
