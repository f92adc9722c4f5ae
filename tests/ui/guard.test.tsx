import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import { decideGuard, type GuardSession, safeRedirect } from '../../src/ui/app/guard-rules';
import { ROUTE_TABLE } from '../../src/ui/app/route-table';
import { renderApp } from './support/render-app';

const loggedOut: GuardSession = {
  restoring: false,
  authenticated: false,
  choosing: false,
  profileLoading: false,
  profileFailed: false,
  hasProfile: false,
  logoutReason: null,
};
const ready: GuardSession = { ...loggedOut, authenticated: true, hasProfile: true };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('guard rules (2.2)', () => {
  it('sends a logged-out user on an authenticated route to login with the way back', () => {
    expect(decideGuard('auth', loggedOut, at('/users', '?page=2'))).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fusers%3Fpage%3D2',
    });
  });

  it('drops the way back after a logout on purpose, keeps it after expiry', () => {
    expect(decideGuard('auth', { ...loggedOut, logoutReason: 'user' }, at('/users'))).toEqual({
      type: 'redirect',
      to: '/login',
    });
    expect(decideGuard('auth', { ...loggedOut, logoutReason: 'expired' }, at('/users'))).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fusers',
    });
  });

  it('waits while restoring and during the first profile load, not during a reload', () => {
    expect(decideGuard('auth', { ...loggedOut, restoring: true }, at('/home')).type).toBe('spinner');
    expect(decideGuard('loggedOut', { ...loggedOut, restoring: true }, at('/login')).type).toBe('spinner');
    const loading = { ...ready, hasProfile: false, profileLoading: true };
    expect(decideGuard('auth', loading, at('/home')).type).toBe('spinner');
    expect(decideGuard('auth', { ...ready, profileLoading: true }, at('/home')).type).toBe('render');
    expect(decideGuard('auth', { ...ready, profileFailed: true }, at('/home')).type).toBe('profileFailed');
  });

  it('sends a logged-in user on a logged-out route to a safe redirect target, else /home', () => {
    expect(decideGuard('loggedOut', ready, at('/login', '?redirect=%2Fprofile'))).toEqual({
      type: 'redirect',
      to: '/profile',
    });
    expect(decideGuard('loggedOut', ready, at('/login'))).toEqual({ type: 'redirect', to: '/home' });
    expect(decideGuard('loggedOut', ready, at('/login', '?redirect=%2F%2Fevil.example'))).toEqual({
      type: 'redirect',
      to: '/home',
    });
    expect(decideGuard('loggedOut', ready, at('/login', '?redirect=https%3A%2F%2Fevil.example'))).toEqual({
      type: 'redirect',
      to: '/home',
    });
  });

  it('keeps the redirect through the project choice', () => {
    const choosing = { ...loggedOut, choosing: true };
    expect(decideGuard('loggedOut', choosing, at('/login', '?redirect=%2Fusers'))).toEqual({
      type: 'redirect',
      to: '/choose-project?redirect=%2Fusers',
    });
    expect(decideGuard('auth', choosing, at('/users'))).toEqual({
      type: 'redirect',
      to: '/choose-project?redirect=%2Fusers',
    });
    expect(decideGuard('choose', choosing, at('/choose-project')).type).toBe('render');
    expect(decideGuard('choose', ready, at('/choose-project', '?redirect=%2Fusers'))).toEqual({
      type: 'redirect',
      to: '/users',
    });
    expect(decideGuard('choose', ready, at('/choose-project'))).toEqual({ type: 'redirect', to: '/home' });
    expect(decideGuard('choose', loggedOut, at('/choose-project', '?redirect=%2Fusers'))).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fusers',
    });
  });

  it('accepts only in-app absolute paths as redirect targets', () => {
    expect(safeRedirect('/users?page=2')).toBe('/users?page=2');
    for (const bad of [null, '', 'users', '//evil.example', '/\\evil.example', 'https://evil.example'])
      expect(safeRedirect(bad)).toBeNull();
  });
});

