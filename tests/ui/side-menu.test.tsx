import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { visibleMenu } from '../../src/contract/menu';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { demoSettings, sessionFixtures } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { activeMenuPath } from '../../src/ui/shell/menu-active';
import { renderApp } from './support/render-app';

const readyWith = (features: typeof demoSettings.features) =>
  sessionMachine.resolveState({
    value: { authenticated: { profile: 'ready', tokens: 'valid' } },
    context: { ...sessionFixtures.ready.context, settings: { ...demoSettings, features } },
  });

async function menuPaths() {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => new URL((a as HTMLAnchorElement).href).pathname);
}

describe('side menu (2.3, 2.4, 6.4)', () => {
  it('shows an admin every entry, grouped by category', async () => {
    renderApp('/home');
    const paths = await menuPaths();
    expect(paths).toEqual(expect.arrayContaining(['/home', '/users', '/roles', '/groups', '/backups', '/system-info']));
    expect(paths).toEqual(
      expect.arrayContaining(['/sip-trunks', '/elevators', '/amenities', '/guest-access', '/ukey2']),
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a resident only what their role permits', async () => {
    renderApp('/home', { actors: { session: sessionFixtures.readyResident } });
    expect(await menuPaths()).toEqual([
      '/home',
      '/notifications',
      '/conversations',
      '/announces',
      '/announces/response',
    ]);
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('hides licence-gated entries when the feature is not licensed', async () => {
    const features = { ...demoSettings.features!, sip_trunks: false, elevator: false, amenity: false };
    renderApp('/home', { actors: { session: readyWith(features) } });
    const paths = await menuPaths();
    for (const hidden of ['/sip-trunks', '/elevators', '/elevators/events', '/elevators/access-rules', '/amenities'])
      expect(paths).not.toContain(hidden);
    expect(paths).toEqual(expect.arrayContaining(['/virtual-numbers', '/devices']));
    expect(screen.queryByRole('button', { name: 'Elevators' })).not.toBeInTheDocument();
  });

  it('hides every licensed entry when the project has no licensed features', async () => {
    renderApp('/home', { actors: { session: readyWith(null) } });
    const paths = await menuPaths();
    for (const hidden of ['/sip-trunks', '/virtual-numbers', '/elevators', '/guest-access', '/ukey2', '/amenities'])
      expect(paths).not.toContain(hidden);
    expect(paths).toContain('/users');
  });

  it('collapses a category through the app actor and remembers it there', async () => {
    const app = renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const users = within(nav).getByRole('button', { name: 'Users' });
    await app.user.click(users);
    expect(users).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(app.refs.app.getSnapshot().context.collapsedCategories).toEqual(['users']);
    await app.user.click(users);
    expect(within(nav).getByRole('link', { name: 'Roles' })).toBeInTheDocument();
  });

  it('starts with the stored collapsed categories', async () => {
    renderApp('/home', { actors: { app: appFixtures.collapsedUsers } });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Users' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Devices' })).toBeInTheDocument();
  });

  it('highlights the entry of the current page, also on its sub-pages', async () => {
    renderApp('/devices/5/edit');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Device events' })).not.toHaveAttribute('aria-current');
  });

  it('the drawer toggle hides and shows the menu', async () => {
    const app = renderApp('/home');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await app.user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('is not shown without a profile', async () => {
    renderApp('/login', { actors: { app: appFixtures.loggedOut, session: sessionFixtures.loggedOut } });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile menu' })).not.toBeInTheDocument();
  });

  it('picks the longest matching entry as active', () => {
    const menu = visibleMenu(sessionFixtures.ready.context.profile!.role.permissions, demoSettings.features);
    expect(activeMenuPath(menu, '/devices/alarms/3/edit')).toBe('/devices/alarms');
    expect(activeMenuPath(menu, '/devices')).toBe('/devices');
    expect(activeMenuPath(menu, '/devicesx')).toBeNull();
  });
});
