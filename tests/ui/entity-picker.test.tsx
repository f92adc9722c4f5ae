import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoBackend, renderWithBackend } from './support/entity-demo';

describe('pickers', () => {
  it('the role picker chooses one: a second click on the chosen radio clears it', async () => {
    const app = renderWithBackend('/users/4/edit');
    const role = await screen.findByRole('group', { name: 'Role' });
    expect(role).toHaveTextContent('resident');
    await app.user.click(within(role).getByRole('button', { name: 'Choose: Role' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose roles' });
    const resident = await within(picker).findByRole('radio', { name: /resident/ });
    expect(resident).toBeChecked();
    await app.user.click(within(picker).getByRole('radio', { name: /staff/ }));
    expect(resident).not.toBeChecked();
    expect(within(picker).getByText('Chosen: 1')).toBeInTheDocument();
    await app.user.click(within(picker).getByRole('radio', { name: /staff/ }));
    expect(within(picker).getByText('Chosen: 0')).toBeInTheDocument();
    await app.user.click(within(picker).getByRole('radio', { name: /staff/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    expect(role).toHaveTextContent('staff');
    expect(role).not.toHaveTextContent('resident');
  });

  it('searches with contains over name, e-mail and login, and cancel keeps the field as it was', async () => {
    const backend = demoBackend({ 'POST /markers/apply': () => ({ data: { changed: 0 } }) });
    const app = renderWithBackend('/markers', backend);
    await app.user.click(await screen.findByRole('button', { name: 'Apply to users' }));
    await app.user.click(screen.getByRole('button', { name: 'Choose: Users' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose users' });
    await within(picker).findByRole('checkbox', { name: /Sam Staff/ });
    await app.user.type(
      within(picker).getByRole('searchbox', { name: 'Search by name, e-mail or login' }),
      'resident@',
    );
    // The search is debounced: on a slow machine a prefix may be asked first, so wait for the whole text.
    await waitFor(() => {
      const asked = backend.calls.filter((c) => c.path === '/users/items').at(-1)!;
      expect(JSON.parse(asked.search.filters!)).toEqual([{ field: 'search', rule: 'contains', value: 'resident@' }]);
    });
    await waitFor(() => expect(within(picker).queryByRole('checkbox', { name: /Sam Staff/ })).not.toBeInTheDocument());
    expect(within(picker).getByRole('checkbox', { name: /Rita Resident/ })).toBeInTheDocument();

    await app.user.click(within(picker).getByRole('checkbox', { name: /Rita Resident/ }));
    await app.user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose users' })).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'Users' })).toHaveTextContent('None chosen');
  });

  it('says when nothing matches', async () => {
    const app = renderWithBackend('/users/add');
    await app.user.click(await screen.findByRole('button', { name: 'Choose: Markers' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose markers' });
    await app.user.type(within(picker).getByRole('searchbox'), 'zzz');
    expect(await within(picker).findByText('Nothing found')).toBeInTheDocument();
  });
});
