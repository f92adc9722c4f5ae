import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import type { CallFailure } from '../../src/machines/session/session.types';
import { demoBackend, machinesOver } from './support/entity-demo';
import { renderApp } from './support/render-app';

/**
 * A bogus or spent mailed link says in words that the link cannot be used, in
 * every account flow; never a raw refusal such as "Method or action prohibited".
 */
const loggedOut = { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut };

function open(path: string, answers: Record<string, CallFailure>, locale: 'en' | 'ru' = 'en') {
  const refuse = (failure: CallFailure) => () => {
    throw failure;
  };
  const backend = demoBackend(Object.fromEntries(Object.entries(answers).map(([key, f]) => [key, refuse(f)])));
  let app: ReturnType<typeof renderApp> | undefined;
  app = renderApp(path, { actors: loggedOut, machines: machinesOver(backend.http, () => app), locale });
  return app;
}

const prohibited = { code: 'method or action prohibited', status: 403 };
const outdated = { code: 'verification link outdated or incorrect', status: 400 };
const tooShort = {
  code: 'invalid data sent',
  status: 422,
  fields: { code: { code: 'min_length', params: { length: 16 } } },
};
const RAW = /prohibited|invalid data|Method or action/i;

describe('mailed links that cannot be used', () => {
  it('a confirmation link on a server with self-registration closed (403) says the link is not valid', async () => {
    open('/registration/confirm/bogus-token-0000', { 'GET /registration/confirm/bogus-token-0000': prohibited });
    expect(
      await screen.findByText(/This confirmation link is not valid or has already been used\./),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(RAW);
  });

  it('a bogus confirmation link (outdated) says the same, in Russian too', async () => {
    open('/registration/confirm/bogus-token-0000', { 'GET /registration/confirm/bogus-token-0000': outdated }, 'ru');
    expect(await screen.findByText(/Эта ссылка подтверждения недействительна/)).toBeInTheDocument();
  });

  it('an invitation link that is unknown says so and who to ask', async () => {
    open('/registration/bogus-token-0000', {
      'GET /registration/bogus-token-0000': { code: 'invite code not found', status: 404 },
    });
    expect(
      await screen.findByText(/This invitation link is not valid or has already been used\. Ask your administrator/),
    ).toBeInTheDocument();
  });

  it('a password reset link cut short (its code refused as too short) offers a new link', async () => {
    const app = open('/password/reset/short', { 'POST /password/reset': tooShort });
    await app.user.type(await screen.findByLabelText('New password'), 'long-enough-1');
    await app.user.type(screen.getByLabelText('Repeat the password'), 'long-enough-1');
    await app.user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This password reset link is not valid');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password/recovery');
    expect(document.body.textContent).not.toMatch(RAW);
  });

  it('self-registration on a server that has closed it says so in words', async () => {
    const app = open('/self-registration', { 'POST /registration/self': prohibited });
    await app.user.selectOptions(await screen.findByLabelText('I am'), 'private');
    for (const [label, value] of [
      ['Your name', 'Nina'],
      ['E-mail', 'nina@example.org'],
      ['Phone', '+37120000000'],
      ['Country code (e.g. LV)', 'LV'],
      ['Object name', 'Home'],
      ['New password', 'long-enough-1'],
      ['Repeat the password', 'long-enough-1'],
    ] as const)
      await app.user.type(screen.getByLabelText(label), value);
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Registration on your own is not open on this server');
    expect(document.body.textContent).not.toMatch(RAW);
  });
});
