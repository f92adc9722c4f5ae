import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditEventsEntity } from '../../src/contract/entities/audit-event';
import { sampleAuditEvents } from '../../src/ui/audit/audit.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';

type Row = { id: number; [field: string]: unknown };

const auditBackend = () =>
  demoBackend(
    {},
    { auditEvents: { contract: auditEventsEntity, rows: structuredClone(sampleAuditEvents) as unknown as Row[] } },
  );

/** The first render loads the page's chunk and every area's machines: slow on a busy machine. */
const LOAD = { timeout: 15_000 };
const table = () => screen.findByRole('table', { name: 'Audit events' }, LOAD);

describe('audit events page', { timeout: 30_000 }, () => {
  it('lists who changed what, newest first, and opens one event with each field before and after', async () => {
    const app = renderWithBackend('/audit-events', auditBackend());
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Alex Admin');
    expect(rows[0]).toHaveTextContent('Changed');
    expect(rows[0]).toHaveTextContent('name, email');

    await app.user.click(within(rows[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Change #42' });
    const diff = await within(dialog).findByRole('table', { name: 'The change' });
    const name = within(diff).getByRole('row', { name: /^name/ });
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Rita Resident', 'Rita Renamed']);
    expect(within(diff).getByRole('row', { name: /^email/ })).toHaveTextContent('—rita@example.org');
    expect(app.backend.calls.some((c) => c.path === '/audit-events/42')).toBe(true);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a changed secret without a value', async () => {
    const app = renderWithBackend('/audit-events', auditBackend());
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    await app.user.click(within(rows[1] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Change #41' });
    const password = await within(dialog).findByRole('row', { name: /^password/ });
    expect(password).toHaveTextContent('changed; secret values are not recorded');
  });

  it('filters by action and object type, kept in the URL, and exports what it shows', async () => {
    const app = renderWithBackend('/audit-events', auditBackend());
    const list = await table();
    const filters = screen.getByRole('group', { name: 'Filters' });
    await app.user.click(within(filters).getByRole('button', { name: 'Action' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Deleted (bulk)' }));
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(2));
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent('Pet owner');
    const sent = app.backend.calls.filter((c) => c.path === '/audit-events/items').at(-1);
    expect(JSON.parse(sent?.search.filters ?? '[]')).toContainEqual({
      field: 'action',
      rule: 'equals',
      value: 'delete_all',
    });
    expect(app.location().search).toContain('delete_all');

    await app.user.click(within(filters).getByRole('button', { name: 'Object type' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Users' }));
    // Nothing is both a bulk delete and a user: the table gives way to the empty state.
    await waitFor(() => expect(screen.queryByText('Pet owner')).toBeNull());
    const both = app.backend.calls.filter((c) => c.path === '/audit-events/items').at(-1);
    expect(JSON.parse(both?.search.filters ?? '[]')).toContainEqual({
      field: 'entity',
      rule: 'equals',
      value: 'users',
    });

    await app.user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(app.backend.callFile).toHaveBeenCalled());
    expect(app.backend.calls.at(-1)?.path).toBe('/audit-events/export');
  });
});
