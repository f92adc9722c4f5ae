import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type GroupLicenseInfo,
  type Licence,
  type LicenceFeatureState,
  type LicenceWarning,
  licencesEntity,
} from '../../src/contract/entities/licence';
import { samplePreview } from '../../src/machines/licence-add/licence-add.fixtures';
import type { CallFailure } from '../../src/machines/session/session.types';
import {
  sampleGroupLicence,
  sampleLicences,
  samplePeriodReport,
  sampleState,
  sampleUsedReport,
} from '../../src/ui/licences/licences.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

type Row = { id: number; [field: string]: unknown };

/**
 * The demo backend plus licences: the installed licences as a table, the feature state and
 * warning, adding (check, then apply) from a file or the licence server, a group's licence
 * (refused with consistency errors when asked), and the reports.
 */
function licenceBackend(
  options: {
    warning?: LicenceWarning;
    checkFailure?: CallFailure;
    groupRefusal?: CallFailure;
    licenceServer?: boolean;
  } = {},
) {
  const added: Licence = { ...sampleLicences[0]!, id: 42, licence_id: 'HARBOUR-2026-NEW' };
  const backend = demoBackend(
    {
      'GET /licenses/features/state': () => ({
        data: {
          ...sampleState,
          licence_server: options.licenceServer ?? true,
          warning: options.warning ?? sampleState.warning,
        } satisfies LicenceFeatureState,
      }),
      'GET /licenses/warning': () => ({ data: options.warning ?? sampleState.warning }),
      'POST /licenses/file/check': () => {
        if (options.checkFailure) throw options.checkFailure;
        return { data: samplePreview };
      },
      'POST /licenses/file': () => {
        backend.tables.licences!.rows.push(added as unknown as Row);
        return { data: { ids: [42] } };
      },
      'POST /licenses/cloud/check': () => ({ data: samplePreview }),
      'POST /licenses/cloud': () => ({ data: { ids: [43] } }),
      'GET /domains/2/license': () => ({ data: sampleGroupLicence satisfies GroupLicenseInfo }),
      'PATCH /domains/2/license': () => {
        if (options.groupRefusal) throw options.groupRefusal;
        return { data: sampleGroupLicence };
      },
      // The groups tree shows Building A at the top (as to someone whose groups start there).
      'GET /domains/branch': (call: FakeCall) => ({
        data: call.search.id
          ? []
          : [
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
      }),
      'GET /reports/licenses/used': () => ({ data: sampleUsedReport }),
      'GET /reports/licenses/period': () => ({ data: samplePeriodReport }),
    },
    { licences: { contract: licencesEntity, rows: structuredClone(sampleLicences) as unknown as Row[] } },
  );
  return backend;
}

/** The first render loads the page's chunk (and a loaded machine is slow): the first find waits longer. */
const FIRST = { timeout: 10_000 };

const callsTo = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);

