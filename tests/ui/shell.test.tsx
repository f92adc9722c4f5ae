import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsFixtures } from '../../src/machines/alerts/alerts.fixtures';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import { renderApp } from './support/render-app';

describe('shell', () => {
  it('shows alerts translated, urgent ones as alerts, and dismisses them', async () => {
    const app = renderApp('/home', { actors: { alerts: alertsFixtures.eachKind } });
    const area = await screen.findByRole('region', { name: 'Alerts' });
    expect(
      within(area)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual(['Item not found', 'Wrong parameters']);
    expect(
      within(area)
        .getAllByRole('status')
        .map((a) => a.textContent),
    ).toEqual(['Profile saved', 'Password changed']);
    await app.user.click(within(area).getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(app.refs.alerts.getSnapshot().context.items.map((a) => a.id)).toEqual(['alert-2', 'alert-3', 'alert-4']);
    expect(within(area).queryByText('Item not found')).not.toBeInTheDocument();
  });

  it('draws floating buttons with their badge and sends their event to the named actor', async () => {
    const app = renderApp('/home', { actors: { app: appFixtures.withFloatingButton } });
    // The first render loads the page machines' chunk: on a busy machine that takes more than the default second.
    const fab = await screen.findByRole('button', { name: 'Dialer (2)' }, { timeout: 15_000 });
    expect(within(fab).getByText('2')).toBeInTheDocument();
    expect(app.refs.app.getSnapshot().context.drawerOpen).toBe(true);
    await app.user.click(fab);
    // The fixture's button toggles the drawer of the app actor.
    expect(app.refs.app.getSnapshot().context.drawerOpen).toBe(false);
  });

  it('the bell opens on a spinner until the notification centre runs', async () => {
    const app = renderApp('/home');
    await app.user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading notifications…');
  });

  it('the profile menu names the user and project and links to the profile', async () => {
    const app = renderApp('/home');
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Alex Admin');
    expect(menu).toHaveTextContent('Riverside Residence');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(app.location().pathname).toBe('/profile');
  });

  it('the top bar names the page and the tab title follows it', async () => {
    renderApp('/users/add');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Users: new');
    expect(document.title).toBe('Users: new · Gatehouse');
  });

  it('home greets the user, in their project, with quick links to what they may open', async () => {
    renderApp('/home', { actors: { session: sessionFixtures.readyResident } });
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Welcome, Rita Resident' })).toBeInTheDocument();
    expect(main).toHaveTextContent('Riverside Residence');
    const links = within(main)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/notifications', '/conversations', '/announces', '/announces/response']);
  });
});
