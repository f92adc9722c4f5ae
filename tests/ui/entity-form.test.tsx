import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoBackend, renderWithBackend } from './support/entity-demo';

describe('entity forms', () => {
  it('without the edit permission the page is read-only: no Approve, locked inputs, Close instead of Cancel', async () => {
    renderWithBackend('/users/4/edit', demoBackend(), ['users.view', 'users.view_all']);
    const login = await screen.findByLabelText('Login');
    expect(login).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose: Groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    // Licence info needs its own permission (6.2: view licences).
    expect(screen.queryByRole('region', { name: 'Licences' })).not.toBeInTheDocument();
  });

  it('asks before leaving an edit page with unsaved changes; Cancel goes back to the list it came from', async () => {
    const app = renderWithBackend('/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await app.user.type(screen.getByRole('searchbox', { name: 'Search by name, e-mail or login' }), 'rita');
    // The search is debounced: on a slow machine a prefix ('rit') may settle first and already show one row.
    await waitFor(() => expect(new URLSearchParams(app.location().search).get('q')).toBe('rita'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await app.user.click(within(table).getByRole('button', { name: /Rita Resident/ }));
    const name = await screen.findByLabelText('Display name');
    await app.user.type(name, ' Jr');
    await app.user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Roles' }),
    );
    const guard = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await app.user.click(within(guard).getByRole('button', { name: 'Stay' }));
    expect(app.location().pathname).toBe('/users/4/edit');

    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(app.location().pathname).toBe('/users'));
    expect(new URLSearchParams(app.location().search).get('q')).toBe('rita');
  });

  it('uploads an avatar: choose an image, crop a square, send image, x, y and size', async () => {
    const backend = demoBackend({
      'POST /users/4/avatar': () => ({
        data: { ...backend.tables.users!.rows.find((u) => u.id === 4), avatar_url: '/files/avatars/4.png' },
      }),
    });
    const app = renderWithBackend('/users/4/edit', backend);
    await app.user.click(await screen.findByRole('button', { name: 'Upload…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avatar' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByLabelText('Image file')).toHaveAccessibleDescription('Field is required');

    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await app.user.upload(within(dialog).getByLabelText('Image file'), file);
    const image = within(dialog).getByRole('img', { name: 'The chosen image' });
    // jsdom decodes no images: give the image its size as a browser would.
    Object.defineProperty(image, 'naturalWidth', { value: 400 });
    Object.defineProperty(image, 'naturalHeight', { value: 300 });
    fireEvent.load(image);
    const area = within(dialog).getByRole('slider', { name: 'Cropped area' });
    expect(area).toHaveAttribute('aria-valuetext', '300 × 300 pixels at 50, 0');
    area.focus();
    await app.user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/users/4/avatar')).toBe(true));
    const form = backend.calls.find((c) => c.path === '/users/4/avatar')!.body as FormData;
    expect(form.get('image')).toBeInstanceOf(File);
    // Shift+Left moves 10 screen pixels: 12.5 image pixels at this scale (320 / 400), rounded.
    expect([form.get('x'), form.get('y'), form.get('size')]).toEqual(['38', '0', '300']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Avatar' })).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
