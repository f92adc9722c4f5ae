import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

export const users = {
  admin: { login: 'admin', password: E2E.adminPassword },
  staff: { login: 'staff', password: E2E.demoPassword },
  concierge: { login: 'concierge', password: E2E.demoPassword },
  /** The second concierge of the demo residence (issue 5: awaiting calls go to every concierge). */
  concierge2: { login: 'concierge2', password: E2E.demoPassword },
  resident: { login: 'resident', password: E2E.demoPassword },
} as const;

/** Fills the login form like a person and submits it. */
export async function logIn(page: Page, user: { login: string; password: string }, opts: { remember?: boolean } = {}) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Login', { exact: true }).fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  const remember = page.getByLabel('Remember me');
  if (opts.remember) await remember.check();
  else await remember.uncheck();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The side menu landmark. */
export const sideMenu = (page: Page) => page.getByRole('navigation', { name: /Main menu|Главное меню/ });

/** Paths of the side menu's entries, in order. */
export async function menuPaths(page: Page): Promise<string[]> {
  await expect(sideMenu(page)).toBeVisible();
  return sideMenu(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** Logs the administrator into the demo project (Riverside Residence). */
export async function adminInRiverside(page: Page) {
  await logIn(page, users.admin);
  await page.getByRole('button', { name: /Riverside Residence/ }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * Opens a picker field's dialog, searches, waits until the list shows only
 * options matching the search (the search is debounced and loaded: before
 * that the list still holds every option, and an option whose description
 * mentions the text would match too), ticks the option named exactly
 * `option` and confirms.
 */
export async function pick(page: Page, field: string, dialog: string, option: string) {
  await page.getByRole('button', { name: `Choose: ${field}` }).click();
  const picker = page.getByRole('dialog', { name: dialog });
  await picker.getByRole('searchbox').fill(option);
  const options = picker.getByRole('list', { name: dialog }).getByRole('listitem');
  const wanted = options.filter({ has: page.getByText(option, { exact: true }) });
  await expect
    .poll(async () => {
      const texts = (await options.allTextContents()).map((text) => text.toLowerCase());
      const filtered = texts.length > 0 && texts.every((text) => text.includes(option.toLowerCase()));
      return filtered && (await wanted.count()) === 1;
    }, `the ${dialog} list shows only options matching "${option}"`)
    .toBe(true);
  const choice = wanted.getByRole('checkbox').or(wanted.getByRole('radio'));
  await choice.check();
  await expect(choice).toBeChecked();
  await picker.getByRole('button', { name: 'Choose' }).click();
  await expect(picker).toBeHidden();
}
