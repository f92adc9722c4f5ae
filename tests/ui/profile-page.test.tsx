import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Profile } from '../../src/contract/entities/profile';
import { profileFormMachine } from '../../src/machines/profile-form/profile-form.machine';
import { adminProfile } from '../../src/machines/session/session.fixtures';
import { createStubPageMachines } from '../../src/ui/storybook/frozen-actors';
import { renderApp } from './support/render-app';

describe('profile page', () => {
  it('edits the profile: Save only when changed, busy while saving', async () => {
    const app = renderApp('/profile');
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('admin@riverside.example');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await app.user.clear(screen.getByLabelText('Display name'));
    await app.user.type(screen.getByLabelText('Display name'), 'Alexandra Admin');
    expect(save).toBeEnabled();
    await app.user.click(save);
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('aria-busy', 'true');
  });

  it('shows field errors under their inputs when the form is refused', async () => {
    const app = renderApp('/profile');
    const email = await screen.findByLabelText('E-mail');
    await app.user.clear(email);
    await app.user.type(email, 'not-an-email');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Must be an e-mail');
  });

  it('asks before leaving with unsaved changes', async () => {
    const app = renderApp('/profile');
    const name = await screen.findByLabelText('Display name');
    await app.user.type(name, ' Jr');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });

    await app.user.click(within(nav).getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(app.location().pathname).toBe('/profile');
    expect(screen.getByLabelText('Display name')).toHaveValue('Alex Admin Jr');

    await app.user.click(within(nav).getByRole('link', { name: 'Home' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(app.location().pathname).toBe('/home');
  });

  it('discarding changes restores the saved values and lets the user leave', async () => {
    const app = renderApp('/profile');
    await app.user.type(await screen.findByLabelText('Display name'), ' Jr');
    await app.user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Display name')).toHaveValue('Alex Admin');
    await app.user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' }),
    );
    expect(app.location().pathname).toBe('/home');
  });

  it('changes the password: mismatch is refused, a valid form submits', async () => {
    const app = renderApp('/profile');
    await app.user.type(await screen.findByLabelText('Current password'), 'old-secret');
    await app.user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await app.user.type(screen.getByLabelText('Repeat new password'), 'new-secret-2');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Repeat new password')).toHaveAccessibleDescription('Fields do not match');

    await app.user.clear(screen.getByLabelText('Repeat new password'));
    await app.user.type(screen.getByLabelText('Repeat new password'), 'new-secret-1');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveAttribute('aria-busy', 'true');
  });

  it('a save reaches the alerts and the session when the form effects address the app actors', async () => {
    // Page actors run in their own actor system (useActorRef), so `system.get('alerts')` finds
    // nothing there: the services must give `alert` and `notifySession` like this (see report).
    let app: ReturnType<typeof renderApp> | undefined;
    const machines = {
      ...createStubPageMachines(),
      profileForm: profileFormMachine.provide({
        actors: {
          saveProfile: fromPromise<Profile, { name?: string }>(async ({ input }) => ({
            ...adminProfile,
            name: input.name!,
          })),
        },
        actions: {
          alert: (_, params) => app?.refs.alerts.send({ type: 'alert.show', ...params }),
          notifySession: (_, { profile }) => app?.refs.session.send({ type: 'profile.updated', profile }),
        },
      }),
    };
    app = renderApp('/profile', { machines });
    const name = await screen.findByLabelText('Display name');
    await app.user.clear(name);
    await app.user.type(name, 'Alexandra Admin');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveTextContent('Alexandra Admin');
  });
});
