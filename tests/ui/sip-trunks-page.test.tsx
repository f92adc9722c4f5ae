import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithBackend } from './support/entity-demo';
import { telephonyBackend } from './support/telephony-demo';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 5_000 };

describe('SIP trunks', { timeout: 20_000 }, () => {
  it('adds a trunk; the server refuses its own address on the URI field', async () => {
    const backend = telephonyBackend({
      'PUT /sip-trunks': () => {
        throw {
          code: 'sip trunk uri cannot match the server address',
          status: 400,
          fields: { termination_uri: { code: 'server_address' } },
        };
      },
    });
    const app = renderWithBackend('/sip-trunks', backend);
    const table = await screen.findByRole('table', { name: 'SIP trunks' }, LOAD);
    expect(within(table).getByRole('row', { name: 'City PSTN' })).toHaveTextContent('sip:pstn.example.net:5060');
    await app.user.click(screen.getByRole('button', { name: 'Add trunk' }));
    await screen.findByRole('heading', { name: 'New SIP trunk' }, LOAD);
    await app.user.type(screen.getByLabelText(/^Name/), 'Loop');
    await app.user.type(screen.getByLabelText(/^Outgoing number/), '+371 600');
    await app.user.type(screen.getByLabelText(/^Termination URI/), 'sip:127.0.0.1');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByLabelText(/^Outgoing number/)).toHaveAccessibleDescription('Must not contain spaces');
    expect(screen.getByRole('group', { name: 'Groups' })).toHaveAccessibleDescription('Field is required');

    await app.user.clear(screen.getByLabelText(/^Outgoing number/));
    await app.user.type(screen.getByLabelText(/^Outgoing number/), '+371600');
    await app.user.click(screen.getByRole('button', { name: 'Choose: Groups' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose groups' });
    await app.user.click(await within(picker).findByRole('checkbox', { name: /Building A/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText("The termination URI cannot be this server's own address")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Termination URI/)).toHaveAccessibleDescription(
      "Cannot be this server's own address",
    );
    expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Loop',
      outgoing_number: '+371600',
      termination_uri: 'sip:127.0.0.1',
      login: null,
      password: null,
      domains: [2],
    });
  });

  it('edits a trunk; the stored password stays a placeholder and is sent as null', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/sip-trunks/1/edit', backend);
    const name = await screen.findByLabelText(/^Name/, {}, LOAD);
    expect(screen.getByLabelText('Password')).toHaveValue('********');
    await app.user.type(name, ' 2');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(backend.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      name: 'City PSTN 2',
      password: null,
    });
  });
});
