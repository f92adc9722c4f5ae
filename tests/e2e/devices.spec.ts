import { expect, test } from '@playwright/test';
import { adminInRiverside } from './support';

test('an admin changes a setting of the entrance panel, and it is kept; the list shows each device’s status', async ({
  page,
}) => {
  await adminInRiverside(page);
  await page.goto('/devices');
  const table = page.getByRole('table', { name: 'Devices' });
  const panelRow = table.getByRole('row', { name: /^Entrance panel/ });
  await expect(panelRow).toContainText('GH-DEMO-PANEL-A');
  // The e2e server runs the demo's devices on its broker: the panel is online, and the column says so.
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(panelRow).toContainText('Online');

  await panelRow.getByRole('button', { name: /^Entrance panel/ }).click();
  await expect(page).toHaveURL(/\/devices\/\d+\/edit/);
  await expect(page.getByRole('heading', { name: 'Entrance panel' })).toBeVisible();
  const sip = page.getByRole('region', { name: 'SIP' });
  await sip.getByLabel('Talk timeout').fill('95');
  await sip.getByRole('checkbox', { name: 'Dial by address' }).check();
  await page.getByRole('region', { name: 'Additional' }).getByLabel('Button 2 number').fill('102');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/devices(\?|$)/);

  await page.reload();
  await table
    .getByRole('row', { name: /^Entrance panel/ })
    .getByRole('button', { name: /^Entrance panel/ })
    .click();
  await expect(page.getByRole('region', { name: 'SIP' }).getByLabel('Talk timeout')).toHaveValue('95');
  await page.reload();
  await expect(page.getByRole('region', { name: 'SIP' }).getByLabel('Talk timeout')).toHaveValue('95');
  await expect(page.getByRole('checkbox', { name: 'Dial by address' })).toBeChecked();
  await expect(page.getByLabel('Button 2 number')).toHaveValue('102');
  // The stored MQTT password is still there (a placeholder), untouched by the save.
  await expect(page.getByLabel('MQTT password')).toHaveValue('********');
});
