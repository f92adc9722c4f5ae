import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessEventsEntity } from '../../src/contract/entities/access-event';
import { ukey2Entity } from '../../src/contract/entities/ukey2';
import { deniedAnswer, grantedAnswer } from '../../src/machines/access-explain/access-explain.sample';
import { sampleAccessEvents, sampleUkey2 } from '../../src/ui/access-events/access-event.fixtures';
import { devicesBackend } from './support/devices-demo';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };

type Row = { id: number; [field: string]: unknown };
/** The ACS rows as the fake server filters them (`result` stands for the server's computed filter). */
const acsRows = () =>
  structuredClone(sampleAccessEvents).map((e) => ({ ...e, result: e.granted ? 'granted' : 'denied' })) as Row[];
const lastSearch = (calls: FakeCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.search;

describe('access events', { timeout: 60_000 }, () => {
  it('lists who presented what where, granted or denied and why; the chips narrow it and live in the query', async () => {
    const backend = demoBackend({}, { access_events: { contract: accessEventsEntity, rows: acsRows() } });
    const app = renderWithBackend('/access-control/events', backend);
    const table = await screen.findByRole('table', { name: 'Access events' }, LOAD);
    const revoked = within(table).getByRole('row', { name: /Revoked identifier/ });
    expect(revoked).toHaveTextContent('Main door · lock 1');
    expect(revoked).toHaveTextContent('Rita Resident');
    expect(revoked).toHaveTextContent('Card7340021 · 6FFFF5h');
    expect(revoked).toHaveTextContent('Denied');
    expect(within(revoked).getByRole('link', { name: /7340021/ })).toHaveAttribute('href', '/identifiers/77/edit');
    expect(within(table).getByRole('row', { name: /Plumber/ })).toHaveTextContent('Guest · Plumber');
    expect(within(table).getByRole('row', { name: /Bike room/ })).toHaveTextContent('Unknown identifier');

    await app.user.click(screen.getByRole('button', { name: 'Denied' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Plumber/ })).not.toBeInTheDocument());
    expect(JSON.parse(lastSearch(backend.calls, '/access-control/events/items')?.filters ?? '[]')).toEqual([
      { field: 'result', rule: 'equals', value: 'denied' },
    ]);
    expect(screen.getByRole('button', { name: 'Denied' })).toHaveAttribute('aria-pressed', 'true');

    // One reason of denial: the result filter goes, the reason comes.
    await app.user.click(screen.getByRole('button', { name: 'Revoked identifier' }));
    await waitFor(() =>
      expect(JSON.parse(lastSearch(backend.calls, '/access-control/events/items')?.filters ?? '[]')).toEqual([
        { field: 'reason', rule: 'equals', value: 'revoked' },
      ]),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2)); // header and the revoked card
    await app.user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));

    // The download takes the list's filters.
    await app.user.click(screen.getByRole('button', { name: /export/i }));
    await waitFor(() =>
      expect(backend.callFile).toHaveBeenCalledWith('GET /access-control/events/export', expect.anything()),
    );
  });
});

