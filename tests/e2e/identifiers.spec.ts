import { expect, test } from '@playwright/test';
import { adminInRiverside } from './support';

/**
 * Identifier import with a duplicate (issue 12): the file holds a new card and the demo resident's
 * card (3735928559) under a new name. The check finds the duplicate and saves nothing; the admin
 * chooses "replace" for that row and continues; the report counts one created and one replaced,
 * and the list shows both under their file names.
 */
test('an admin imports identifiers with a duplicate and resolves it by replacing', async ({ page }) => {
  await adminInRiverside(page);
  await page.goto('/identifiers');
  await expect(page.getByRole('row', { name: /Resident card/ })).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import identifiers' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'identifiers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'name,type,value,format,owner\r\nE2E new card,card,ABCDEF01,hex,resident\r\nE2E renamed card,card,3735928559,dec,resident\r\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Check the file' }).click();
  await expect(dialog.getByText('1 row of 2 has a value that is already used:')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Action for row 3' }).selectOption('replace');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const summary = dialog.getByRole('list', { name: 'Import summary' });
  await expect(summary).toContainText('1created');
  await expect(summary).toContainText('1replaced');
  await expect(dialog.getByRole('status')).toHaveText('Every row was imported.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: /E2E renamed card/ })).toContainText('3735928559');
  await expect(page.getByRole('row', { name: /E2E new card/ })).toContainText('2882400001');
  await expect(page.getByRole('row', { name: /Resident card/ })).toBeHidden();
});
