import { expect, test } from '@playwright/test';
import { adminInRiverside, pick } from './support';

/**
 * Guest access (issue 12): the administrator grants a guest key on the residents' doors and gets
 * its link; a guest with no account opens the link in another browser (a phone's width), sees the
 * doors and opens the main door; the simulated Main door controller (the e2e server runs the demo's
 * devices) opens its relay and reports it, and the administrator sees that event, a guest's, with
 * the key, and the key's pass counted on /guest-access.
 */
test('an administrator grants a guest key; a guest without an account opens a door with it', async ({
  page,
  browser,
}) => {
  await adminInRiverside(page);
  await page.goto('/guest-access');
  await page.getByRole('button', { name: 'Grant a guest key' }).click();
  await expect(page.getByRole('heading', { name: 'Grant a guest key' })).toBeVisible();
  const guestName = `E2E visitor ${Date.now()}`;
  await page.getByLabel('Guest', { exact: true }).fill(guestName);
  await page.getByLabel('Message for the guest').fill('Welcome! Take the lift to the second floor.');
  await pick(page, 'Doors (access rules)', 'Choose access rules to share', 'Residents — Building A');
  await page.getByLabel('Limit the passes').check();
  await page.getByLabel('Passes', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Grant the key' }).click();

  const dialog = page.getByRole('dialog', { name: 'Guest access link' });
  await expect(dialog.getByRole('img', { name: 'QR code of the guest access link' })).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/guest-access\/[A-Za-z0-9_-]{22}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/guest-access(\?|$)/);
  const row = page.getByRole('row', { name: new RegExp(guestName) });
  await expect(row).toContainText('0 of 3 used');

  // The guest: another browser, no login, a phone's width.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const guest = await phone.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: `Key for ${guestName}` })).toBeVisible();
  await expect(guest.getByText('Welcome! Take the lift to the second floor.')).toBeVisible();
  await expect(guest.getByText('3 passes left')).toBeVisible();
  const mainDoor = guest.getByRole('button', { name: 'Open Main door controller' });
  await expect(mainDoor).toBeVisible();
  await expect(mainDoor).not.toContainText('offline');
  await mainDoor.click();
  await expect(guest.getByRole('status')).toHaveText(/Main door controller is open\. Go ahead\./);
  await expect(guest.getByText('2 passes left')).toBeVisible();
  await phone.close();

  // The door opened its relay and said so: a guest's opening, with the key's value.
  await page.goto('/devices/events');
  const opened = page
    .getByRole('row')
    .filter({ hasText: 'Main door controller' })
    .filter({ hasText: 'Door opened' })
    .filter({ hasText: 'Reason: guest' });
  await expect(opened.first()).toBeVisible();
  await expect(opened.first()).toContainText('Identifier: GK-');
  // The key's list shows the pass counted (live).
  await page.goto('/guest-access');
  await expect(page.getByRole('row', { name: new RegExp(guestName) })).toContainText('1 of 3 used');
});
