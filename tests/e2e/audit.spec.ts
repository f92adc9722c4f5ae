import { expect, test } from '@playwright/test';
import { adminInRiverside, users } from './support';

/** The admin's token in Riverside Residence, for setting up and putting back through the API. */
async function riversideToken(request: import('@playwright/test').APIRequestContext) {
  const sessions = (await (await request.post('/api/v0/login', { data: users.admin })).json()).data as {
    project: { name: string };
    token: string;
  }[];
  const token = sessions.find((s) => s.project.name === 'Riverside Residence')?.token;
  if (!token) throw new Error('the admin has no session in Riverside Residence');
  return token;
}

test('a changed name is found in the audit trail with its before and after', async ({ page, request }) => {
  const token = await riversideToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const filters = encodeURIComponent(JSON.stringify([{ field: 'login', rule: 'equals', value: 'staff' }]));
  const found = await request.get(`/api/v0/users/items?filters=${filters}`, { headers: auth });
  const staff = ((await found.json()).data as { id: number; name: string }[])[0];
  if (!staff) throw new Error('no staff user');
  const renamed = `Sam Audited ${Date.now().toString(36)}`;

  try {
    await adminInRiverside(page);
    await page.goto(`/users/${staff.id}/edit`);
    const name = page.getByLabel('Display name', { exact: true });
    await expect(name).toHaveValue(staff.name);
    await name.fill(renamed);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/users(\?|$)/);

    await page.goto('/audit-events');
    const filtersGroup = page.getByRole('group', { name: 'Filters' });
    await filtersGroup.getByRole('button', { name: 'Object type' }).click();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await filtersGroup.getByRole('button', { name: 'Action' }).click();
    await page.getByRole('menuitem', { name: 'Changed', exact: true }).click();
    await expect(page).toHaveURL(/update/);
    const row = page.getByRole('table', { name: 'Audit events' }).getByRole('row').filter({ hasText: renamed });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Administrator');
    await expect(row).toContainText('name');
    await row.getByRole('button').first().click();

    const dialog = page.getByRole('dialog', { name: /Change #\d+/ });
    const diff = dialog.getByRole('table', { name: 'The change' });
    const field = diff.getByRole('row', { name: /^name/ });
    await expect(field.getByRole('cell')).toHaveText([staff.name, renamed]);
    await expect(dialog).toContainText('PATCH /users/{id}');
    await expect(dialog).toContainText('127.0.0.1');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    // Other specs share this server: the staff user gets their name back.
    await request.patch(`/api/v0/users/${staff.id}`, { headers: auth, data: { name: staff.name } });
  }
});
