import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { logIn, users } from './support';

// The e2e server is shared by every spec: the notifications this spec caused are removed
// afterwards (the other specs count the bell from a clean slate).
const startedAt = new Date().toISOString();
test.afterAll(() => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { fileMustExist: true });
  try {
    db.prepare('delete from notifications where created_at >= ?').run(startedAt);
  } finally {
    db.close();
  }
});

/** A console of its own (a separate browser context: its own storage, tokens and socket). */
async function consoleOf(browser: Browser, user: { login: string; password: string }, project?: RegExp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  if (project) await page.getByRole('button', { name: project }).click();
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

/** The page was never reloaded: the same document carries on. */
const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);

test('a conversation between two users updates live in both consoles', async ({ browser }) => {
  const cora = await consoleOf(browser, users.concierge);
  const rita = await consoleOf(browser, users.resident);
  await rita.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Conversations' }).click();
  await expect(rita.getByText('Nothing here yet')).toBeVisible();

  // The concierge starts one with the resident (the recipients picker lists whom she may write to).
  await cora.goto('/conversations');
  await cora.getByRole('button', { name: 'New conversation' }).click();
  const dialog = cora.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Field is required').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Choose: To' }).click();
  const picker = cora.getByRole('dialog', { name: 'Choose the recipient' });
  await picker.getByText('Rita Resident').click();
  await picker.getByRole('button', { name: 'Choose', exact: true }).click();
  await dialog.getByLabel('Subject').fill('Parcel at the desk');
  await dialog.getByLabel('Message').fill('A parcel is waiting for you at the desk.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(cora).toHaveURL(/\/conversation\/\d+/);
  await expect(cora.getByRole('heading', { name: 'Parcel at the desk' })).toBeVisible();

  // The resident's inbox shows it, unread, without a reload.
  const row = rita.getByRole('row', { name: /Parcel at the desk/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('status', { name: '1 unread message' })).toBeVisible();
  expect(await navigations(rita)).toBe(1);

  await row.getByText('Parcel at the desk').click();
  await expect(rita).toHaveURL(/\/conversation\/\d+/);
  await expect(rita.getByText('A parcel is waiting for you at the desk.')).toBeVisible();

  // Each side sees the other's message arrive live.
  await cora.getByLabel('Write a message').fill('It is a big one, bring a trolley.');
  await cora.getByRole('button', { name: 'Send' }).click();
  await expect(rita.getByText('It is a big one, bring a trolley.')).toBeVisible();
  await rita.getByLabel('Write a message').fill('Thanks! Coming down at six.');
  await rita.getByLabel('Write a message').press('Control+Enter');
  await expect(cora.getByText('Thanks! Coming down at six.')).toBeVisible();
  await expect(rita.getByLabel('Write a message')).toHaveValue('');

  // Both threads hold the three messages once each, in order.
  for (const page of [cora, rita]) {
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(3);
    await expect(messages.last()).toContainText('Thanks! Coming down at six.');
    expect(await navigations(page)).toBe(1);
  }

  // Read while open: back in the inbox nothing is unread for the resident.
  await rita.getByRole('button', { name: 'All conversations' }).click();
  await expect(rita.getByRole('row', { name: /Parcel at the desk/ }).getByRole('status')).toHaveCount(0);
  await cora.context().close();
  await rita.context().close();
});

test('an administrator sends an announce; the resident sees the bell and the popup without reload', async ({
  browser,
}) => {
  const admin = await consoleOf(browser, users.admin, /Riverside Residence/);
  const rita = await consoleOf(browser, users.resident);
  const bell = rita.getByRole('button', { name: /^Notifications/ });
  // Earlier tests may have left notifications: count from what the bell shows now.
  await expect(bell).toBeVisible();
  await rita.waitForTimeout(1500);
  const unreadNow = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

  // A poll for the resident, validated as section 5 says, then started from the list.
  await admin.goto('/announces/add');
  await admin.getByRole('textbox', { name: /^Name/ }).fill('Hall paint');
  await admin.getByRole('textbox', { name: /^Subject/ }).fill('Which colour for the entrance hall?');
  await admin
    .getByRole('textbox', { name: 'Text' })
    .fill('The hall is repainted in April. Which colour do you prefer?');
  await admin.getByRole('combobox', { name: 'Type' }).selectOption('poll');
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Choose at least one recipient')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Answer 1' }).fill('Sand');
  await admin.getByRole('textbox', { name: 'Answer 2' }).fill('Sage green');
  await admin.getByLabel('Show my name and e-mail to the recipients').check();
  await admin.getByRole('button', { name: 'Choose: Users' }).click();
  const picker = admin.getByRole('dialog');
  await picker.getByText('Rita Resident').click();
  await picker.getByRole('button', { name: 'Choose', exact: true }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin).toHaveURL(/\/announces(\?|$)/);
  const row = admin.getByRole('row', { name: /Hall paint/ });
  await row.getByRole('button', { name: 'Start now' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Start now' }).click();
  await expect(row.getByText('Started')).toBeVisible();

  // The resident's console hears it: the bell counts it and the important popup shows it.
  await expect(bell).toHaveAccessibleName(`Notifications, ${unreadNow + 1} unread`, { timeout: 10_000 });
  const popups = rita.getByRole('region', { name: 'Important notifications' });
  await expect(popups.getByText('Administrator: Hall paint')).toBeVisible();
  expect(await navigations(rita)).toBe(1);

  // The popup opens the poll by its token; the resident answers it.
  const popup = popups.getByRole('article').filter({ hasText: 'Administrator: Hall paint' });
  await popup.getByRole('button', { name: 'New announcement' }).click();
  await expect(rita).toHaveURL(/\/announce\/[0-9a-f]{32}$/);
  await expect(rita.getByRole('heading', { name: 'Which colour for the entrance hall?' })).toBeVisible();
  await rita.getByRole('button', { name: 'Send the answer' }).click();
  await expect(rita.getByText('Needs answers or a custom response')).toBeVisible();
  await rita.getByRole('radio', { name: 'Sage green' }).check();
  await rita.getByRole('button', { name: 'Send the answer' }).click();
  await expect(rita.getByText('Your answer', { exact: true })).toBeVisible();
  await expect(rita.getByRole('button', { name: 'Change the answer' })).toBeVisible();

  await admin.goto('/announces/response');
  await expect(admin.getByRole('row', { name: /Rita Resident/ })).toContainText('Sage green');
  await admin.context().close();
  await rita.context().close();
});
