import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { logIn, users } from './support';

/** A structure file for Building A: one new unit with a new resident, and one row that cannot be read. */
async function structureFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const groups = book.addWorksheet('Groups');
  groups.addRow(['id', 'parent', 'name', 'type', 'logic_address', 'description']);
  groups.addRow(['', '', 'Unit 301', 'unit', '301', 'Imported']);
  groups.addRow(['', '', 'Unit 302', 'spaceship', '302', '']);
  const people = book.addWorksheet('Users');
  people.addRow(['id', 'group', 'login', 'email', 'name', 'firstname', 'lastname', 'phone', 'activated_at']);
  people.addRow(['', 'Unit 301', 'imported1', 'imported1@example.org', 'Ida Imported', '', '', '', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an admin generates a building with floors and units: preview first, then create', async ({ page }) => {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await page.goto('/groups');
  await page
    .getByRole('row', { name: /Riverside Residence/ })
    .getByRole('button', { name: 'Generate groups' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Generate groups in Riverside Residence' });
  await dialog.getByLabel('Buildings: first number').fill('7');
  await dialog.getByLabel('Buildings: name pattern').fill('Tower {n}');
  await dialog.getByLabel('Floors: how many').fill('2');
  await dialog.getByLabel('Units: how many').fill('2');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('7 groups will be created:')).toBeVisible();
  await expect(dialog.getByText('Tower 7')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create 7 groups' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Tower 7/ })).toBeVisible();
});

test('an admin imports a structure file with one bad row, sees its error and the new unit, and exports', async ({
  page,
}) => {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await page.goto('/groups');
  const building = page.getByRole('row', { name: /Building A/ });
  await building.getByRole('button', { name: 'Import structure' }).click();

  const dialog = page.getByRole('dialog', { name: 'Import structure into Building A' });
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await dialog.getByLabel('Structure file').setInputFiles({
    name: 'structure.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await structureFile(),
  });
  await dialog.getByRole('button', { name: 'Choose role' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose roles' });
  await picker.getByRole('searchbox').fill('resident');
  await picker.getByRole('radio', { name: /^resident/ }).check();
  await picker.getByRole('button', { name: 'Choose' }).click();
  await dialog.getByRole('button', { name: 'Import' }).click();

  await expect(dialog.getByRole('list', { name: 'Import summary' })).toContainText('1groups created');
  await expect(dialog.getByRole('alert')).toContainText('1 row was refused');
  await expect(dialog.getByRole('alert')).toContainText('(type)');
  const report = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download error report' }).click();
  expect((await report).suggestedFilename()).toBe('structure-import-errors.csv');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('row', { name: /Unit 301/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page
    .getByRole('row', { name: /Building A/ })
    .getByRole('button', { name: 'Export structure' })
    .click();
  expect((await download).suggestedFilename()).toBe('structure.xlsx');
});
