import { expect, type Page, request, test } from '@playwright/test';
import { E2E } from './env';
import { adminInRiverside, logIn, sideMenu, users } from './support';

/**
 * Project settings take effect at once: the administrator renames the project and
 * turns the white label on; the top bar, the tab title and the footer wear it, for
 * the administrator and for a resident of the project. Whatever happens, the
 * settings go back as they were (the e2e server is shared by every spec).
 */
test.afterAll(async () => {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${E2E.port}/api/v0/` });
  const login = await api.post('login', { data: { login: users.admin.login, password: users.admin.password } });
  const sessions = (await login.json()).data as { token: string; project: { name: string } }[];
  const riverside = sessions.find((s) => s.project.name.startsWith('Riverside')) ?? sessions[0]!;
  const headers = { authorization: `Bearer ${riverside.token}` };
  await api.patch('project/whitelabel', { headers, data: { is_enabled: false } });
  await api.patch('project/general', { headers, data: { name: 'Riverside Residence' } });
  await api.dispose();
});

async function openSettings(page: Page, tab: string) {
  await sideMenu(page).getByRole('link', { name: 'Project settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: tab }).click();
}

test('a renamed project and its white label show at once, to the administrator and to its residents', async ({
  page,
}) => {
  await adminInRiverside(page);
  await expect(page.getByTestId('brand-name')).toHaveText('Gatehouse');

  // The project's name: the home page and the profile menu follow the save.
  await openSettings(page, 'General');
  const general = page.getByRole('region', { name: 'General' });
  await expect(general).toContainText('Riverside Residence');
  await general.getByRole('button', { name: 'Edit' }).click();
  const generalDialog = page.getByRole('dialog', { name: 'General' });
  await generalDialog.getByLabel(/Project name/).fill('Riverside Towers');
  await generalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(generalDialog).toBeHidden();
  await expect(general).toContainText('Riverside Towers');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Riverside Towers');
  await page.keyboard.press('Escape');

  // The white label: the top bar, the tab's title and the footer wear it.
  await openSettings(page, 'White label');
  const whitelabel = page.getByRole('region', { name: 'White label' });
  await whitelabel.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'White label' });
  await dialog.getByLabel('White label is on').check();
  await dialog.getByLabel('Name').fill('Towers Living');
  await dialog.getByLabel('Address').fill('1 River Road');
  await dialog.getByLabel('Phone').fill('+1 555 0100');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('brand-name')).toHaveText('Towers Living');
  await expect(page.getByTestId('brand-contacts')).toHaveText('Towers Living · 1 River Road · +1 555 0100');
  await expect(page).toHaveTitle(/Towers Living/);

  // A resident of the project sees it too.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await logIn(page, users.resident);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('brand-name')).toHaveText('Towers Living');
  await expect(sideMenu(page).getByRole('link', { name: 'Project settings' })).toHaveCount(0);
});
