import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MailTemplate, mailTemplatesEntity } from '../../src/contract/entities/mail-template';
import type { GeneralSettings, MailSettings, SipSettings } from '../../src/contract/entities/project-settings';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import type { CallFailure } from '../../src/machines/session/session.types';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';
import { renderApp } from './support/render-app';

type Row = { id: number; [field: string]: unknown };

const GENERAL: GeneralSettings = {
  name: 'Riverside Residence',
  description: null,
  registration_flags: { send_registration_link: true },
  server_url: 'https://console.example.org',
  time_zone: 'Europe/Berlin',
  locale: 'en',
  logs_life: 90,
  admin_email: null,
  notify_flags: {
    notify_about_offline_device: false,
    notify_about_device_task_failed: false,
    notify_about_licence: true,
  },
  guest_identifier_limits: { max_passes_count: null, max_period_days: null },
  mobile_sdk_settings: { is_enabled: false, app_id: null, has_api_key: true },
  user_self_register_settings: { is_enabled: false, domain_id: null, domain: null, role_id: null, role: null },
};
const SIP: SipSettings = { is_sip_enabled: true, is_web_dialer_enabled: true, is_resident_phonebook_enabled: true };
const MAIL: MailSettings = {
  mode: 'smtp',
  host: 'smtp.example.org',
  port: 587,
  username: 'relay',
  has_password: true,
  from_address: 'desk@example.org',
  from_name: 'Front desk',
  encryption: 'starttls',
};
const TEMPLATE: MailTemplate = {
  id: 7,
  mail_type_id: 1,
  mail_type: 'invitation',
  domain_id: null,
  domain: null,
  subject: 'Welcome to {{project}}',
  body: 'Hello {{name}}: {{link}}',
  created_at: '2026-01-10T10:00:00.000Z',
  updated_at: '2026-01-10T10:00:00.000Z',
  created_by_user: null,
};

/** The demo backend plus the project's settings sections and mail templates. */
function settingsBackend(options: { phonebookRefusal?: CallFailure } = {}) {
  const state = { general: structuredClone(GENERAL), sip: structuredClone(SIP), mail: structuredClone(MAIL) };
  return demoBackend(
    {
      'GET /project/general': () => ({ data: state.general }),
      'PATCH /project/general': (call: FakeCall) => {
        const body = call.body as Partial<GeneralSettings> & { mobile_sdk_settings?: { api_key: string | null } };
        state.general = {
          ...state.general,
          ...(body as object),
          mobile_sdk_settings: {
            is_enabled: body.mobile_sdk_settings?.is_enabled ?? false,
            app_id: body.mobile_sdk_settings?.app_id ?? null,
            has_api_key: true,
          },
          user_self_register_settings: state.general.user_self_register_settings,
        } as GeneralSettings;
        return { data: state.general };
      },
      'GET /project/sip': () => ({ data: state.sip }),
      'PATCH /project/sip': (call: FakeCall) => {
        state.sip = { ...state.sip, ...(call.body as object) };
        return { data: state.sip };
      },
      'GET /project/sip/domain/forward-rules': () => ({ data: { is_enabled: false, queues: [] } }),
      'POST /project/sip/resident-phonebook/delete': () => {
        if (options.phonebookRefusal) throw options.phonebookRefusal;
        return { data: { groups: 2 } };
      },
      'GET /project/mail': () => ({ data: state.mail }),
      'POST /project/mail/test': () => ({ data: { status: 'failed', error: 'connect ECONNREFUSED' } }),
      'POST /mail-templates/preview': (call: FakeCall) => {
        const body = call.body as { subject: string | null };
        return {
          data: {
            subject: (body.subject ?? 'Your Gatehouse account').replace('{{project}}', 'Riverside Residence'),
            text: 'Hello Anna Smith',
            html: '<p>Hello Anna Smith</p>',
            content_html: '<p>Hello Anna Smith: <a href="https://x.example/registration/sample">link</a></p>',
            source: body.subject ? 'draft' : 'default',
            template_id: null,
            brand: { name: 'Gatehouse', logo_url: null, address: null, email: null, phone: null },
          },
        };
      },
    },
    {
      mailTemplates: {
        contract: mailTemplatesEntity,
        rows: [structuredClone(TEMPLATE)] as unknown as Row[],
        create: (body, id) =>
          ({
            ...TEMPLATE,
            ...body,
            id,
            mail_type: 'recovery',
            domain: null,
          }) as unknown as Row,
      },
    },
  );
}

