import { expect, test } from '@playwright/test';
import { insertBan } from './ban-rows';
import { adminInRiverside, sideMenu } from './support';

test('an admin sees a ban, lifts it with a confirmation, and adds and deletes a whitelist entry', async ({ page }) => {
  insertBan({ ip: '203.0.113.7', service: 'sip', cause: 'AUTH_FAILED', minutes: 15 });
  await adminInRiverside(page);
  await sideMenu(page).getByRole('link', { name: 'IP blocking' }).click();

  const table = page.getByRole('table', { name: 'IP blocking' });
  const row = table.getByRole('row', { name: '203.0.113.7 · SIP' });
  await expect(row).toContainText('Wrong credentials');
  await expect(row).toContainText(/1[45] min left/);

  await row.getByRole('button', { name: 'Unban 203.0.113.7 (SIP)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Unban an address' });
  await expect(confirm).toContainText('Lift the ban of 203.0.113.7 for SIP?');
  await confirm.getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByText('203.0.113.7 may use SIP again')).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByRole('region', { name: 'Recent unbans' })).toContainText('203.0.113.7 · SIP');

  await page.getByRole('link', { name: 'Whitelist' }).click();
  await page.getByRole('button', { name: 'Add to whitelist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the whitelist' });
  await dialog.getByLabel(/IP address or range/).fill('198.51.100.77/24');
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('E2E branch office');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  const entry = table.getByRole('row', { name: '198.51.100.0/24' });
  await expect(entry).toContainText('E2E branch office');

  await entry.getByRole('button', { name: 'Delete 198.51.100.0/24' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(entry).toBeHidden();
});
