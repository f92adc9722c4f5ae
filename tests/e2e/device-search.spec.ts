import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { apiToken } from './server-process';
import { adminInRiverside, users } from './support';

/**
 * Network search and remote control in a real browser against the real server: the demo's
 * simulator answers discovery on 127.0.2.1-3 (DEVICE_SEARCH_PORT) and plays the demo devices on
 * the e2e broker (E2E.mqttPort).
 */

test('searches a loopback range, streams the devices found and adds one', async ({ page }) => {
  test.setTimeout(60_000);
  await adminInRiverside(page);
  await page.goto('/devices/search');
  const range = page.getByRole('form', { name: 'IP range' });
  await range.getByLabel('Start IP address').fill('127.0.2.1');
  await range.getByLabel('End IP address').fill('127.0.2.12');
  await range.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Devices found' });
  await expect(table.getByRole('row')).toHaveCount(4, { timeout: 15_000 });
  await expect(page.getByText('Search finished: 3 devices found.')).toBeVisible({ timeout: 15_000 });
  await table.getByRole('checkbox', { name: 'Add GH-DEMO-NEW-MONITOR' }).check();
  await page.getByLabel('Group').selectOption({ label: 'Building A' });
  await page.getByRole('button', { name: 'Add 1 device' }).click();
  await expect(page.getByText('1 device was added. It connects once it has its broker settings.')).toBeVisible();

  // The added device was told where to connect, and did.
  const token = await apiToken(
    `http://127.0.0.1:${E2E.port}`,
    users.admin.login,
    users.admin.password,
    'Riverside Residence',
  );
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v0/devices/items?search=GH-DEMO-NEW-MONITOR', {
          headers: { authorization: `Bearer ${token}` },
        });
        const items = (await res.json()).data as { serial_number: string; device_info: { status: string } }[];
        return items.find((d) => d.serial_number === 'GH-DEMO-NEW-MONITOR')?.device_info.status;
      },
      { timeout: 15_000 },
    )
    .toBe('online');

  // A new search marks it as added.
  await page.getByRole('button', { name: 'New search' }).click();
  await range.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Search finished: 3 devices found.')).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('row', { name: /GH-DEMO-NEW-MONITOR/ })).toContainText('Already in the project');
});

test('opens remote control of an online demo panel on its standalone page and opens a relay', async ({ page }) => {
  test.setTimeout(60_000);
  await adminInRiverside(page);
  const token = await apiToken(
    `http://127.0.0.1:${E2E.port}`,
    users.admin.login,
    users.admin.password,
    'Riverside Residence',
  );
  const headers = { authorization: `Bearer ${token}` };
  // The demo panel connects once the server is up: wait for it.
  let session: { payload: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.put('/api/v0/devices/remote-control/sessions', {
          headers,
          data: { serial_number: 'GH-DEMO-PANEL-A' },
        });
        if (res.status() === 200) session = (await res.json()).data;
        return res.status();
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  await page.goto(`/devices/remote-control?payload=${encodeURIComponent(session?.payload ?? '')}`);
  await expect(page.getByRole('heading', { name: 'Remote control' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Remote control' })).toHaveText('Screen: idle');
  const relay = page.getByRole('button', { name: 'Open relay 1' });
  await relay.click();
  await expect(relay).toBeEnabled();
  await expect(page.getByRole('status', { name: 'Remote control' })).toHaveText('Screen: idle');
  await page.getByRole('button', { name: 'End the session' }).click();
  await expect(page.getByText('The session has ended.')).toBeVisible();
});
