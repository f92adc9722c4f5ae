import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesEntity } from '../../src/contract/entities/device';
import { integrationsEntity } from '../../src/contract/entities/integration';
import { sampleDevices } from '../../src/ui/devices/device.fixtures';
import { sampleIntegrations } from '../../src/ui/integrations/integration.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 5_000 };

type Row = { id: number; [field: string]: unknown };
const integrations = () => ({
  contract: integrationsEntity,
  rows: structuredClone(sampleIntegrations) as unknown as Row[],
});

const MACROS = [
  { id: 1, name: 'Bookmark entrance passage', guid: '4fd9420e-0d22-4684-9f0a-3514240cc1ac' },
  { id: 2, name: 'Record entrance 30 s', guid: '0d1e05e6-8b4b-4be7-bc44-fcdf2cde4135' },
];
const CAMERAS = [
  {
    id: 1,
    name: 'Entrance',
    display_name: 'Entrance',
    access_point: 'hosts/VMS1/DeviceIpint.1/SourceEndpoint.video:0:0',
  },
];
/** A platform list as the server pages it: name search (contains), page and size. */
const pageOf = (rows: { name: string }[]) => (call: FakeCall) => {
  const filters = JSON.parse(call.search.filters ?? '[]') as { field: string; value: string }[];
  const needle = filters.find((f) => f.field === 'search')?.value.toLowerCase() ?? '';
  const found = rows.filter((r) => r.name.toLowerCase().includes(needle));
  return { data: found, meta: { page: 1, size: 20, total: found.length } };
};

