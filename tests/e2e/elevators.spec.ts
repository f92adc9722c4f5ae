import { expect, test } from '@playwright/test';
import { adminInRiverside, pick } from './support';

/**
 * Elevators (issue 11): the demo's lift controller (GH-DEMO-LIFT-A, online through the simulator on
 * the e2e server's broker) drives the seeded "Building A lift". An admin deletes that elevator (a
 * controller serves one), makes a new one of the same controller and calls the lift to an
 * apartment's floor: the server sends `lift.call` to the controller and answers once it took it.
 */
test('an admin creates an elevator on the demo lift controller and calls the lift', async ({ page }) => {
  await adminInRiverside(page);
  await page.goto('/elevators');
  await expect(page.getByRole('row', { name: /Building A lift/ })).toContainText('Lift controller · online');
  await page.getByRole('checkbox', { name: 'Select Building A lift' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Building A lift/ })).toBeHidden();

  await page.getByRole('button', { name: 'Add elevator' }).click();
  await expect(page).toHaveURL(/\/elevators\/add/);
  await page.getByLabel('Name', { exact: true }).fill('Lift A');
  await pick(page, 'Group', 'Choose groups', 'Building A');
  await pick(page, 'Controllers', 'Choose lift controllers', 'Lift controller');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/elevators(\?|$)/);

  const row = page.getByRole('row', { name: /Lift A/ });
  await expect(row).toContainText('Building A');
  await expect(row).toContainText('Lift controller · online');
  await row.getByRole('button', { name: 'Call Lift A' }).click();

  const dialog = page.getByRole('dialog', { name: 'Call Lift A' });
  await dialog.getByLabel('Floor').selectOption('3');
  await dialog.getByLabel('Apartment').selectOption('301');
  await dialog.getByLabel('Direction').selectOption('up');
  await dialog.getByRole('button', { name: 'Call the lift' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Lift A is on its way.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
