import { expect, test } from '@playwright/test';
import { logIn, users } from './support';

/** A users CSV for the project's root group: one new resident and one row whose e-mail cannot be read. */
const CSV = [
  'login,email,name,phone',
  'uploaded1,uploaded1@example.org,Uma Uploaded,+37120000077',
  'uploaded2,not-mail,Bad Row,',
].join('\r\n');

test('an admin uploads a users CSV into a group and reads the per-row report', async ({ page }) => {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await page.goto('/users');
  await page.getByRole('button', { name: 'Upload users' }).click();

  const dialog = page.getByRole('dialog', { name: 'Upload users' });
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Choose group' }).click();
  const groups = page.getByRole('dialog', { name: 'Choose groups' });
  await groups.getByRole('radio', { name: /^Riverside Residence/ }).check();
  await groups.getByRole('button', { name: 'Choose' }).click();
  await dialog.getByRole('button', { name: 'Choose role' }).click();
  const roles = page.getByRole('dialog', { name: 'Choose roles' });
  await roles.getByRole('searchbox').fill('resident');
  await roles.getByRole('radio', { name: /^resident/ }).check();
  await roles.getByRole('button', { name: 'Choose' }).click();
  await dialog
    .getByLabel('Users file')
    .setInputFiles({ name: 'residents.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByRole('button', { name: 'Upload' }).click();

  const summary = dialog.getByRole('list', { name: 'Upload summary' });
  await expect(summary.getByRole('listitem').filter({ hasText: 'users created' })).toContainText('1');
  await expect(dialog.getByText('1 row was refused:')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /3 Wrong e-mail \(email\)/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The list reloaded: the new resident is there.
  await page.getByRole('searchbox').fill('Uma Uploaded');
  await expect(page.getByRole('row', { name: /Uma Uploaded/ })).toBeVisible();
});