describe('video platform integrations', { timeout: 30_000 }, () => {
  it('adds an integration by POST with its group, then uploads the chosen certificate file', async () => {
    const backend = demoBackend(
      {
        'POST /integrations': () => ({ data: 77 }),
        'POST /integrations/77/certificate': () => ({ data: { ...sampleIntegrations[1], id: 77 } }),
      },
      { integrations: integrations() },
    );
    const app = renderWithBackend('/integration/add', backend);
    await screen.findByRole('heading', { name: 'New video platform integration' }, LOAD);
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByLabelText(/^Server address/)).toHaveAccessibleDescription('Field is required');
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);

    await app.user.type(screen.getByLabelText(/^Name/), 'Yard VMS');
    await app.user.type(screen.getByLabelText(/^Server address/), 'https://yard.vms.test:8000/asip-api');
    await app.user.type(screen.getByLabelText(/^Platform user/), 'root');
    await app.user.type(screen.getByLabelText(/^Password/), 'vms-secret');
    await app.user.click(screen.getByRole('button', { name: 'Choose: Group' }));
    const picker = await screen.findByRole('dialog', { name: /Choose/ });
    await app.user.click(await within(picker).findByRole('radio', { name: /Building A/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    await app.user.upload(screen.getByLabelText('Certificate file (PEM)'), new File([pem], 'yard.pem'));
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(backend.calls.some((c) => c.path === '/integrations/77/certificate')).toBe(true));
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/integrations')?.body).toEqual({
      type: 'axxon',
      name: 'Yard VMS',
      domain_id: 2,
      settings: { url: 'https://yard.vms.test:8000/asip-api', user: 'root', password: 'vms-secret' },
    });
    const upload = backend.calls.find((c) => c.path === '/integrations/77/certificate')?.body as FormData;
    const file = upload.get('certificate') as File;
    expect(file.name).toBe('yard.pem');
    expect(await file.text()).toBe(pem);
  });

  it('edits by POST: the stored password stays a placeholder (sent as null), the level is fixed', async () => {
    const backend = demoBackend(
      { 'POST /integrations/1': (call) => ({ data: { ...sampleIntegrations[0], ...(call.body as object) } }) },
      { integrations: integrations() },
    );
    const app = renderWithBackend('/integration/1/edit', backend);
    const name = await screen.findByLabelText(/^Name/, {}, LOAD);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('********');
    expect(screen.getByText('The whole project')).toBeInTheDocument();
    expect(screen.getByText('riverside-vms.pem')).toBeInTheDocument();
    await app.user.type(name, ' 2');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(backend.calls.some((c) => c.path === '/integrations/1' && c.method === 'POST')).toBe(true),
    );
    expect(backend.calls.find((c) => c.path === '/integrations/1' && c.method === 'POST')?.body).toEqual({
      name: 'Riverside VMS 2',
      settings: { url: 'https://vms.riverside.example:8000/asip-api', user: 'gatehouse', password: null },
    });
    expect(backend.calls.some((c) => c.path.endsWith('/certificate'))).toBe(false);
  });

  it('links a door: the integration, then a macro and a camera of its platform, searched by name', async () => {
    const withIntegrations = demoBackend(
      { 'GET /integrations/1/macros': pageOf(MACROS), 'GET /integrations/1/cameras': pageOf(CAMERAS) },
      {
        devices: {
          contract: devicesEntity,
          rows: structuredClone(sampleDevices) as unknown as Row[],
          patch: (row) => row,
        },
        integrations: integrations(),
      },
    );
    const app = renderWithBackend('/devices/1/edit', withIntegrations);
    await screen.findByRole('heading', { name: 'Entrance panel' }, LOAD);
    const section = screen.getByRole('region', { name: 'Video platform link' });
    expect(within(section).getByRole('button', { name: 'Choose: Macro' })).toBeDisabled();

    await app.user.click(within(section).getByRole('button', { name: 'Choose: Integration' }));
    let picker = await screen.findByRole('dialog', { name: 'Choose an integration' });
    await app.user.click(await within(picker).findByRole('radio', { name: /Riverside VMS/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));

    await app.user.click(within(section).getByRole('button', { name: 'Choose: Macro' }));
    picker = await screen.findByRole('dialog', { name: 'Choose a macro' });
    await within(picker).findByRole('radio', { name: /Bookmark entrance passage/ });
    await app.user.type(within(picker).getByRole('searchbox'), 'record');
    await waitFor(() =>
      expect(within(picker).queryByRole('radio', { name: /Bookmark entrance passage/ })).not.toBeInTheDocument(),
    );
    await app.user.click(within(picker).getByRole('radio', { name: /Record entrance 30 s/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));

    await app.user.click(within(section).getByRole('button', { name: 'Choose: Camera' }));
    picker = await screen.findByRole('dialog', { name: 'Choose a camera' });
    await app.user.click(await within(picker).findByRole('radio', { name: /Entrance/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.selectOptions(within(section).getByLabelText('Direction'), 'in');

    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(withIntegrations.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = withIntegrations.calls.find((c) => c.method === 'PATCH')?.body as {
      device_settings: { integration_axxon: unknown };
    };
    expect(sent.device_settings.integration_axxon).toEqual({
      integration_id: 1,
      direction: 'in',
      macro_name: 'Record entrance 30 s',
      macro_guid: '0d1e05e6-8b4b-4be7-bc44-fcdf2cde4135',
      camera_name: 'Entrance',
      camera_guid: 'hosts/VMS1/DeviceIpint.1/SourceEndpoint.video:0:0',
    });
  });

  it('a group’s row menu lists its integrations; Add opens the page with that group chosen', async () => {
    const branch = () => ({
      data: [
        {
          id: 2,
          name: 'Building A',
          description: null,
          parent_id: null,
          domain_type_id: null,
          type: null,
          logic_address: null,
          parent_lft: 2,
          parent_rgt: 3,
          has_children: false,
          users_count: 0,
          may_delete: false,
        },
      ],
    });
    const backend = demoBackend({ 'GET /domains/branch': branch }, { integrations: integrations() });
    const app = renderWithBackend('/groups', backend);
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Building A' }, LOAD));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Video platforms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Video platforms of Building A' });
    expect(await within(dialog).findByRole('button', { name: 'Building A cameras' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Riverside VMS' })).not.toBeInTheDocument();
    const asked = backend.calls.filter((c) => c.path === '/integrations/items').at(-1);
    expect(JSON.parse(asked?.search.filters ?? '[]')).toEqual([{ field: 'domain_id', rule: 'equals', value: 2 }]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Add integration' }));
    await screen.findByRole('heading', { name: 'New video platform integration' }, LOAD);
    expect(app.location().pathname).toBe('/integration/add');
    expect(screen.getByRole('group', { name: 'Group' })).toHaveTextContent('Building A');
  });
  it('deletes an integration from the settings tab after asking, and the row goes', async () => {
    const backend = demoBackend({}, { integrations: integrations() });
    const app = renderWithBackend('/general-settings?tab=integrations', backend);
    await app.user.click(await screen.findByRole('button', { name: 'Delete Riverside VMS' }, LOAD));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm deletion' });
    expect(confirm).toHaveTextContent('1 integration will be deleted.');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Riverside VMS' })).not.toBeInTheDocument());
    const deleted = backend.calls.filter((c) => c.method === 'POST' && c.path === '/integrations/delete-all');
    expect(deleted.map((c) => c.body)).toEqual([{ items: [1] }]);
    expect(screen.getByRole('button', { name: 'Building A cameras' })).toBeInTheDocument();
  });
});