describe('licences page', () => {
  it('shows what the licences give and the installed licences', async () => {
    renderWithBackend('/licenses', licenceBackend());
    const table = await screen.findByRole('table', { name: 'Licences' }, FIRST);
    expect(within(table).getByText('HARBOUR-2025-PLUS')).toBeInTheDocument();
    expect(within(table).getByText('HARBOUR-2024-BASIC')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Virtual numbers: 168 of 200' }, FIRST)).toBeInTheDocument();
    const features = screen.getByRole('list', { name: 'Licensed features' });
    expect(within(features).getByText('Elevators').closest('li')).toHaveAttribute('data-on', 'true');
    expect(within(features).getByText('UKEY2').closest('li')).toHaveAttribute('data-on', 'false');
  });

  it('adds a licence file: check, preview, add; the list shows it', async () => {
    const user = userEvent.setup();
    const app = renderWithBackend('/licenses', licenceBackend());
    await screen.findByRole('table', { name: 'Licences' }, FIRST);
    await user.click(screen.getByRole('button', { name: 'Add from file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add licences' });
    expect(within(dialog).getByRole('button', { name: 'Check' })).toBeDisabled();
    const file = new File(['{"format":"gatehouse-licence"}'], 'office.lic', { type: 'application/json' });
    await user.upload(within(dialog).getByLabelText('Licence file'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(
      await within(dialog).findByText('Adding it changes what the project may use:', { exact: false }),
    ).toBeInTheDocument();
    const check = callsTo(app.backend.calls, 'POST', '/licenses/file/check');
    expect(check).toHaveLength(1);
    expect((check[0]!.body as FormData).get('file')).toBe(file);
    // Nothing is added before Apply.
    expect(callsTo(app.backend.calls, 'POST', '/licenses/file')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add licences' }));
    expect(await within(dialog).findByText('1 licence added.')).toBeInTheDocument();
    expect(callsTo(app.backend.calls, 'POST', '/licenses/file')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const table = screen.getByRole('table', { name: 'Licences' });
    expect(await within(table).findByText('HARBOUR-2026-NEW')).toBeInTheDocument();
  });

  it('a refused file says why and keeps it to try again', async () => {
    const user = userEvent.setup();
    renderWithBackend('/licenses', licenceBackend({ checkFailure: { code: 'licence sign wrong', status: 400 } }));
    await screen.findByRole('table', { name: 'Licences' }, FIRST);
    await user.click(screen.getByRole('button', { name: 'Add from file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add licences' });
    await user.upload(within(dialog).getByLabelText('Licence file'), new File(['x'], 'bad.lic'));
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The licence signature is wrong: the file was changed, or it is not from the vendor',
    );
    expect(within(dialog).getByText('bad.lic')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('adds from the licence server with a key, offered only when one is configured', async () => {
    const user = userEvent.setup();
    const app = renderWithBackend('/licenses', licenceBackend());
    await user.click(await screen.findByRole('button', { name: 'Add from licence server' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Add licences' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Licence key' }), 'HARBOUR-KEY-1');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await within(dialog).findByRole('button', { name: 'Add licences' });
    expect(callsTo(app.backend.calls, 'POST', '/licenses/cloud/check')[0]?.body).toEqual({ key: 'HARBOUR-KEY-1' });
    app.unmount();

    renderWithBackend('/licenses', licenceBackend({ licenceServer: false }));
    await screen.findByRole('button', { name: 'Add from file' }, FIRST);
    expect(screen.queryByRole('button', { name: 'Add from licence server' })).not.toBeInTheDocument();
  });

  it('the warning banner shows to those who manage licences, and only to them', async () => {
    const warning: LicenceWarning = { status: 'will_expire', days: 3, at: '2030-01-04T00:00:00.000Z' };
    const app = renderWithBackend('/home', licenceBackend({ warning }));
    expect(await screen.findByText(/The licence expires in 3 days/, {}, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open licences' })).toHaveAttribute('href', '/licenses');
    app.unmount();

    const viewer = renderWithBackend('/home', licenceBackend({ warning }), ['licences.view', 'users.view']);
    await screen.findByRole('heading', { level: 1 }, FIRST);
    expect(screen.queryByText(/The licence expires/)).not.toBeInTheDocument();
    // Nobody asked: the banner is not there for a viewer, not merely late.
    expect(callsTo(viewer.backend.calls, 'GET', '/licenses/warning')).toHaveLength(0);
  });
});

describe('a group licence and the reports', () => {
  it('a refused group licence shows each consistency error for 30 seconds', async () => {
    const user = userEvent.setup();
    const refusal: CallFailure = {
      code: 'licence consistency error',
      status: 409,
      consistency: [
        {
          type: 'quantity_exceeded',
          feature: 'sip',
          license_type: null,
          relation: 'parent',
          group: { id: 1, name: 'Riverside Residence' },
          period: null,
          qty: { target: 500, available: 400 },
        },
      ],
    };
    const app = renderWithBackend('/groups', licenceBackend({ groupRefusal: refusal }));
    await user.click(await screen.findByRole('button', { name: 'Actions for Building A' }, FIRST));
    await user.click(await screen.findByRole('menuitem', { name: 'Licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licence of Building A' }, FIRST);
    await within(dialog).findByRole('img', { name: 'Virtual numbers: 18 of 200' }, FIRST);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(
      await within(alerts).findByText('Asked for 500 virtual numbers, but Riverside Residence has 400.'),
    ).toBeInTheDocument();
    const items = app.refs.alerts.getSnapshot().context.items;
    expect(items.find((a) => a.code === 'licences:consistency.quantity_exceeded.parent')?.timeoutMs).toBe(30_000);
    expect(callsTo(app.backend.calls, 'PATCH', '/domains/2/license')[0]?.body).toMatchObject({
      licenseInfo: { sip: { is_enabled: true, license_count: 200 }, restrictPeriod: { is_active: true } },
    });
  });

  it('the used report drills down and exports; the period report draws its charts', async () => {
    const user = userEvent.setup();
    const app = renderWithBackend('/reports/licenses', licenceBackend());
    const table = await screen.findByRole('table', { name: 'Licences used' }, FIRST);
    expect(within(table).getByRole('img', { name: 'Building A, UKEY2: 100 of 100' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() =>
      expect(app.backend.callFile).toHaveBeenCalledWith('GET /reports/licenses/used/export', {
        searchParams: { format: 'csv' },
      }),
    );
    await user.click(within(table).getByRole('link', { name: 'Building B' }));
    await waitFor(() =>
      expect(callsTo(app.backend.calls, 'GET', '/reports/licenses/used').at(-1)?.search).toEqual({ group_id: '3' }),
    );

    await user.click(screen.getByRole('link', { name: 'Licences period' }));
    expect(await screen.findByRole('img', { name: /^Licences and group periods\./ }, FIRST)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Virtual numbers licensed\./ })).toBeInTheDocument();
  });
});
