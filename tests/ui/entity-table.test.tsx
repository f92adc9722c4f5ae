import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallFailure } from '../../src/machines/session/session.types';
import { sampleUsers } from '../../src/ui/users/user.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';

/** The demo backend with `n` more users (so lists have several pages). */
function crowded(n: number) {
  const backend = demoBackend();
  for (let i = 1; i <= n; i++)
    backend.tables.users!.rows.push({
      ...structuredClone(sampleUsers[0]!),
      id: 100 + i,
      login: `user${String(i).padStart(2, '0')}`,
      name: `User ${String(i).padStart(2, '0')}`,
      email: `user${i}@riverside.example`,
    });
  return backend;
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('entity table', () => {
  it('sorts by a header: aria-sort follows, the server gets the sort, the URL keeps it', async () => {
    const app = renderWithBackend('/users');
    const table = await usersTable();
    const header = within(table).getByRole('columnheader', { name: /E-mail/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await app.user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await app.user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(app.backend.calls.filter((c) => c.path === '/users/items').at(-1)?.search.sort).toBe('-email');
    expect(new URLSearchParams(app.location().search).get('sort')).toBe('-email');
  });

  it('moves between rows with the arrow keys, opens with Enter, selects with Space', async () => {
    const app = renderWithBackend('/users');
    const table = await usersTable();
    const [first, second] = bodyRows(table);
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    first!.focus();
    await app.user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await app.user.keyboard(' ');
    expect(within(second!).getByRole('checkbox')).toBeChecked();
    expect(screen.getByRole('toolbar', { name: 'Selected rows' })).toHaveTextContent('Selected: 1');
    await app.user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.location().pathname).toBe('/users/4/edit'));
  });

  it('loads more rows on demand and says how many are shown', async () => {
    const app = renderWithBackend('/users', crowded(30));
    const table = await usersTable();
    expect(bodyRows(table)).toHaveLength(20);
    expect(screen.getByText('20 of 32')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(32));
    expect(screen.getByText('32 of 32')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('selects every row matching the filter, server side, and deletes them with the filter', async () => {
    const backend = crowded(30);
    const app = renderWithBackend('/users?q=user', backend);
    const table = await usersTable();
    await waitFor(() => expect(screen.getByText('20 of 30')).toBeInTheDocument());
    await app.user.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('All 20 rows on this page are selected.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Select all 30 matching rows' }));
    expect(screen.getByText('All 30 matching rows are selected.')).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Selected rows' })).toHaveTextContent('Selected: 30');
    await app.user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm deletion' });
    expect(confirm).toHaveTextContent('30 users will be deleted.');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/users/delete-all')).toBe(true));
    expect(backend.calls.find((c) => c.path === '/users/delete-all')?.body).toEqual({
      all: true,
      filters: [{ field: 'search', rule: 'contains', value: 'user' }],
      match: 'match_all',
    });
  });

  it('an empty result offers to clear the filters; clearing shows everything again', async () => {
    const app = renderWithBackend('/users?q=nobody-like-this');
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    const table = await usersTable();
    expect(bodyRows(table)).toHaveLength(2);
    expect(screen.getByRole('searchbox', { name: 'Search by name, e-mail or login' })).toHaveValue('');
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  it('a failed load shows the catalogue message and retries', async () => {
    let fail = true;
    const backend = demoBackend({
      'GET /users/items': () => {
        if (fail) throw { code: 'internal server error', status: 500 } satisfies CallFailure;
        return { data: [], meta: { page: 1, size: 20, total: 0 } };
      },
    });
    const app = renderWithBackend('/users', backend);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The list could not be loaded');
    expect(failure).toHaveTextContent('Internal server error');
    fail = false;
    await app.user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
  });

  it('a link with a filter the server refuses can be cleared from the filter bar', async () => {
    const backend = demoBackend({
      'GET /users/items': (call) => {
        if (call.search.filters) throw { code: 'wrong parameters', status: 400 } satisfies CallFailure;
        return { data: [], meta: { page: 1, size: 20, total: 0 } };
      },
    });
    const filters = encodeURIComponent(JSON.stringify([{ field: 'nope', rule: 'equals', value: 1 }]));
    const app = renderWithBackend(`/users?filters=${filters}`, backend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong parameters');
    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  it('back and forward restore the list the URL describes', async () => {
    const app = renderWithBackend('/users');
    await usersTable();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search by name, e-mail or login' }), 'sam');
    await waitFor(() => expect(new URLSearchParams(app.location().search).get('q')).toBe('sam'));
    await app.router.navigate('/users?q=rita');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search by name, e-mail or login' })).toHaveValue('rita'),
    );
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Users' })).map((r) => r.getAttribute('aria-label'))).toEqual([
        'Rita Resident',
      ]),
    );
  });
});
