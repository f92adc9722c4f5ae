import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { E2E } from './env';
import { adminInRiverside, pick } from './support';

const SERIAL = 'E2E-ACS-DOOR';
const PASSWORD = 'e2e-acs-mqtt-pass';
const DOOR = 'E2E courtyard door';
const CARD = '4004004001';

/** An access controller of Building A with MQTT credentials, straight in the e2e server's database (as an installer would add it). */
function addDoor() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { fileMustExist: true });
  try {
    const project = db.prepare("select id from projects where name = 'Riverside Residence'").get() as { id: number };
    const group = db.prepare("select id from domains where project_id = ? and name = 'Building A'").get(project.id) as {
      id: number;
    };
    const now = new Date().toISOString();
    db.prepare('delete from devices where serial_number = ?').run(SERIAL);
    db.prepare(
      `insert into devices (project_id, name, type, protocol, serial_number, mqtt_password, domain_id, token, created_at, updated_at)
       values (?, ?, 'accesscontroller', 'mqtt', ?, ?, ?, ?, ?, ?)`,
    ).run(project.id, DOOR, SERIAL, PASSWORD, group.id, randomBytes(12).toString('hex'), now, now);
  } finally {
    db.close();
  }
}

/**
 * Takes away what the journey made, so the specs that share the server see the demo as it was:
 * the door (its events go with it), the rule, the card and the notifications it raised (the
 * resident's bell is counted by the notifications journey).
 */
function cleanUp() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return;
  const db = new Database(join(dir, 'gatehouse.sqlite'), { fileMustExist: true });
  try {
    // Cascades as the server's own connection does (the rule's doors, the door's events and tasks).
    db.pragma('foreign_keys = ON');
    db.prepare('delete from devices where serial_number = ?').run(SERIAL);
    db.prepare("delete from access_rules where name = 'E2E courtyard residents'").run();
    db.prepare("delete from identifiers where type = 'card' and value = ?").run(CARD);
    db.prepare("delete from notifications where type in ('identifier_used', 'revoked_identifier_used')").run();
  } finally {
    db.close();
  }
}

/**
 * Access events (issue 12): through the pages the administrator makes a rule with a simulated door
 * and gives Rita a card; the door grants it and the grant appears in /access-control/events live;
 * the card is revoked, presented again, refused as revoked, and the important notification pops up.
 */
test('a card granted at a simulated door shows live in access events; revoked, it is refused and notified', async ({
  page,
}) => {
  test.setTimeout(90_000);
  addDoor();
  const door = new SimulatedDevice({
    url: `mqtt://127.0.0.1:${E2E.mqttPort}`,
    serial: SERIAL,
    password: PASSWORD,
    kind: 'accesscontroller',
    reconnectMs: 200,
  });
  try {
    await door.start();
    await adminInRiverside(page);

    // A rule: the door's first lock, for Rita.
    await page.goto('/access-rules/add');
    await page.getByLabel('Name', { exact: true }).fill('E2E courtyard residents');
    await pick(page, 'Doors', 'Choose devices to permit', DOOR);
    await pick(page, 'Users', 'Choose users', 'Rita Resident');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/access-rules(\?|$)/);

    // Her card.
    await page.goto('/identifiers/add');
    await page.getByLabel('Name', { exact: true }).fill('E2E Rita courtyard card');
    await page.getByLabel('Value', { exact: true }).fill(CARD);
    await pick(page, 'Owner', 'Choose users', 'Rita Resident');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/identifiers(\?|$)/);

    // The door hears of the card (its identifiers list is synced to it).
    await expect.poll(() => door.lists.identifiers.has(`card:${CARD}`), { timeout: 20_000 }).toBe(true);

    await page.goto('/access-control/events');
    await expect(page.getByRole('heading', { name: 'Access events', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Access events' });
    expect(door.present(CARD, 1)).toEqual({ granted: true });
    const granted = table.getByRole('row', { name: `${DOOR} · lock 1, Rita Resident, Opened` });
    await expect(granted).toBeVisible({ timeout: 10_000 });
    await expect(granted).toContainText('Granted');
    await expect(granted).toContainText(CARD);

    // Revoked through the identifiers page (with its confirmation).
    await page.goto('/identifiers');
    await page.getByRole('button', { name: 'Revoke E2E Rita courtyard card' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('row', { name: /E2E Rita courtyard card/ })).toContainText(/revoked/i);
    await expect
      .poll(() => door.lists.identifiers.get(`card:${CARD}`)?.revoked === true, { timeout: 20_000 })
      .toBe(true);

    await page.goto('/access-control/events');
    await expect(table).toBeVisible();
    expect(door.present(CARD, 1)).toEqual({ granted: false, reason: 'revoked' });
    const refused = table.getByRole('row', { name: `${DOOR} · lock 1, Rita Resident, Revoked identifier` });
    await expect(refused).toBeVisible({ timeout: 10_000 });
    await expect(refused).toContainText('Denied');

    // The revoked card at a door is an important notification for whoever watches the door.
    const popups = page.getByRole('region', { name: 'Important notifications' });
    await expect(popups.getByRole('article').filter({ hasText: 'Revoked identifier used' }).first()).toBeVisible({
      timeout: 10_000,
    });
    await expect(popups).toContainText(DOOR);
  } finally {
    await door.stop();
    cleanUp();
  }
});
