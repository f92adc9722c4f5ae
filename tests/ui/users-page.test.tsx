import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoBackend, renderWithBackend } from './support/entity-demo';

const table = () => screen.findByRole('table', { name: 'Users' });

describe('users list', () => {
  it('lists users with their role, groups and markers, sorted by name by default', async () => {
    renderWithBackend('/users');
    const users = await table();
    const rows = within(users).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Rita Resident', 'Sam Staff']);
    expect(within(rows[0]!).getByText('VIP')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Unit 101, Unit 102 +1')).toBeInTheDocument();
    expect(within(users).getByRole('columnheader', { name: /Display name/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters by role with the role picker; the filter goes to the URL and the server', async () => {
    const app = renderWithBackend('/users');
    await table();
    await app.user.click(screen.getByRole('button', { name: 'Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose roles' });
    await app.user.click(await within(dialog).findByRole('checkbox', { name: /staff/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Role: staff' })).toBeInTheDocument();
    const params = new URLSearchParams(app.location().search);
    expect(JSON.parse(params.get('filters')!)).toEqual([{ field: 'role', rule: 'has', value: [2] }]);
    const last = app.backend.calls.filter((c) => c.path === '/users/items').at(-1)!;
    expect(JSON.parse(last.search.filters!)).toEqual([{ field: 'role', rule: 'has', value: [2] }]);
  });

  it('a shared link restores the filter and the search, naming the filtered role', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'role', rule: 'has', value: [4] }]));
    const app = renderWithBackend(`/users?filters=${filters}&q=rita`);
    const users = await table();
    await waitFor(() => expect(within(users).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search by name, e-mail or login' })).toHaveValue('rita');
    expect(await screen.findByRole('button', { name: 'Role: resident' })).toBeInTheDocument();
    const first = app.backend.calls.find((c) => c.path === '/users/items')!;
    expect(JSON.parse(first.search.filters!)).toEqual([
      { field: 'role', rule: 'has', value: [4] },
      { field: 'search', rule: 'contains', value: 'rita' },
    ]);
  });

  it('bulk delete asks first, then deletes the selection and reloads', async () => {
    const app = renderWithBackend('/users');
    const users = await table();
    await app.user.click(within(users).getByRole('checkbox', { name: 'Select Sam Staff' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm deletion' });
    expect(confirm).toHaveTextContent('1 user will be deleted.');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(app.backend.calls.find((c) => c.path === '/users/delete-all')?.body).toEqual({ items: [2] });
    expect(await screen.findByText('Deleted: 1')).toBeInTheDocument();
  });

  it('export downloads the current filter', async () => {
    const app = renderWithBackend('/users?q=sam');
    await table();
    await app.user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(app.backend.callFile).toHaveBeenCalled());
    expect(app.backend.callFile.mock.calls[0]![0]).toBe('GET /users/export');
    expect(
      JSON.parse((app.backend.callFile.mock.calls[0]![1]!.searchParams as Record<string, string>).filters!),
    ).toEqual([{ field: 'search', rule: 'contains', value: 'sam' }]);
  });
});

describe('user page', () => {
  it('a new user defaults to a registration link and needs a role and a group', async () => {
    const app = renderWithBackend('/users/add');
    expect(await screen.findByRole('checkbox', { name: 'Send a registration link by e-mail' })).toBeChecked();
    await app.user.type(screen.getByLabelText('Login'), 'nina');
    await app.user.type(screen.getByLabelText('Display name'), 'Nina New');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Check fields data')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Groups' })).toHaveAccessibleDescription('Field is required');
    expect(screen.getByRole('group', { name: 'Role' })).toHaveAccessibleDescription('Field is required');

    await app.user.click(screen.getByRole('button', { name: 'Choose: Role' }));
    const roles = await screen.findByRole('dialog', { name: 'Choose roles' });
    await app.user.click(await within(roles).findByRole('radio', { name: /resident/ }));
    await app.user.click(within(roles).getByRole('button', { name: 'Choose' }));
    await app.user.click(screen.getByRole('button', { name: 'Choose: Groups' }));
    const groups = await screen.findByRole('dialog', { name: 'Choose groups' });
    await app.user.click(await within(groups).findByRole('checkbox', { name: /Unit 101/ }));
    await app.user.click(within(groups).getByRole('button', { name: 'Choose' }));
    expect(screen.getByRole('group', { name: 'Groups' })).toHaveTextContent('Unit 101');

    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(app.location().pathname).toBe('/users'));
    const put = app.backend.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      login: 'nina',
      name: 'Nina New',
      email: null,
      role_id: 4,
      domains: [3],
      markers: [],
      send_registration_link: true,
      password: null,
    });
    expect(await screen.findByText('Created')).toBeInTheDocument();
  });

  it('what is typed into Login at once survives the slow loads that follow (role, group and marker pickers)', async () => {
    const backend = demoBackend();
    // Every answer takes 300 ms, like a slow network on the first visit.
    const answer = backend.http.call;
    backend.http.call = (async (...args: Parameters<typeof answer>) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return answer(...args);
    }) as typeof answer;
    const app = renderWithBackend('/users/add', backend);
    const login = await screen.findByLabelText('Login');
    await app.user.type(login, 'nina');
    await app.user.click(screen.getByRole('button', { name: 'Choose: Role' }));
    await screen.findByRole('dialog', { name: 'Choose roles' });
    await new Promise((resolve) => setTimeout(resolve, 900));
    await app.user.keyboard('{Escape}');
    expect(screen.getByLabelText('Login')).toHaveValue('nina');
  });

  it('a duplicate login comes back from the server on the Login field', async () => {
    const app = renderWithBackend('/users/4/edit');
    const login = await screen.findByLabelText('Login');
    expect(login).toHaveValue('resident');
    await app.user.clear(login);
    await app.user.type(login, 'staff');
    await app.user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(login).toHaveAccessibleDescription('Value must be unique'));
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Value is not unique')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/users/4/edit');
  });

  it('sends the registration link again to a user who has not activated the account', async () => {
    const backend = demoBackend({ 'POST /registration/invite/send': () => ({ data: { sent: 1 } }) });
    const app = renderWithBackend('/users/4/edit', backend);
    await app.user.click(await screen.findByRole('button', { name: 'Send registration link' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send registration link' });
    expect(confirm).toHaveTextContent('resident@riverside.example');
    await app.user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Registration link sent')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.path === '/registration/invite/send')?.body).toEqual({ users: [4] });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows licence info and related counts, and the admin password dialog checks the repeat', async () => {
    const app = renderWithBackend('/users/4/edit');
    const licences = await screen.findByRole('region', { name: 'Licences' });
    expect(within(licences).getByText('SIP telephony').nextSibling).toHaveTextContent('Yes');
    expect(screen.getByRole('region', { name: 'Related' })).toHaveTextContent('Access rules0');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await app.user.type(within(dialog).getByLabelText('New password'), 'secret-1');
    await app.user.type(within(dialog).getByLabelText('Repeat the new password'), 'secret-2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByLabelText('Repeat the new password')).toHaveAccessibleDescription('Fields do not match');
    expect(app.backend.calls.some((c) => c.path === '/users/4/password')).toBe(false);
  });
});