describe('ukey2', { timeout: 60_000 }, () => {
  const backend = () =>
    demoBackend(
      {
        'POST /ukey2/90/revoke': () => ({
          data: { ...sampleUkey2[0], revoked: true, revoked_at: '2026-11-25T10:00:00.000Z' },
        }),
        'POST /ukey2/issue': (call) => ({
          data: { ...sampleUkey2[0], id: 91, revoked: false, name: (call.body as { name: string | null }).name },
        }),
        'GET /users/33/mobile-clients': () => ({
          data: [
            {
              id: 7,
              platform: 'android',
              info: 'Pixel 8',
              auth_at: '2026-11-01T09:00:00.000Z',
              vendor_id: 'v',
              sip_number: null,
              ukey2: null,
            },
          ],
        }),
      },
      { ukey2: { contract: ukey2Entity, rows: structuredClone(sampleUkey2) as unknown as Row[] } },
    );

  it('lists the keys; a key opens view-only; revoking asks first and shows it revoked', async () => {
    const fake = backend();
    const app = renderWithBackend('/ukey2', fake);
    const table = await screen.findByRole('table', { name: 'UKEY2 identifiers' }, LOAD);
    await app.user.click(within(table).getByRole('button', { name: /15634981234567890123/ }));
    expect(await screen.findByRole('heading', { name: 'UKEY2 Rita’s phone' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('iPhone · iPhone 15, iOS 18.1')).toBeInTheDocument();
    // Nothing on it is edited.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke UKEY2 Rita’s phone?' });
    expect(fake.calls.some((c) => c.path === '/ukey2/90/revoke')).toBe(false);
    await app.user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/ukey2/90/revoke')).toBe(true),
    );
    expect(await screen.findByText('Revoked', { selector: 'span' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Issue a new one' })).toBeInTheDocument();
  });

  it('issues a new key to the holder of a revoked one, on the phone chosen', async () => {
    const fake = backend();
    const app = renderWithBackend('/ukey2/89/edit', fake);
    await app.user.click(await screen.findByRole('button', { name: 'Issue a new one' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a UKEY2' });
    expect(within(dialog).getByText('Cora Concierge')).toBeInTheDocument();
    const phone = within(dialog).getByRole('combobox', { name: 'Phone' });
    await waitFor(() => expect(within(phone).getByRole('option', { name: 'Android · Pixel 8' })).toBeInTheDocument());
    await app.user.selectOptions(phone, 'Android · Pixel 8');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cora’s Pixel');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/ukey2/issue')?.body).toEqual({
        user_id: 33,
        mobile_client_id: 7,
        name: 'Cora’s Pixel',
      }),
    );
  });
});

describe('who can open this door', { timeout: 60_000 }, () => {
  it('asks about a person at the device’s door, then at another time (what-if), keeping the first answer', async () => {
    let answer = grantedAnswer;
    const fake = devicesBackend({ 'GET /access/explain': () => ({ data: answer }) });
    const app = renderWithBackend('/devices/1/edit', fake);
    const panel = await screen.findByRole('region', { name: 'Who can open this door?' }, LOAD);
    expect(within(panel).getByRole('button', { name: 'Check' })).toBeDisabled();
    await app.user.click(within(panel).getByRole('button', { name: 'Choose a person' }));
    const picker = await screen.findByRole('dialog');
    await app.user.click(await within(picker).findByRole('radio', { name: /Rita Resident/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.selectOptions(within(panel).getByRole('combobox', { name: 'Lock' }), 'Lock 2');
    await app.user.click(within(panel).getByRole('button', { name: 'Check' }));
    expect(await within(panel).findByText('May pass')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/access/explain').at(-1)?.search).toEqual({
      device_id: '1',
      lock: '2',
      user_id: '4',
    });
    expect(within(panel).getByRole('link', { name: 'Residents of Building A' })).toHaveAttribute(
      'href',
      '/access-rules/4/edit',
    );

    answer = deniedAnswer;
    const time = within(panel).getByLabelText('When');
    await app.user.type(time, '2026-03-10T23:30');
    expect(await within(panel).findByText('May not pass')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/access/explain').at(-1)?.search.at).toBe(
      new Date('2026-03-10T23:30').toISOString(),
    );
    expect(within(panel).getByText(/^Before: may pass at/)).toBeInTheDocument();
    expect(within(panel).getByText(/outside its hours/)).toBeInTheDocument();
  });
});

describe('what can this person open', { timeout: 60_000 }, () => {
  it('asks about a door for the person, then for one of their identifiers (what-if)', async () => {
    const fake = devicesBackend({
      'GET /access/explain': (call) => ({ data: call.search.identifier_id ? deniedAnswer : grantedAnswer }),
    });
    const rita = fake.tables.users?.rows.find((u) => u.id === 4) as Row;
    rita.identifiers = [{ id: 77, name: 'Rita’s card' }];
    const app = renderWithBackend('/users/4/edit', fake);
    const panel = await screen.findByRole('region', { name: 'What can this person open?' }, LOAD);
    expect(within(panel).getByRole('combobox', { name: 'Who' })).toHaveDisplayValue('The person (all their rules)');
    await app.user.click(within(panel).getByRole('button', { name: 'Choose a door' }));
    const picker = await screen.findByRole('dialog');
    await app.user.click(await within(picker).findByRole('radio', { name: /Entrance panel/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(within(panel).getByRole('button', { name: 'Check' }));
    expect(await within(panel).findByText('May pass')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/access/explain').at(-1)?.search).toEqual({
      device_id: '1',
      lock: '1',
      user_id: '4',
    });
    await app.user.selectOptions(within(panel).getByRole('combobox', { name: 'Who' }), 'Rita’s card');
    expect(await within(panel).findByText('May not pass')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/access/explain').at(-1)?.search).toEqual({
      device_id: '1',
      lock: '1',
      identifier_id: '77',
    });
  });
});
