import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';

/** The branch call over the demo groups (1 Riverside Residence > 2 Building A > 3 Unit 101). */
const node = (id: number, name: string, parent_id: number | null, has_children: boolean, may_delete = true) => ({
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
  may_delete,
});
const tree = [
  node(1, 'Riverside Residence', null, true),
  node(2, 'Building A', 1, true),
  node(3, 'Unit 101', 2, false),
];
const branchOf = (rows: ReturnType<typeof node>[]) => (call: FakeCall) => {
  const id = call.search.id ? Number(call.search.id) : null;
  return { data: rows.filter((n) => n.parent_id === id) };
};
const branch = branchOf(tree);

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

describe('deleting a group from its row menu', () => {
  it('offers Delete only on the groups the server says the caller may delete', async () => {
    const rows = [node(1, 'Riverside Residence', null, true, false), node(2, 'Building A', 1, false, true)];
    const app = renderWithBackend('/groups', demoBackend({ 'GET /domains/branch': branchOf(rows) }));
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Riverside Residence' }));
    expect(await screen.findByRole('menuitem', { name: 'Add subgroup' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await app.user.keyboard('{Escape}');
    await app.user.click(await screen.findByRole('button', { name: 'Expand Riverside Residence' }));
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Building A' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  /** A server whose groups can be deleted (with their subgroups), or that refuses with `refusal`. */
  function server(refusal: { code: string; status: number } | null = null) {
    const rows = [...structuredClone(tree), node(4, 'Building B', 1, false)];
    return demoBackend({
      'GET /domains/branch': branchOf(rows),
      'POST /domains/delete-all': (call) => {
        if (refusal) throw refusal;
        const [id] = (call.body as { items: number[] }).items;
        const gone = new Set([id]);
        for (const n of rows) if (n.parent_id !== null && gone.has(n.parent_id)) gone.add(n.id);
        const before = rows.length;
        rows.splice(0, rows.length, ...rows.filter((n) => !gone.has(n.id)));
        return { data: { deleted: before - rows.length } };
      },
    });
  }
  const deletes = (backend: ReturnType<typeof demoBackend>) =>
    backend.calls.filter((c) => c.method === 'POST' && c.path === '/domains/delete-all');

  async function askToDelete(app: ReturnType<typeof renderWithBackend>) {
    await app.user.click(await screen.findByRole('button', { name: 'Expand Riverside Residence' }));
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Building A' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    return screen.findByRole('alertdialog', { name: 'Delete group' });
  }

  it('asks first, then deletes that group once; the row goes, the parent stays open, an alert says so', async () => {
    const backend = server();
    const app = renderWithBackend('/groups', backend);
    const dialog = await askToDelete(app);
    expect(dialog).toHaveTextContent('Delete Building A? Its subgroups are deleted with it.');
    expect(deletes(backend)).toEqual([]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Building A was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Building A/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deletes(backend).map((c) => c.body)).toEqual([{ items: [2] }]);
    // The parent stays open with the rest of its children.
    expect(screen.getByRole('row', { name: /Riverside Residence/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('row', { name: /Building B/ })).toBeInTheDocument();
  });

  it('Cancel deletes nothing', async () => {
    const backend = server();
    const app = renderWithBackend('/groups', backend);
    const dialog = await askToDelete(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes(backend)).toEqual([]);
    expect(screen.getByRole('row', { name: /Building A/ })).toBeInTheDocument();
  });

  it('a refusal shows the server’s reason in the confirmation; the group stays', async () => {
    const backend = server({ code: 'users must be moved before deleting the group', status: 409 });
    const app = renderWithBackend('/groups', backend);
    const dialog = await askToDelete(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Move the users to another group before deleting this one',
    );
    expect(deletes(backend)).toHaveLength(1);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Building A/ })).toBeInTheDocument();
  });

  it('a caller without a delete permission has no Delete in the menu', async () => {
    const app = renderWithBackend('/groups', server(), ['domains.view_all', 'domains.edit_all', 'domains.create_root']);
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Riverside Residence' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('the groups page follows the call declarations (6.1)', () => {
  // The last permission of each declared list (a view gating with a shorter list of its own misses it).
  const viewer = ['domains.view_own'] as const;

  it('a role that may only view sees no Add, no Delete, and opens a group read-only', async () => {
    const app = renderWithBackend('/groups', demoBackend({ 'GET /domains/branch': branch }), [...viewer]);
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Riverside Residence' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Add subgroup' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add group' })).not.toBeInTheDocument();
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Riverside Residence'));
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('the create permission shows Add and Add subgroup; the edit permission shows Approve', async () => {
    const app = renderWithBackend('/groups', demoBackend({ 'GET /domains/branch': branch }), [
      ...viewer,
      'domains.create_descendants',
      'self_domain.manage_notifications',
    ]);
    expect(await screen.findByRole('button', { name: 'Add group' })).toBeInTheDocument();
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Riverside Residence' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Add subgroup' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    expect(await within(dialog).findByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });
});
