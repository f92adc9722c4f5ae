import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { E2E } from './env';
import { adminInRiverside, sideMenu } from './support';

const SERIAL = 'E2E-ALARM-PANEL';
const PASSWORD = 'e2e-alarm-mqtt-pass';

/** A panel of Building A with MQTT credentials, straight in the e2e server's database (as an installer would add it). */
function addDevice() {
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
      `insert into devices (project_id, name, type, serial_number, mqtt_password, domain_id, token, created_at, updated_at)
       values (?, 'E2E alarm panel', 'panel', ?, ?, ?, ?, ?, ?)`,
    ).run(project.id, SERIAL, PASSWORD, group.id, randomBytes(12).toString('hex'), now, now);
  } finally {
    db.close();
  }
}

test('an alarm raised by a device pops up; the operator processes it with a comment and the list shows it processed', async ({
  page,
}) => {
  addDevice();
  const device = new SimulatedDevice({
    url: `mqtt://127.0.0.1:${E2E.mqttPort}`,
    serial: SERIAL,
    password: PASSWORD,
    kind: 'panel',
    reconnectMs: 200,
  });
  try {
    await adminInRiverside(page);
    await device.start();
    device.raiseAlarm('smoke');

    // The important popup (with its sound) arrives live; it is reached and opened with the keyboard.
    const popups = page.getByRole('region', { name: 'Important notifications' });
    const popup = popups
      .getByRole('article')
      .filter({ hasText: 'Alarm on E2E alarm panel' })
      .getByRole('button', { name: 'Alarm', exact: true });
    await expect(popup).toBeVisible({ timeout: 10_000 });
    await popup.focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/devices\/alarms\/\d+\/edit/);
    await expect(page.getByText('Smoke alarm on E2E alarm panel')).toBeVisible();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Checked on site: burnt toast, ventilated');
    await page.getByRole('button', { name: 'Process' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The alarm is processed.' })).toBeVisible();

    await sideMenu(page).getByRole('link', { name: 'Device alarms' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E alarm panel' });
    await expect(row).toContainText('Processed');
    await expect(row).toContainText('Checked on site: burnt toast, ventilated');
  } finally {
    await device.stop();
  }
});
