import { expect, test } from '@playwright/test';
import { adminInRiverside } from './support';

/**
 * The schedule editor (issue 12): an administrator creates a schedule, watches its next
 * occurrences follow the fields as they change (the server computes them in the project's zone),
 * saves it and finds it in the list in words; then removes it, so other specs see the demo's.
 */
test('an admin creates a schedule, sees its next occurrences change as a field changes, and finds it in the list', async ({
  page,
}) => {
  await adminInRiverside(page);
  await page.goto('/schedules');
  await expect(page.getByRole('row', { name: /Working hours/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add schedule' }).click();
  await expect(page).toHaveURL(/\/schedules\/add/);
  // The editor is its own page, loaded on demand: the list (and its calendar's Name field) goes first.
  await expect(page.getByRole('heading', { name: 'New schedule', level: 1 })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('E2E gym hours');
  // 3 March 2031 is a Monday.
  await page.getByLabel('Starts on').fill('2031-03-03');
  await page.getByLabel('Repeats').selectOption('custom');
  await page.getByLabel('Pattern').selectOption('weekly');
  const weekdays = page.getByRole('group', { name: 'Weekdays' });
  await weekdays.getByRole('button', { name: 'Monday' }).click();
  await weekdays.getByRole('button', { name: 'Wednesday' }).click();
  await page.getByLabel('To', { exact: true }).fill('20:00');

  const preview = page.getByRole('list', { name: 'Next occurrences' });
  await expect(preview.getByRole('listitem')).toHaveCount(6);
  await expect(preview.getByRole('listitem').first()).toContainText(/Mon, Mar 3, 2031\s*9:00\sAM – 8:00\sPM/);
  await expect(preview.getByRole('listitem').nth(1)).toContainText('Wed, Mar 5, 2031');

  // A later start: the first occurrence moves to that Wednesday.
  await page.getByLabel('Starts on').fill('2031-03-05');
  await expect(preview.getByRole('listitem').first()).toContainText('Wed, Mar 5, 2031');
  await expect(preview.getByRole('listitem').nth(1)).toContainText('Mon, Mar 10, 2031');

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/schedules(\?|$)/);
  const row = page.getByRole('row', { name: /E2E gym hours/ });
  await expect(row).toContainText('Every Mon and Wed, 09:00–20:00');
  await expect(row).toContainText('Not used');

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /E2E gym hours/ })).toBeHidden();
});
