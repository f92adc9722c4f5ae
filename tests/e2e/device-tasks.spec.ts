import { expect, test } from '@playwright/test';
import { adminInRiverside, sideMenu } from './support';

test('an admin initialises the demo entrance panel and watches its tasks complete live', async ({ page }) => {
  await adminInRiverside(page);
  await sideMenu(page).getByRole('link', { name: 'Device tasks' }).click();
  await expect(page).toHaveURL(/\/devices\/tasks/);

  await page.getByRole('button', { name: 'Init device…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the device to initialise' });
  await picker.getByRole('searchbox').fill('Entrance panel');
  const option = picker
    .getByRole('list', { name: 'Choose the device to initialise' })
    .getByRole('listitem')
    .filter({ has: page.getByText('Entrance panel', { exact: true }) });
  await expect(option).toHaveCount(1);
  await option.getByRole('radio').or(option.getByRole('checkbox')).check();
  await picker.getByRole('button', { name: 'Choose' }).click();

  // The simulated panel is online (the e2e server runs the demo's devices on its own broker).
  const dialog = page.getByRole('dialog', { name: 'Initialise Entrance panel' });
  await expect(dialog).toContainText('The device is online.');
  await dialog.getByRole('button', { name: 'Initialise' }).click();
  // init, settings.apply, sync.identifiers, sync.schedules: one at a time, followed live.
  await expect(dialog.getByRole('progressbar', { name: '4 of 4 tasks completed' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Every task completed');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The list refreshed by itself: the four tasks of the batch, completed.
  const table = page.getByRole('table', { name: 'Device tasks' });
  for (const kind of ['Init', 'Apply settings', 'Sync identifiers', 'Sync schedules']) {
    const row = table.getByRole('row', { name: new RegExp(`: ${kind} for Entrance panel$`) }).first();
    await expect(row).toContainText('Completed');
  }
});