describe('guard in the router', () => {
  it('logged out on /profile → /login?redirect=%2Fprofile, showing the login form', async () => {
    const app = renderApp('/profile', { actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut } });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(app.location()).toMatchObject({ pathname: '/login', search: '?redirect=%2Fprofile' });
  });

  it('a session that expired brings the user back and says why', async () => {
    const app = renderApp('/home', { actors: { app: appFixtures.loggedOut, session: sessionFixtures.sessionExpired } });
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(app.location()).toMatchObject({ pathname: '/login', search: '?redirect=%2Fhome' });
  });

  it('logging out from the profile menu goes to /login without a redirect', async () => {
    const app = renderApp('/profile');
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.location()).toMatchObject({ pathname: '/login', search: '' }));
    expect(await screen.findByLabelText('Login', { exact: true })).toBeInTheDocument();
  });

  it('logged in on /login goes to the redirect target, else /home; the root goes to /home', async () => {
    const withTarget = renderApp('/login?redirect=%2Fprofile');
    await waitFor(() => expect(withTarget.location().pathname).toBe('/profile'));
    withTarget.unmount();
    const plain = renderApp('/login');
    await waitFor(() => expect(plain.location().pathname).toBe('/home'));
    plain.unmount();
    const root = renderApp('/');
    await waitFor(() => expect(root.location().pathname).toBe('/home'));
  });

  it('the root sends a logged-out user to /login', async () => {
    const app = renderApp('/', { actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut } });
    await waitFor(() => expect(app.location()).toMatchObject({ pathname: '/login', search: '' }));
  });

  it('while choosing a project, login keeps its redirect on the way to /choose-project', async () => {
    const app = renderApp('/login?redirect=%2Fusers', {
      actors: { app: appFixtures.loggedOut, session: sessionFixtures.choosingProject },
    });
    expect(await screen.findByRole('button', { name: /Harbour Office/ })).toBeInTheDocument();
    expect(app.location()).toMatchObject({ pathname: '/choose-project', search: '?redirect=%2Fusers' });
  });

  it('choosing a project leaves /choose-project for the redirect target', async () => {
    const app = renderApp('/choose-project?redirect=%2Fprofile', {
      actors: { app: appFixtures.loggedOut, session: sessionFixtures.choosingProject },
    });
    await app.user.click(await screen.findByRole('button', { name: /Riverside Residence/ }));
    // The frozen session is now authenticated (profile loading): the guard moves on and waits.
    await waitFor(() => expect(app.location().pathname).toBe('/profile'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
  });

  it('/choose-project when logged out and not choosing → /login', async () => {
    const app = renderApp('/choose-project', {
      actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut },
    });
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });

  it('an unknown path shows not-found behind login', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const out = renderApp('/no-such-page', {
      actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut },
    });
    await waitFor(() =>
      expect(out.location()).toMatchObject({ pathname: '/login', search: '?redirect=%2Fno-such-page' }),
    );
  });

  it('every route of the menu leads to a built page: no area is left not built', () => {
    // NotBuiltPage stays as the fallback of a route declared ahead of its page; none ships.
    expect(ROUTE_TABLE.filter((route) => !route.page).map((route) => route.path)).toEqual([]);
  });

  it('shows a full-screen spinner during the first profile load', async () => {
    renderApp('/home', { actors: { session: sessionFixtures.profileLoading } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your profile…');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('a failed profile load offers a retry that asks the session again', async () => {
    const app = renderApp('/home', { actors: { session: sessionFixtures.profileFailed } });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Your profile could not be loaded');
    expect(failure).toHaveTextContent('Internal server error');
    await app.user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(app.refs.session.getSnapshot().matches({ authenticated: { profile: 'loading' } })).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your profile…');
  });

  it('public pages open in any state', async () => {
    const app = renderApp('/terms-and-conditions', {
      actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut },
    });
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/terms-and-conditions');
  });
});
