import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { apiToken, ownServer } from './server-process';
import { logIn, menuPaths, users } from './support';

// This test kills its server: it runs one of its own, not the shared one.
const server = ownServer(E2E.port + 50);
test.use({ baseURL: server.origin });
test.beforeAll(async () => server.start());
test.afterAll(async () => server.kill());

test('after the server dies and comes back, the console reconnects and live changes reach it again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, users.staff);
  await expect(page).toHaveURL(/\/home/);
  expect(await menuPaths(page)).toContain('/roles');
  // The home page's code is in before the server goes: this test is about live updates, not lost chunks.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome,/ })).toBeVisible();

  await server.kill();
  const banner = page.getByRole('status').filter({ hasText: 'Live updates paused' });
  await expect(banner).toBeVisible({ timeout: 10_000 });

  await server.start();
  // One reconnect cycle is 4 s; allow two, plus a ping.
  await expect(banner).toBeHidden({ timeout: 12_000 });

  // An administrator takes the role views away from staff: the staff console reloads its profile and menu.
  const admin = await apiToken(server.origin, users.admin.login, users.admin.password, 'Riverside Residence');
  const auth = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  const roles = (await (await fetch(`${server.origin}/api/v0/roles/items?size=50`, { headers: auth })).json())
    .data as Array<{ id: number; name: string; permissions: string[] }>;
  const staff = roles.find((r) => r.name === 'staff')!;
  const permissions = staff.permissions.filter((p) => !p.startsWith('roles.view'));
  const res = await fetch(`${server.origin}/api/v0/roles/${staff.id}`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ permissions }),
  });
  expect(res.status).toBe(200);
  await expect.poll(() => menuPaths(page), { timeout: 8_000 }).not.toContain('/roles');
  // The page was never reloaded: the same document carries on.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});
