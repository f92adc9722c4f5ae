import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { bareLicence, licenceFile, signLicence } from '../../server/simulator/licence-issuer';
import { logIn, sideMenu, users } from './support';

/** This e2e server's installation id (generated into its DATA_DIR): the licence is issued for it. */
function instanceId(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return readFileSync(join(dir, 'instance-id'), 'utf8').trim();
}

test('an admin uploads a licence and the menu entries of its features appear; deleting it takes them away', async ({
  page,
}) => {
  const now = Math.floor(Date.now() / 1000);
  const licence = bareLicence(instanceId(), {
    licence_id: `e2e-harbour-${Date.now()}`,
    type: 'plus',
    customer: 'Harbour Office',
    restrict_period: { is_active: true, from: now - 86_400, to: now + 365 * 86_400 },
    elevator: true,
    amenity: true,
  });

  // Harbour Office's demo licence gives the mobile app only: no elevators, no amenities.
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Harbour Office/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  const menu = sideMenu(page);
  await expect(menu.getByRole('link', { name: 'Licences', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Elevators', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Amenities', exact: true })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Licences', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Licences' })).toContainText('demo-harbour-basic');
  await page.getByRole('button', { name: 'Add from file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add licences' });
  await dialog.getByLabel('Licence file').setInputFiles({
    name: 'harbour-office.lic',
    mimeType: 'application/json',
    buffer: Buffer.from(licenceFile(signLicence(licence))),
  });
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText(licence.licence_id)).toBeVisible();
  const features = dialog.getByRole('list', { name: 'Features after adding' });
  await expect(features.getByRole('listitem').filter({ hasText: 'Elevators' })).toContainText('new');
  await dialog.getByRole('button', { name: 'Add licences' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 licence added.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The menu follows the features at once.
  await expect(menu.getByRole('link', { name: 'Elevators', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Amenities', exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Elevators', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Elevators' })).toBeVisible();

  // The e2e server's demo stays as it was: the licence goes again, and its entries with it.
  await menu.getByRole('link', { name: 'Licences', exact: true }).click();
  const row = page.getByRole('table', { name: 'Licences' }).getByRole('row').filter({ hasText: licence.licence_id });
  await row.getByRole('button', { name: `Delete ${licence.licence_id}` }).click();
  await page.getByRole('alertdialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Elevators', exact: true })).toHaveCount(0);
});
