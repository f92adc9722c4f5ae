import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithBackend } from './support/entity-demo';
import { telephonyBackend } from './support/telephony-demo';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 5_000 };

const lastFilters = (backend: ReturnType<typeof telephonyBackend>) => {
  const lists = backend.calls.filter((c) => c.path === '/calls/history/items');
  return JSON.parse(lists.at(-1)?.search.filters ?? '[]');
};

describe('call history', { timeout: 20_000 }, () => {
  it('lists calls newest first with outcome, type and duration', async () => {
    const backend = telephonyBackend();
    renderWithBackend('/call-history', backend);
    const table = await screen.findByRole('table', { name: 'Call history' }, LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('SOS');
    expect(rows[0]).toHaveTextContent('Entrance panel');
    expect(rows[1]).toHaveTextContent('No answer');
    expect(rows[2]).toHaveTextContent('1:02:05');
    expect(backend.calls.find((c) => c.path === '/calls/history/items')?.search.sort).toBe('-started_at');
  });

  it('the SOS tab asks only for SOS calls; filters go to the server', async () => {
    const backend = telephonyBackend();
    const app = renderWithBackend('/call-history', backend);
    await screen.findByRole('table', { name: 'Call history' }, LOAD);
    await app.user.click(screen.getByRole('link', { name: 'SOS calls' }));
    const table = await screen.findByRole('table', { name: 'Call history' }, LOAD);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(lastFilters(backend)).toEqual([{ field: 'is_sos', rule: 'equals', value: true }]);

    await app.user.click(screen.getByRole('link', { name: 'All calls' }));
    await screen.findByRole('table', { name: 'Call history' }, LOAD);
    const filters = screen.getByRole('group', { name: 'Filters' });
    await app.user.click(within(filters).getByRole('button', { name: 'Outcome' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'No answer' }));
    await waitFor(() => expect(lastFilters(backend)).toEqual([{ field: 'status', rule: 'equals', value: 'noanswer' }]));
    await app.user.click(within(filters).getByRole('button', { name: 'From day' }));
    await app.user.type(await screen.findByLabelText('From day'), '2026-03-02');
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastFilters(backend)).toHaveLength(2));
    const bound = lastFilters(backend)[1];
    expect(bound).toMatchObject({ field: 'date_from', rule: 'equals_above' });
    expect(new Date(bound.value).getDate()).toBe(2);
    expect(new Date(bound.value).getHours()).toBe(0);
  });
});
