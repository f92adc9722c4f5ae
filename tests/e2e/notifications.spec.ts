import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  NOTIFICATION_TYPES,
  type NotificationType,
  resolvePopupAction,
} from '../../src/contract/entities/notification';
import { logIn, users } from './support';

/**
 * Stores a notification for a user of the demo project straight in the e2e
 * server's database, as notify() would (areas that produce them arrive with
 * their own issues; the live push is covered by the API and communications tests).
 */
function storeNotification(login: string, type: NotificationType, data: Record<string, unknown>) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { fileMustExist: true });
  try {
    const user = db.prepare('select id from users where login = ?').get(login) as { id: number };
    const project = db.prepare("select id from projects where name = 'Riverside Residence'").get() as { id: number };
    const spec = NOTIFICATION_TYPES[type];
    const action = resolvePopupAction(spec.popup_action, data);
    const now = new Date().toISOString();
    db.prepare(
      `insert into notifications (project_id, user_id, type, data, significance, icon, colour, sound, popup_action, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      project.id,
      user.id,
      type,
      JSON.stringify(data),
      spec.significance,
      spec.icon,
      spec.colour,
      spec.sound,
      action ? JSON.stringify(action) : null,
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/** Clears what other scenarios left the user (a reservation's QR at a door tells its holder): this one counts from none. */
function clearNotificationsOf(login: string) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { fileMustExist: true });
  try {
    db.prepare('delete from notifications where user_id = (select id from users where login = ?)').run(login);
  } finally {
    db.close();
  }
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a resident sees the bell and popup, reads by opening the bell, and saves notification settings', async ({
  page,
}) => {
  clearNotificationsOf('resident');
  storeNotification('resident', 'conversation_message_received', { conversation_id: 5, author: 'Concierge' });
  storeNotification('resident', 'announce_received', { token: 'e2e', author: 'Alex Admin', name: 'Lift maintenance' });

  await logIn(page, users.resident);
  await expect(page).toHaveURL(/\/home$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  const popups = page.getByRole('region', { name: 'Important notifications' });
  await expect(popups.getByText('Alex Admin: Lift maintenance')).toBeVisible();
  const popupBox = await popups.locator('article').first().boundingBox();
  expect(popupBox?.width).toBeGreaterThanOrEqual(300);
  expect(popupBox?.width).toBeLessThanOrEqual(450);

  // Opening the bell shows both; after a second they count as read.
  await bell(page).click();
  await expect(
    page.getByRole('region', { name: 'Important', exact: true }).getByText('New announcement'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest' }).getByText('Concierge wrote to you')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications', { timeout: 5000 });
  await expect(popups).toBeHidden();

  // The desktop question is asked once: "Not now" is remembered across a reload.
  const notNow = page.getByRole('button', { name: 'Not now' });
  if (await notNow.isVisible()) {
    await notNow.click();
    await expect(notNow).toBeHidden();
  }

  // Settings, from the bell.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/notifications\/settings$/);
  const acs = page.getByLabel(/Access-control events/);
  await expect(acs).toBeChecked();
  await acs.uncheck();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Access-control events/)).not.toBeChecked();
  await expect(page.getByLabel('Tell me when a device goes offline')).toBeChecked();

  // The page: tabs by ?type=, both notifications read now.
  await page.goto('/notifications?type=important');
  const tabs = page.getByRole('navigation', { name: 'Notification types' });
  await expect(tabs.getByRole('link', { name: 'Important' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'New announcement' })).toHaveAttribute('href', '/announce/e2e');
  await tabs.getByRole('link', { name: 'ACS' }).click();
  await expect(page).toHaveURL(/\?type=acs$/);
  await expect(page.getByText('No notifications here')).toBeVisible();
  await tabs.getByRole('link', { name: 'All' }).click();
  await expect(page.getByText('2 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  await bell(page).click();
  await expect(page.getByRole('button', { name: 'Not now' })).toBeHidden();
});
