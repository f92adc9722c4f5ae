import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../src/contract/call';
import { CALLS } from '../../src/contract/http';
import { MENU, visibleMenu } from '../../src/contract/menu';
import type { Permission } from '../../src/contract/permissions';
import { appFixtures } from '../../src/machines/app/app.fixtures';
import { demoSettings, sessionFixtures } from '../../src/machines/session/session.fixtures';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { ROUTE_TABLE } from '../../src/ui/app/route-table';
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
    expect(paths).toEqual(
      expect.arrayContaining(['/home', '/users', '/roles', '/groups', '/backups', '/ip-blocking', '/system-info']),
    );
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

describe('side menu gating from the call declarations (6.4)', () => {
  const entries = MENU.flatMap((c) => c.entries);
  const paths = (permissions: Permission[], features = demoSettings.features) =>
    visibleMenu(permissions, features).flatMap((c) => c.entries.map((e) => e.path));

  it('gates every entry whose page is built by the call that loads it', () => {
    const built = new Set(ROUTE_TABLE.filter((r) => r.page).map((r) => r.path));
    for (const entry of entries.filter((e) => built.has(e.path))) expect(entry.call, entry.path).toBeDefined();
  });

  it("keeps each entry's permissions and licences equal to its call's declaration (the server's home counts read them)", () => {
    for (const entry of entries) {
      if (!entry.call) continue;
      const { access } = CALLS[entry.call];
      expect(entry.anyOf, entry.path).toEqual(permissionsOf(CALLS[entry.call]) ?? []);
      expect(entry.licences ?? [], entry.path).toEqual('licences' in access ? (access.licences ?? []) : []);
    }
  });

  // Changed with the declarations: role viewers used to see /users and /groups, whose lists refuse them.
  it('shows /roles to a role viewer, but not /users or /groups, which they cannot list', () => {
    const shown = paths(['roles.view']);
    expect(shown).toContain('/roles');
    expect(shown).not.toContain('/users');
    expect(shown).not.toContain('/groups');
    expect(paths(['users.view'])).toContain('/users');
    expect(paths(['domains.view_own'])).toContain('/groups');
  });

  // Changed with the declarations: the trunks list also answers self-group trunk managers.
  it('shows /sip-trunks to whoever may list trunks, only with SIP and trunks licensed', () => {
    expect(paths(['self_domain.manage_sip_trunks'])).toContain('/sip-trunks');
    expect(paths(['sip_trunks.view_own'])).toContain('/sip-trunks');
    expect(paths(['sip_trunks.view_own'], { ...demoSettings.features!, sip_trunks: false })).not.toContain(
      '/sip-trunks',
    );
    expect(paths(['sip_trunks.create'])).not.toContain('/sip-trunks');
  });

  it('shows /ip-blocking under Settings to settings viewers (read-only there), and to no one else', () => {
    const settings = MENU.find((c) => c.id === 'settings')?.entries.map((e) => e.path);
    expect(settings).toContain('/ip-blocking');
    expect(paths(['project.view_settings'])).toContain('/ip-blocking');
    expect(paths(['project.change_settings'])).not.toContain('/ip-blocking');
    expect(paths(['users.view'])).not.toContain('/ip-blocking');
  });

  it('shows the always-there entries to any profile, even one without permissions', () => {
    expect(paths([])).toEqual(['/home', '/notifications']);
  });
});
