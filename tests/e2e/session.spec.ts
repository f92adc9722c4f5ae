import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { LOGIN_BUDGET_GZIP_BYTES, measureLoginLoad } from '../support/first-load';
import { logIn, menuPaths, sideMenu, users } from './support';

test('the login page loads within its first-load budget: no dialer, menus or page machines on it', async ({
  page,
  baseURL,
}) => {
  const load = await measureLoginLoad(page, baseURL!, fileURLToPath(new URL('../../dist', import.meta.url)));
  const paths = load.files.map((f) => f.path).join(' ');
  // What loads with the first registration or the signed-in shell, never with the login page.
  for (const later of ['softphone', 'jssip', 'DialerPanelView', 'areas', 'Dialog', 'SideMenu', '/en-'])
    expect(paths).not.toContain(later);
  expect(load.gzipBytes).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP_BYTES);
});

test('an admin of two projects chooses a project and reaches the home dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, users.admin);
  await expect(page).toHaveURL(/\/choose-project/);
  await page.getByRole('button', { name: /Harbour Office/ }).waitFor();
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('main')).toContainText('Riverside Residence');
  const paths = await menuPaths(page);
  expect(paths).toEqual(expect.arrayContaining(['/home', '/users', '/roles', '/groups', '/backups', '/system-info']));
});

test('a wrong password is refused with the catalogue message', async ({ page }) => {
  await logIn(page, { login: 'admin', password: 'wrong-password' });
  await expect(page.getByRole('alert').filter({ hasText: /incorrect login/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an authenticated route sends a logged-out user to login and back after login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  await logIn(page, users.staff);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('E-mail')).toBeVisible();
});

test('the menu shows only what the role permits: staff and resident', async ({ page }) => {
  await logIn(page, users.staff);
  await expect(page).toHaveURL(/\/home$/);
  const staff = await menuPaths(page);
  expect(staff).toEqual(expect.arrayContaining(['/users', '/roles', '/groups', '/devices', '/virtual-numbers']));
  for (const hidden of [
    '/backups',
    '/general-settings',
    '/licenses',
    '/system-info',
    '/audit-events',
    '/reports/licenses',
  ])
    expect(staff).not.toContain(hidden);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, users.resident);
  await expect(page).toHaveURL(/\/home$/);
  const resident = await menuPaths(page);
  // Residents book the amenities of their groups (issue 13).
  expect(resident).toEqual([
    '/home',
    '/notifications',
    '/conversations',
    '/announces',
    '/announces/response',
    '/amenities',
    '/amenities/reservations',
  ]);
});

test('switching language changes the interface at once, persists and saves to the profile', async ({ page }) => {
  await logIn(page, users.concierge);
  await expect(sideMenu(page).getByRole('link', { name: 'Home' })).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v0/profile') && r.request().method() === 'PATCH');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Русский' });
  await expect(sideMenu(page).getByRole('link', { name: 'Главная' })).toBeVisible();
  const response = await saved;
  expect((await response.json()).data.locale).toBe('ru');
  await page.reload();
  await expect(sideMenu(page).getByRole('link', { name: 'Главная' })).toBeVisible();
  // Switch back so later tests in this browser start in English.
  await page.getByRole('combobox', { name: 'Язык' }).selectOption({ label: 'English' });
  await expect(sideMenu(page).getByRole('link', { name: 'Home' })).toBeVisible();
});

test('without remember the session stays in its tab; with remember a new tab has it too', async ({ context, page }) => {
  await logIn(page, users.staff, { remember: false });
  await expect(page).toHaveURL(/\/home$/);
  await page.reload();
  await expect(sideMenu(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/home');
  await expect(other).toHaveURL(/\/login\?redirect=%2Fhome/);
  await other.close();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await logIn(page, users.staff, { remember: true });
  await expect(page).toHaveURL(/\/home$/);
  const third = await context.newPage();
  await third.goto('/home');
  await expect(sideMenu(third)).toBeVisible();
  await third.reload();
  await expect(sideMenu(third)).toBeVisible();
});

test('an expired access token is refreshed once and the page carries on', async ({ page }) => {
  await logIn(page, users.staff, { remember: true });
  await expect(page).toHaveURL(/\/home$/);
  // Spoil the access token (as expiry would) but keep the refresh token.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('tokens') ?? '{}');
    localStorage.setItem('tokens', JSON.stringify({ ...stored, token: `${stored.token}x` }));
  });
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v0/refresh-tokens')) refreshes.push(r.url());
  });
  await page.reload();
  await expect(sideMenu(page)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  expect(refreshes).toHaveLength(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tokens') ?? '{}'));
  expect(stored.token).not.toMatch(/x$/);
});

test('a refused refresh logs out and keeps the way back', async ({ page }) => {
  await logIn(page, users.staff, { remember: true });
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate(() => localStorage.setItem('tokens', JSON.stringify({ token: 'bad', refresh: 'bad' })));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
});

test('logout closes the session: protected pages send back to login', async ({ page }) => {
  await logIn(page, users.staff);
  await expect(sideMenu(page)).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome/);
});

test('unknown paths show not-found behind login', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fno-such-page/);
  await logIn(page, users.staff);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the console runs under its Content-Security-Policy, and logging out ends the session on the server', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`csp-violation ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  page.on('console', (message) => {
    if (message.text().startsWith('csp-violation')) violations.push(message.text());
  });
  await logIn(page, users.staff);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ['/users', '/groups', '/virtual-numbers', '/announces', '/profile']) {
    await sideMenu(page)
      .getByRole('link', { name: path === '/profile' ? 'Home' : /./ })
      .first()
      .waitFor();
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  const tokens = await page.evaluate(() => sessionStorage.getItem('tokens') ?? localStorage.getItem('tokens'));
  const token = (JSON.parse(tokens ?? '{}') as { token?: string }).token ?? '';
  expect(token).not.toBe('');
  expect((await request.get('/api/v0/profile', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The old token no longer works anywhere: the server ended the session, not only the console.
  await expect
    .poll(async () =>
      (await request.get('/api/v0/profile', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  expect(violations).toEqual([]);
});