describe('project settings page', () => {
  it('shows each section in summary and edits it in a 900 px dialog; a save sends the section and updates it', async () => {
    const app = renderWithBackend('/general-settings', settingsBackend());
    // The first render loads the page's chunk: give it time.
    const card = await screen.findByRole('region', { name: 'General' }, { timeout: 20_000 });
    await waitFor(() => expect(card).toHaveTextContent('Europe/Berlin'));
    expect(card).toHaveTextContent('https://console.example.org');
    expect(screen.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');

    await app.user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'General' });
    expect(dialog.querySelector('[style*="max-width"]') ?? dialog).toHaveStyle({ maxWidth: '900px' });
    // The stored API key shows as a placeholder and goes back as null (7.9).
    expect(within(dialog).getByLabelText('API key')).toHaveValue('********');
    await app.user.clear(within(dialog).getByLabelText(/Project name/));
    await app.user.type(within(dialog).getByLabelText(/Project name/), 'Riverside Towers');
    await app.user.clear(within(dialog).getByLabelText('Logs are kept (days)'));
    await app.user.type(within(dialog).getByLabelText('Logs are kept (days)'), '30');
    await app.user.click(within(dialog).getByLabelText('Failed device tasks'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'General' })).not.toBeInTheDocument());
    const patch = app.backend.calls.find((c) => c.method === 'PATCH' && c.path === '/project/general');
    expect(patch?.body).toMatchObject({
      name: 'Riverside Towers',
      logs_life: 30,
      time_zone: 'Europe/Berlin',
      notify_flags: {
        notify_about_offline_device: false,
        notify_about_device_task_failed: true,
        notify_about_licence: true,
      },
      mobile_sdk_settings: { is_enabled: false, app_id: null, api_key: null },
      user_self_register_settings: { is_enabled: false, domain_id: null, role_id: null },
    });
    expect(card).toHaveTextContent('Riverside Towers');
    expect(card).toHaveTextContent('30 days');
  });

  it('checks a section before sending it: self-registration needs a group and a role', async () => {
    const app = renderWithBackend('/general-settings', settingsBackend());
    const card = await screen.findByRole('region', { name: 'General' });
    await waitFor(() => expect(card).toHaveTextContent('Europe/Berlin'));
    await app.user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'General' });
    await app.user.click(within(dialog).getByLabelText('Residents may register from the mobile app'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('group', { name: 'Group they join' })).toHaveAccessibleDescription(
      'Field is required',
    );
    expect(app.backend.calls.some((c) => c.method === 'PATCH')).toBe(false);
    // Cancel forgets what was typed.
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await app.user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'General' })).getByLabelText(
        'Residents may register from the mobile app',
      ),
    ).not.toBeChecked();
  });

  it('opens the views read-only without the change permission (2.5)', async () => {
    const app = renderWithBackend('/general-settings?tab=sip', settingsBackend(), ['project.view_settings']);
    const card = await screen.findByRole('region', { name: 'SIP and the softphone' });
    await waitFor(() => expect(card).toHaveTextContent('On'));
    expect(within(card).queryByRole('button', { name: 'Delete residents’ phonebooks' })).not.toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'SIP and the softphone' });
    expect(within(dialog).getByLabelText('SIP is on for this project')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the residents’ phonebooks behind a confirmation, and shows the server’s refusal', async () => {
    const refusal = { code: 'phonebook must be disabled', status: 409 } satisfies CallFailure;
    const app = renderWithBackend('/general-settings?tab=sip', settingsBackend({ phonebookRefusal: refusal }));
    const card = await screen.findByRole('region', { name: 'SIP and the softphone' });
    await app.user.click(within(card).getByRole('button', { name: 'Delete residents’ phonebooks' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete residents’ phonebooks' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Switch the phonebook off first')).toBeInTheDocument();
    expect(app.backend.calls.filter((c) => c.path === '/project/sip/resident-phonebook/delete')).toHaveLength(1);
  });

  it('sends a mail test and says what the relay answered', async () => {
    const app = renderWithBackend('/general-settings?tab=mail', settingsBackend());
    const card = await screen.findByRole('region', { name: 'Mail' });
    await waitFor(() => expect(card).toHaveTextContent('Front desk <desk@example.org>'));
    expect(card).toHaveTextContent('smtp.example.org:587 · STARTTLS required');
    await app.user.click(within(card).getByRole('button', { name: 'Send a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test' });
    const to = within(dialog).getByLabelText(/Send to/);
    await app.user.clear(to);
    await app.user.type(to, 'me@example.org');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Failed: connect ECONNREFUSED')).toHaveAttribute('role', 'status');
    expect(app.backend.calls.find((c) => c.path === '/project/mail/test')?.body).toEqual({ email: 'me@example.org' });
  });
});

