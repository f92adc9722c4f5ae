import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsFixtures } from '../../src/machines/alerts/alerts.fixtures';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { renderApp } from './support/render-app';

const loggedOut = { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut };

describe('login page', () => {
  it('sends the credentials and the remember choice to the session', async () => {
    const app = renderApp('/login', { actors: loggedOut });
    await app.user.type(await screen.findByLabelText('Login', { exact: true }), 'staff');
    await app.user.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
    await app.user.click(screen.getByLabelText('Remember me'));
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    const s = app.refs.session.getSnapshot();
    expect(s.matches({ unauthenticated: 'loggingIn' })).toBe(true);
    expect(s.context.remember).toBe(true);
    // The busy button cannot submit twice.
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  it('defaults "remember me" to the stored choice', async () => {
    const remembered = sessionMachine.resolveState({
      value: { unauthenticated: 'idle' },
      context: { ...sessionFixtures.loggedOut.context, remember: true },
    });
    renderApp('/login', { actors: { app: appFixtures.loggedOut, session: remembered } });
    expect(await screen.findByLabelText('Remember me')).toBeChecked();
  });

  it('shows the translated login failure as an alert', async () => {
    renderApp('/login', { actors: { app: appFixtures.loggedOut, session: sessionFixtures.loginFailed } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login/password');
  });

  it('clears alerts when visited', async () => {
    const app = renderApp('/login', { actors: { ...loggedOut, alerts: alertsFixtures.eachKind } });
    await screen.findByRole('button', { name: 'Log in' });
    expect(app.refs.alerts.getSnapshot().context.items).toEqual([]);
    expect(screen.queryByText('Item not found')).not.toBeInTheDocument();
  });

  it('links to password recovery, registration and the terms', async () => {
    renderApp('/login', { actors: loggedOut });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password/recovery');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/registration');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  it('choose project: picking one logs in, cancelling returns to login', async () => {
    const app = renderApp('/choose-project', {
      actors: { app: appFixtures.loggedOut, session: sessionFixtures.choosingProject },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Back to login' }));
    expect(app.refs.session.getSnapshot().matches({ unauthenticated: 'idle' })).toBe(true);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
  });
});
