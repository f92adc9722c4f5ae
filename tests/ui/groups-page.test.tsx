import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** The branch call over the demo groups (1 Riverside Residence > 2 Building A > 3 Unit 101). */
const node = (id: number, name: string, parent_id: number | null, has_children: boolean) => ({
  id,
  name,
  description: null,
  parent_id,
  domain_type_id: null,
  type: null,
  logic_address: null,
  parent_lft: id,
  parent_rgt: id + 1,
  has_children,
  users_count: 0,
});
const tree = [
  node(1, 'Riverside Residence', null, true),
  node(2, 'Building A', 1, true),
  node(3, 'Unit 101', 2, false),
];
const branch = (call: FakeCall) => {
  const id = call.search.id ? Number(call.search.id) : null;
  return { data: tree.filter((n) => n.parent_id === id) };
};

describe('groups page routes', () => {
  it('/groups/add opens the new-group dialog over the tree, not the not-built page', async () => {
    renderWithBackend('/groups/add', demoBackend({ 'GET /domains/branch': branch }));
    // The first render loads the page's chunk: give it time.
    expect(await screen.findByRole('dialog', { name: 'New group' }, { timeout: 5000 })).toBeInTheDocument();
    // Behind the modal dialog the tree is hidden from the accessibility tree, but there.
    expect(await screen.findByRole('treegrid', { name: 'Groups', hidden: true })).toBeInTheDocument();
    expect(screen.queryByText('This area is not available yet')).not.toBeInTheDocument();
  });

  it('/groups/:id/edit opens that group in the dialog; Cancel returns to /groups', async () => {
    const app = renderWithBackend('/groups/2/edit', demoBackend({ 'GET /domains/branch': branch }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Building A'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/groups'));
    expect(screen.queryByRole('dialog', { name: 'Edit group' })).not.toBeInTheDocument();
  });

  it('the row menu’s Add subgroup opens /groups/add with the parent chosen', async () => {
    const app = renderWithBackend('/groups', demoBackend({ 'GET /domains/branch': branch }));
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Riverside Residence' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Add subgroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    expect(app.location().pathname).toBe('/groups/add');
    expect(new URLSearchParams(app.location().search).get('parent')).toBe('1');
    expect(within(dialog).getByRole('group', { name: 'Parent group' })).toHaveTextContent('Riverside Residence');
  });
});
