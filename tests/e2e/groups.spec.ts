import { expect, type Page, test } from '@playwright/test';
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

/** Chooses an action from a group's row menu with the mouse. */
async function rowAction(page: Page, group: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${group}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('/groups/add opens the group dialog on a fresh load; the new group shows under its parent; the row menu works by keyboard', async ({
  page,
}) => {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/groups/add');
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Name').fill('Unit 105');
  await dialog.getByRole('button', { name: /Parent group/ }).click();
  const groups = page.getByRole('dialog', { name: /Choose/ });
  await groups.getByRole('searchbox').fill('Building A');
  await groups.getByRole('radio', { name: /^Building A/ }).check();
  await groups.getByRole('button', { name: 'Choose' }).click();
  await dialog.getByRole('button', { name: /Type/ }).click();
  const types = page.getByRole('dialog', { name: /Choose/ });
  await types.getByRole('searchbox').fill('Unit');
  await types.getByRole('radio', { name: /^Unit/ }).check();
  await types.getByRole('button', { name: 'Choose' }).click();
  await dialog.getByLabel('Logical address').fill('105');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/groups$/);

  // Revealed under its parent: Building A (level 2) is open, the new unit is on level 3 below it.
  const grid = page.getByRole('treegrid', { name: 'Groups' });
  await expect(grid.getByRole('row', { name: /Building A/ })).toHaveAttribute('aria-expanded', 'true');
  const unit = grid.getByRole('row', { name: /Unit 105/ });
  await expect(unit).toHaveAttribute('aria-level', '3');

  // The keyboard: focus the row, Tab to its menu, open it, choose Edit.
  await unit.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Actions for Unit 105' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit group' })).toBeVisible();
  await expect(page).toHaveURL(/\/groups\/\d+\/edit/);
  await expect(page.getByRole('dialog', { name: 'Edit group' }).getByLabel('Name')).toHaveValue('Unit 105');
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Edit group' }).getByLabel('Name')).toHaveValue('Unit 105');
  await page.getByRole('dialog', { name: 'Edit group' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/groups$/);

  // Arrow keys (the reload started a fresh tree): → opens, → again goes to the first child, ← closes.
  const top = grid.getByRole('row', { name: /Riverside Residence/ });
  await top.focus();
  await page.keyboard.press('ArrowRight');
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  // The children load after the row opens; → moves into them once they are there.
  const building = grid.getByRole('row', { name: /Building A/ });
  await expect(building).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(building).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(building).toHaveAttribute('aria-expanded', 'true');
  await expect(grid.getByRole('row', { name: /Unit 105/ })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(building).toHaveAttribute('aria-expanded', 'false');
  await expect(grid.getByRole('row', { name: /Unit 105/ })).toBeHidden();
});

test('an admin generates a building with floors and units: preview first, then create, then deletes it', async ({
  page,
}) => {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await page.goto('/groups');
  await rowAction(page, 'Riverside Residence', 'Generate groups');
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

  // And deletes it again, floors and units with it, after a confirmation.
  await rowAction(page, 'Tower 7', 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete group' });
  await expect(confirm).toContainText('Delete Tower 7? Its subgroups are deleted with it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tower 7 was deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Tower 7/ })).toBeHidden();
  await expect(page.getByRole('row', { name: /Riverside Residence/ })).toHaveAttribute('aria-expanded', 'true');
});

test('an admin imports a structure file with one bad row, sees its error and the new unit, and exports', async ({
  page,
}) => {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await page.goto('/groups');
  await page.getByRole('button', { name: 'Expand Riverside Residence' }).click();
  await rowAction(page, 'Building A', 'Import structure');

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
  await rowAction(page, 'Building A', 'Export structure');
  expect((await download).suggestedFilename()).toBe('structure.xlsx');
});