describe('mail templates page', () => {
  it('lists templates; a new one is checked for its placeholders, previewed and saved', async () => {
    const app = renderWithBackend('/mail-templates', settingsBackend());
    // The first render loads the page's chunk: give it time.
    const table = await screen.findByRole('table', { name: 'Mail templates' }, { timeout: 20_000 });
    expect(await within(table).findByRole('row', { name: 'Welcome to {{project}}' })).toHaveTextContent(
      'The whole project',
    );
    await app.user.click(screen.getByRole('button', { name: 'Add a template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a template' });
    await app.user.selectOptions(within(dialog).getByLabelText('Kind of mail'), 'Password recovery');
    expect(dialog).toHaveTextContent('{{link}}');
    await app.user.type(within(dialog).getByLabelText(/Subject/), 'Reset for {{{{login}}');
    await app.user.type(within(dialog).getByLabelText('Text'), 'Ask the desk.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByLabelText('Text')).toHaveAccessibleDescription('Must contain {{link}}');

    await app.user.type(within(dialog).getByLabelText('Text'), ' Or open {{{{link}}');
    await app.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    expect(await within(preview).findByTestId('preview-subject')).toHaveTextContent('Reset for {{login}}');
    expect(within(preview).getByRole('link', { name: 'link' })).toHaveAttribute(
      'href',
      'https://x.example/registration/sample',
    );
    const asked = app.backend.calls.find((c) => c.path === '/mail-templates/preview');
    expect(asked?.body).toEqual({
      mail_type_id: 2,
      subject: 'Reset for {{login}}',
      body: 'Ask the desk. Or open {{link}}',
      locale: 'en',
    });
    await app.user.click(within(preview).getByRole('button', { name: 'Close' }));

    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a template' })).not.toBeInTheDocument());
    expect(app.backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      mail_type_id: 2,
      domain_id: null,
      subject: 'Reset for {{login}}',
      body: 'Ask the desk. Or open {{link}}',
    });
  });
});

describe('white label in the shell', () => {
  it('shows the white label’s logo and name in the top bar and its contacts under the page', async () => {
    const { context, value } = sessionFixtures.ready;
    const session = sessionMachine.resolveState({
      value,
      context: {
        ...context,
        settings: {
          ...context.settings!,
          whitelabel: {
            name: 'Towers Living',
            logo_url: '/api/v0/uploads/logos/p1-0123456789abcdef.png',
            address: '1 River Road',
            email: 'desk@towers.example',
            phone: null,
          },
        },
      },
    });
    renderApp('/home', { actors: { session } });
    expect(await screen.findByTestId('brand-name')).toHaveTextContent('Towers Living');
    expect(screen.getByTestId('brand-logo')).toHaveAttribute('src', '/api/v0/uploads/logos/p1-0123456789abcdef.png');
    expect(screen.getByTestId('brand-contacts')).toHaveTextContent(
      'Towers Living · 1 River Road · desk@towers.example',
    );
  });

  it('shows the product without a white label', async () => {
    renderApp('/home');
    expect(await screen.findByTestId('brand-name')).toHaveTextContent('Gatehouse');
    expect(screen.queryByTestId('brand-contacts')).not.toBeInTheDocument();
  });
});

describe('a group’s own white label', () => {
  it('is edited from the group’s row menu and saved as the group’s whitelabel_settings', async () => {
    const branch = () => ({
      data: [
        {
          id: 1,
          name: 'Riverside Residence',
          description: null,
          parent_id: null,
          domain_type_id: null,
          type: null,
          logic_address: null,
          parent_lft: 1,
          parent_rgt: 2,
          has_children: false,
          users_count: 0,
          may_delete: false,
        },
      ],
    });
    // The server answers the group as it is now (its white label with its logo).
    const patched = (call: FakeCall) => ({
      data: {
        ...branch().data[0],
        whitelabel_settings: { logo: null, ...(call.body as { whitelabel_settings: object }).whitelabel_settings },
      },
    });
    const app = renderWithBackend(
      '/groups',
      demoBackend({ 'GET /domains/branch': branch, 'PATCH /domains/1': patched }),
    );
    // The first render loads the page's chunk: give it time.
    await app.user.click(
      await screen.findByRole('button', { name: 'Actions for Riverside Residence' }, { timeout: 20_000 }),
    );
    await app.user.click(await screen.findByRole('menuitem', { name: 'White label' }));
    const dialog = await screen.findByRole('dialog', { name: 'White label of Riverside Residence' });
    await app.user.click(await within(dialog).findByLabelText('This group has its own white label'));
    await app.user.type(within(dialog).getByLabelText('Name'), 'Residence Club');
    await app.user.type(within(dialog).getByLabelText('E-mail'), 'club@example.org');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /White label of/ })).not.toBeInTheDocument());
    expect(app.backend.calls.find((c) => c.method === 'PATCH' && c.path === '/domains/1')?.body).toEqual({
      whitelabel_settings: {
        is_enabled: true,
        name: 'Residence Club',
        address: null,
        email: 'club@example.org',
        phone: null,
      },
    });
  });
});
