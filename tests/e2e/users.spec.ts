import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminInRiverside, pick, users } from './support';

/** The user with this login as the server holds it in Riverside Residence (null when none). */
async function userByLogin(request: APIRequestContext, login: string) {
  const sessions = (await (await request.post('/api/v0/login', { data: users.admin })).json()).data as {
    project: { name: string };
    token: string;
  }[];
  const riverside = sessions.find((s) => s.project.name === 'Riverside Residence');
  if (!riverside) throw new Error('the admin has no session in Riverside Residence');
  const filters = encodeURIComponent(JSON.stringify([{ field: 'login', rule: 'equals', value: login }]));
  const res = await request.get(`/api/v0/users/items?filters=${filters}`, {
    headers: { authorization: `Bearer ${riverside.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const [user] = (await res.json()).data as { id: number; login: string; role: { id: number; name: string } }[];
  return user ?? null;
}

test('an admin creates a user with a role, a group and a marker, filters, edits, exports and deletes', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const login = `e2e-${stamp}`;
  const marker = `E2E ${stamp}`;
  await adminInRiverside(page);

  // A marker to give the user.
  await page.goto('/markers');
  await page.getByRole('button', { name: 'Add marker' }).click();
  const markerDialog = page.getByRole('dialog', { name: 'New marker' });
  await markerDialog.getByLabel('Name').fill(marker);
  await markerDialog.getByRole('button', { name: '#3a9d5d' }).click();
  await markerDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('row', { name: marker })).toBeVisible();

  // The user, in a unit, with a role and the marker.
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/users\/add/);
  await expect(page.getByRole('checkbox', { name: 'Send a registration link by e-mail' })).toBeChecked();
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Display name', { exact: true }).fill(`Nina ${stamp}`);
  await page.getByLabel('E-mail', { exact: true }).fill(`${login}@riverside.example`);
  await pick(page, 'Role', 'Choose roles', 'resident');
  // A name no other spec gives a group (generate-groups makes more units named "Unit 1xx/2xx").
  await pick(page, 'Groups', 'Choose groups', 'Building A');
  await pick(page, 'Markers', 'Choose markers', marker);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  const row = page.getByRole('row', { name: `Nina ${stamp}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(marker);
  await expect(row).toContainText('Building A');
  // The role picked is the role saved: in the list's role column and on the server.
  const roleColumn = await page
    .getByRole('table', { name: 'Users' })
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.findIndex((h) => h.textContent?.trim() === 'Role'));
  expect(roleColumn).toBeGreaterThan(0);
  await expect(row.getByRole('cell').nth(roleColumn)).toHaveText('resident');
  expect((await userByLogin(request, login))?.role.name).toBe('resident');

  // Filter by the marker; the filter is in the URL and survives a reload.
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  const markerPicker = page.getByRole('dialog', { name: 'Choose markers' });
  await markerPicker.getByRole('searchbox').fill(marker);
  await markerPicker.getByRole('checkbox', { name: new RegExp(marker) }).check();
  await markerPicker.getByRole('button', { name: 'Choose' }).click();
  await expect(page).toHaveURL(/filters=/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('button', { name: `Markers: ${marker}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();

  // Export the filtered list.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // Edit: a login that exists already is refused on its field.
  await row.getByRole('button', { name: `Nina ${stamp}` }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/edit/);
  const loginField = page.getByLabel('Login', { exact: true });
  await expect(loginField).toHaveValue(login);
  await expect(page.getByRole('group', { name: 'Role' })).toContainText('resident');
  await expect(page.getByRole('group', { name: 'Role' })).not.toContainText('concierge');
  await loginField.fill('staff');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(loginField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Value must be unique')).toBeVisible();
  await loginField.fill(login);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/users\?.*filters=/);

  // Bulk delete with confirmation.
  await page.getByRole('checkbox', { name: `Select Nina ${stamp}` }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm deletion' });
  await expect(confirm).toContainText('1 user will be deleted');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Nothing matches')).toBeVisible();
});
