import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_FAMILIES } from '../../src/contract/permissions';
import { demoBackend, renderWithBackend } from './support/entity-demo';

describe('roles', () => {
  it('lists roles, the administrator marked, with permission and user counts', async () => {
    renderWithBackend('/roles');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const admin = within(table).getByRole('row', { name: 'admin' });
    expect(within(admin).getByText('Administrator')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'resident' })).toHaveTextContent(`2 of ${ALL_PERMISSIONS.length}`);
  });

  it('edits permissions by family with search and select-all, and saves them with PATCH', async () => {
    const app = renderWithBackend('/roles/2/edit');
    const users = await screen.findByRole('checkbox', { name: 'All permissions of Users' });
    expect(users).toHaveProperty('indeterminate', true);
    await app.user.click(users);
    expect(users).toBeChecked();

    await app.user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'interception');
    expect(screen.queryByRole('checkbox', { name: 'All permissions of Users' })).not.toBeInTheDocument();
    const calls = screen.getByRole('group', { name: 'Calls and history' });
    expect(within(calls).getAllByRole('checkbox')).toHaveLength(2);
    await app.user.click(within(calls).getByRole('checkbox', { name: 'Call interception' }));

    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(app.location().pathname).toBe('/roles'));
    const patch = app.backend.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/roles/2');
    const permissions = (patch.body as { permissions: string[] }).permissions;
    expect(permissions).toEqual(expect.arrayContaining([...PERMISSION_FAMILIES.users, 'calls.interception']));
    expect(permissions).toContain('markers.apply');
    expect(patch.body).toMatchObject({ name: 'staff', available_roles: [4] });
  });

  it('the role editor names every permission in words, never by a raw i18n key (en and ru)', async () => {
    const app = renderWithBackend('/roles/2/edit');
    const ukey2 = await screen.findByRole('group', { name: 'UKEY2' });
    expect(within(ukey2).getByRole('checkbox', { name: 'Issue' })).toBeInTheDocument();
    expect(within(ukey2).getByRole('checkbox', { name: 'Revoke' })).toBeInTheDocument();
    const raw = /\b(actions|families|editor)\.[a-z_0-9]+/;
    expect(document.body.textContent).not.toMatch(raw);
    await app.i18n.changeLanguage('ru');
    const ukey2ru = await screen.findByRole('group', { name: 'UKEY2' });
    expect(within(ukey2ru).getByRole('checkbox', { name: 'Выдача' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(raw);
  });

  it("the administrator's role is read-only: no Approve, locked checkboxes", async () => {
    renderWithBackend('/roles/1/edit');
    const users = await screen.findByRole('checkbox', { name: 'All permissions of Users' });
    expect(users).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByText(/cannot be changed/)).toBeInTheDocument();
  });

  it('deletes gently and shows the roles kept because users still hold them', async () => {
    const backend = demoBackend({
      'POST /roles/delete-all': () => ({
        data: { deleted: [], dependencies: [{ id: 4, name: 'resident', users_count: 40 }] },
      }),
    });
    const app = renderWithBackend('/roles', backend);
    const table = await screen.findByRole('table', { name: 'Roles' });
    await app.user.click(within(table).getByRole('checkbox', { name: 'Select resident' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm deletion' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const kept = await screen.findByRole('dialog', { name: 'Some roles were kept' });
    expect(kept).toHaveTextContent('resident');
    expect(kept).toHaveTextContent('Users: 40');
    const call = backend.calls.find((c) => c.path === '/roles/delete-all')!;
    expect(call.search).toEqual({ gently: '1' });
    expect(call.body).toEqual({ items: [4] });
    await app.user.click(within(kept).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Some roles were kept' })).not.toBeInTheDocument());
  });
});
