import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessMatrixPage, AccessMatrixRow } from '../../src/contract/entities/access-matrix';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };

/**
 * A matrix of 250 users by 40 doors (the demo's Building A, id 2, holds the even users): user i
 * opens door d always when (i + d) % 7 === 0, on the "Working hours" schedule when % 7 === 1;
 * user 3 is banned from door 0 at night.
 */
const USERS = Array.from({ length: 250 }, (_, i) => ({
  id: i + 1,
  name: `User ${String(i).padStart(3, '0')}`,
  login: `user${i}`,
  email: null,
  identifiers: i % 10 === 0 ? 0 : 1,
}));
const DOORS = Array.from({ length: 40 }, (_, d) => ({ device_id: 100 + d, device_name: `Door ${d}`, lock_number: 1 }));
const RULES = [
  { id: 1, name: 'Everyone', prohibition: false, time_rules: [] },
  { id: 2, name: 'Office hours', prohibition: false, time_rules: [{ id: 7, name: 'Working hours' }] },
  { id: 3, name: 'Night ban', prohibition: true, time_rules: [{ id: 8, name: 'Nights' }] },
];

function row(user: (typeof USERS)[number]): AccessMatrixRow {
  const i = user.id - 1;
  const cells = DOORS.flatMap((door, d) => {
    const rules: AccessMatrixRow['cells'][number]['rules'] = [];
    if ((i + d) % 7 === 0) rules.push({ id: 1, via: 'group' });
    if ((i + d) % 7 === 1) rules.push({ id: 2, via: 'user' });
    if (i === 3 && d === 0) rules.push({ id: 3, via: 'user' });
    return rules.length ? [{ device_id: door.device_id, lock_number: 1, rules }] : [];
  });
  return { ...user, cells };
}

function items(call: FakeCall): AccessMatrixPage {
  const { page = '1', size = '100', domain_id, search } = call.search;
  let users = USERS;
  if (domain_id === '2') users = users.filter((u) => u.id % 2 === 0);
  if (search) users = users.filter((u) => u.name.toLowerCase().includes(search.toLowerCase()));
  const from = (Number(page) - 1) * Number(size);
  return {
    data: { doors: DOORS, rules: RULES, items: users.slice(from, from + Number(size)).map(row) },
    meta: { page: Number(page), size: Number(size), total: users.length },
  };
}

const grid = () => screen.findByRole('table', { name: 'Access matrix' }, LOAD);
const requests = (backend: ReturnType<typeof demoBackend>) =>
  backend.calls.filter((c) => c.path === '/access-matrix/items').map((c) => c.search);

describe('access matrix page', { timeout: 60_000 }, () => {
  it('draws only the rows and doors in view, and loads the next users as it scrolls', async () => {
    const backend = demoBackend({ 'GET /access-matrix/items': items });
    renderWithBackend('/access-matrix', backend);
    const table = await grid();
    expect(screen.getByText('100 of 250 users · 40 doors')).toBeInTheDocument();
    const rowHeaders = within(table).getAllByRole('rowheader');
    const doorHeaders = within(table).getAllByRole('columnheader').slice(1);
    // A window of the 100 users and 40 doors loaded, not all of them.
    expect(rowHeaders.length).toBeGreaterThan(5);
    expect(rowHeaders.length).toBeLessThan(25);
    expect(doorHeaders.length).toBeLessThan(15);
    expect(rowHeaders[0]).toHaveTextContent('User 000');
    expect(rowHeaders[0]).toHaveTextContent('no identifiers');
    // Cells say how they open: always, on a schedule, or prohibited.
    expect(within(table).getByRole('button', { name: 'User 000, Door 0 #1: Always' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'User 000, Door 1 #1: Working hours' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'User 003, Door 0 #1: Prohibited' })).toBeInTheDocument();

    const scroller = table.parentElement as HTMLElement;
    // Across: the doors further right replace those scrolled past.
    fireEvent.scroll(scroller, { target: { scrollLeft: 124 * 30, scrollTop: 0 } });
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Door 32/ })).toBeInTheDocument());
    expect(within(table).queryByRole('columnheader', { name: /Door 2\b/ })).not.toBeInTheDocument();
    // Down, near the 100th user: the next page is asked for once.
    fireEvent.scroll(scroller, { target: { scrollLeft: 0, scrollTop: 40 * 85 } });
    await waitFor(() => expect(screen.getByText('200 of 250 users · 40 doors')).toBeInTheDocument());
    expect(requests(backend)).toEqual([
      { page: '1', size: '100' },
      { page: '2', size: '100' },
    ]);
    expect(within(table).getByRole('rowheader', { name: /User 090/ })).toBeInTheDocument();
  });

  it('filters by a group (its subtree) and searches users; downloads that filter', async () => {
    const backend = demoBackend({ 'GET /access-matrix/items': items });
    const app = renderWithBackend('/access-matrix', backend);
    await grid();
    await app.user.click(screen.getByRole('button', { name: 'Group' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose groups' });
    await app.user.click(await within(picker).findByRole('radio', { name: /Building A/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(screen.getByText('100 of 125 users · 40 doors')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Group: Building A' })).toBeInTheDocument();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search users by name, login or e-mail' }), 'user 00');
    await waitFor(() => expect(screen.getByText('5 of 5 users · 40 doors')).toBeInTheDocument());
    expect(requests(backend).at(-1)).toEqual({ page: '1', size: '100', domain_id: '2', search: 'user 00' });
    await app.user.click(screen.getByRole('button', { name: 'Download (Excel)' }));
    await waitFor(() => expect(backend.callFile).toHaveBeenCalled());
    expect(backend.callFile.mock.calls[0]).toEqual([
      'GET /access-matrix/download',
      { searchParams: { domain_id: '2', search: 'user 00' } },
    ]);
    // No user at all: the empty state says why.
    await app.user.type(screen.getByRole('searchbox'), 'x');
    expect(await screen.findByText('No user matches, or no rule you can see gives them a door.')).toBeInTheDocument();
  });

  it('a cell opens the rules behind it: grants and prohibitions, how they reach the user, when', async () => {
    const app = renderWithBackend('/access-matrix', demoBackend({ 'GET /access-matrix/items': items }));
    const table = await grid();
    await app.user.click(within(table).getByRole('button', { name: 'User 003, Door 0 #1: Prohibited' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'User 003 at Door 0 #1' }));
    expect(dialog.getByText('Night ban')).toBeInTheDocument();
    expect(dialog.getByText('Prohibits')).toBeInTheDocument();
    expect(dialog.getByText('during Nights · names the user')).toBeInTheDocument();
  });

  it('a failed load says so and tries again', async () => {
    let fail = true;
    const backend = demoBackend({
      'GET /access-matrix/items': (call) => {
        if (fail) throw { code: 'internal server error', status: 500 };
        return items(call);
      },
    });
    const app = renderWithBackend('/access-matrix', backend);
    const alert = await screen.findByRole('alert', undefined, LOAD);
    expect(alert).toHaveTextContent('The access matrix could not be loaded');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await grid()).toBeInTheDocument();
  });
});
