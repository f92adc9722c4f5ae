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

/** Opens a picker field's dialog, searches, ticks the option and confirms. */
export async function pick(page: Page, field: string, dialog: string, option: string) {
  await page.getByRole('button', { name: `Choose: ${field}` }).click();
  const picker = page.getByRole('dialog', { name: dialog });
  await picker.getByRole('searchbox').fill(option);
  await picker
    .getByRole('checkbox', { name: new RegExp(option) })
    .or(picker.getByRole('radio', { name: new RegExp(option) }))
    .first()
    .check();
  await picker.getByRole('button', { name: 'Choose' }).click();
  await expect(picker).toBeHidden();
}
