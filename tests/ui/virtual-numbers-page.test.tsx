import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../src/contract/permissions';
import { renderWithBackend } from './support/entity-demo';
import { telephonyBackend } from './support/telephony-demo';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 5_000 };

/** Opens a picker field's dialog, searches, ticks the option and confirms. */
async function pick(app: ReturnType<typeof renderWithBackend>, field: string, dialog: string, option: RegExp) {
  await app.user.click(screen.getByRole('button', { name: `Choose: ${field}` }));
  const picker = await screen.findByRole('dialog', { name: dialog });
  await app.user.click(await within(picker).findByRole('radio', { name: option }));
  await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: dialog })).not.toBeInTheDocument());
}

describe('virtual numbers', { timeout: 20_000 }, () => {
  it('lists numbers with their holders and state; search sends number, user, e-mail and device', async () => {
    const app = renderWithBackend('/virtual-numbers', telephonyBackend());
    const table = await screen.findByRole('table', { name: 'Virtual numbers' }, LOAD);
    expect(within(table).getByRole('row', { name: /100100/ })).toHaveTextContent('Building A');
    expect(within(table).getByRole('row', { name: /100100/ })).toHaveTextContent('Master');
    expect(within(table).getByRole('row', { name: /100001/ })).toHaveTextContent('Unanswered to concierges');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search by number, user, e-mail or device' }), 'panel');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /100200/ })).toBeInTheDocument();
  });

  it('adds a number for a user with generate: the generated number and password are sent with PUT', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/virtual-numbers', backend);
    await app.user.click(await screen.findByRole('button', { name: 'Add number' }, LOAD));
    await screen.findByRole('heading', { name: 'New virtual number' }, LOAD);
    await app.user.click(screen.getByRole('button', { name: 'Generate number and password' }));
    await waitFor(() => expect(screen.getByLabelText('Number', { exact: true })).toHaveValue('100201'));
    expect(screen.getByLabelText('SIP password')).toHaveValue('Gen3ratedPw');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('group', { name: 'User' })).toHaveAccessibleDescription('Field is required');
    await pick(app, 'User', 'Choose users', /Rita Resident/);
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(app.location().pathname).toBe('/virtual-numbers'));
    expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      number: '100201',
      password: 'Gen3ratedPw',
      name: null,
      user_id: 4,
      device_id: null,
      domain_id: null,
      is_active: true,
      is_reserved: false,
      purpose: null,
      forward_mode: 'disabled',
      forward_rules: [],
      forward_group_id: null,
    });
  });

  it('edits a number: an untouched password is left out of the PATCH; a new one is sent', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/virtual-numbers/4/edit', backend);
    const name = await screen.findByLabelText('Display name', {}, LOAD);
    expect(screen.getByLabelText('SIP password')).toHaveValue('Rita4Pass');
    await app.user.clear(name);
    await app.user.type(name, 'Rita at home');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const first = backend.calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(first).toMatchObject({ name: 'Rita at home', user_id: 4 });
    expect(first).not.toHaveProperty('password');

    const again = renderWithBackend('/virtual-numbers/4/edit', backend);
    await again.user.click(await screen.findByRole('button', { name: 'Generate a new password' }, LOAD));
    await waitFor(() => expect(screen.getByLabelText('SIP password')).toHaveValue('Gen3ratedPw'));
    // Only the password is regenerated for an existing number.
    expect(screen.getByLabelText('Number', { exact: true })).toHaveValue('100011');
    await again.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(backend.calls.filter((c) => c.method === 'PATCH')[1]?.body).toMatchObject({ password: 'Gen3ratedPw' });
  });

  it('checks the number and the password rule before sending', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/virtual-numbers/add', backend);
    await app.user.type(await screen.findByLabelText('Number', { exact: true }, LOAD), '12a');
    await app.user.type(screen.getByLabelText('SIP password'), 'abcdef');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByLabelText('Number', { exact: true })).toHaveAccessibleDescription(
      'Digits only (a leading + for external numbers)',
    );
    expect(screen.getByLabelText('SIP password')).toHaveAccessibleDescription(
      'Use digits and lower and upper case Latin letters only, each at least once',
    );
    expect(await screen.findByText('Check fields data')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('forwarding by a forward group needs the group; rule sets only in manual mode', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/virtual-numbers/4/edit', backend);
    await app.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Forwarding' }, LOAD),
      'By a forward group',
    );
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('group', { name: 'Forward group' })).toHaveAccessibleDescription('Field is required');
    await pick(app, 'Forward group', 'Choose a forward group', /Unanswered to concierges/);
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(backend.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      forward_mode: 'picked',
      forward_group_id: 1,
      forward_rules: [],
    });
  });

  it('without activate and mark-system the state is read-only text and never sent', async () => {
    const permissions = ALL_PERMISSIONS.filter((p) => p !== 'sip_numbers.activate' && p !== 'sip_numbers.mark_system');
    const backend = telephonyBackend();
    const app = renderWithBackend('/virtual-numbers/add', backend, permissions);
    await screen.findByRole('heading', { name: 'New virtual number' }, LOAD);
    expect(screen.queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Purpose')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Generate number and password' }));
    await waitFor(() => expect(screen.getByLabelText('Number', { exact: true })).toHaveValue('100201'));
    await app.user.selectOptions(screen.getByLabelText('Held by'), 'Nobody (free number)');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = backend.calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    for (const field of ['is_active', 'is_reserved', 'purpose']) expect(body).not.toHaveProperty(field);
  });

  it('shows a refused number on its field with the catalogue message', async () => {
    const backend = telephonyBackend({
      'PUT /sip-numbers': () => {
        throw { code: 'virtual number not free', status: 400, fields: { number: { code: 'not_unique' } } };
      },
    });
    const app = renderWithBackend('/virtual-numbers/add', backend);
    await app.user.type(await screen.findByLabelText('Number', { exact: true }, LOAD), '100001');
    await app.user.type(screen.getByLabelText('SIP password'), 'Abc123xyz');
    await app.user.selectOptions(screen.getByLabelText('Held by'), 'Nobody (free number)');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This virtual number is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Number', { exact: true })).toHaveAccessibleDescription('Value must be unique');
  });
});
