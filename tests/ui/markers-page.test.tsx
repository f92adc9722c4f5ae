import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoBackend, renderWithBackend } from './support/entity-demo';

describe('markers', () => {
  it('lists markers with their colours; adds one in a dialog and the list shows it', async () => {
    const app = renderWithBackend('/markers');
    const table = await screen.findByRole('table', { name: 'Markers' });
    expect(within(table).getByRole('row', { name: 'VIP' })).toHaveTextContent('#d64545');

    await app.user.click(screen.getByRole('button', { name: 'Add marker' }));
    const dialog = await screen.findByRole('dialog', { name: 'New marker' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Field is required');

    await app.user.type(within(dialog).getByLabelText('Name'), 'Night shift');
    await app.user.click(within(dialog).getByRole('button', { name: '#3a9d5d' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New marker' })).not.toBeInTheDocument());
    expect(await within(table).findByRole('row', { name: 'Night shift' })).toHaveTextContent('#3a9d5d');
    expect(app.backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Night shift',
      color: '#3a9d5d',
      description: null,
    });
  });

  it('applies markers to users chosen in the users picker', async () => {
    const backend = demoBackend({ 'POST /markers/apply': () => ({ data: { changed: 1 } }) });
    const app = renderWithBackend('/markers', backend);
    const table = await screen.findByRole('table', { name: 'Markers' });
    await app.user.click(
      within(within(table).getByRole('row', { name: 'Staff' })).getByRole('button', { name: 'Apply…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Apply markers to users' });
    expect(within(dialog).getByRole('group', { name: 'Markers' })).toHaveTextContent('Staff');
    await app.user.click(within(dialog).getByRole('button', { name: 'Choose: Users' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose users' });
    await app.user.type(within(picker).getByRole('searchbox'), 'rita');
    await app.user.click(await within(picker).findByRole('checkbox', { name: /Rita Resident/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/markers/apply')).toBe(true));
    expect(backend.calls.find((c) => c.path === '/markers/apply')?.body).toEqual({
      markers: [2],
      users: [4],
      mode: 'add',
    });
    expect(await screen.findByText('Markers applied')).toBeInTheDocument();
  });
});
