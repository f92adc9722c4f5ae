import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import { renderApp } from './support/render-app';

describe('language switcher', () => {
  it('switches the whole interface at once and back', async () => {
    const app = renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    // The home page is lazy: wait for it before switching, so the switch is what the test sees.
    await screen.findByRole('heading', { name: 'Welcome, Alex Admin' });

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Русский');

    expect(app.refs.app.getSnapshot().context.locale).toBe('ru');
    const ruNav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(ruNav).getByRole('link', { name: 'Главная' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Добро пожаловать, Alex Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Главная');

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Язык' }), 'English');
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' }),
    ).toBeInTheDocument();
  });

  it('is available on the login page too', async () => {
    const app = renderApp('/login', { actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut } });
    await screen.findByRole('button', { name: 'Log in' });
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Русский');
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль', { exact: true })).toBeInTheDocument();
  });
});
