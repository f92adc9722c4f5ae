import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { E2E } from './env';
import { adminInRiverside, logIn, pick, users } from './support';

/**
 * Amenities (issue 13), as people live them: an administrator creates an amenity with slots
 * drawn on the week grid; two residents in two browsers book tomorrow's 10:00 slot — the first
 * takes the last places while the second has the booking open, so the second gets the conflict,
 * sees the fresh day and books 11:00 instead, then cancels it; the first one's QR opens the
 * amenity's (simulated) door in its slot and not after it.
 */
const SERIAL = 'E2E-AMENITY-DOOR';
const PASSWORD = 'e2e-amenity-mqtt-pass';
const STAMP = Date.now().toString(36);
const AMENITY = `Studio ${STAMP}`;
const RULE = `Studio door ${STAMP}`;
const SECOND = { login: `e2e-neighbour-${STAMP}`, password: 'neighbour-pass-1' };
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The door: an access controller of Building A with MQTT credentials, as an installer would add it. */
function addDoor(): number {
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
    const row = db
      .prepare(
        `insert into devices (project_id, name, type, protocol, serial_number, mqtt_password, domain_id, token, created_at, updated_at)
         values (?, 'E2E studio door', 'accesscontroller', 'mqtt', ?, ?, ?, ?, ?, ?) returning id`,
      )
      .get(project.id, SERIAL, PASSWORD, group.id, randomBytes(12).toString('hex'), now, now) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

async function adminApi(request: APIRequestContext) {
  const sessions = (await (await request.post('/api/v0/login', { data: users.admin })).json()).data as {
    project: { name: string };
    token: string;
  }[];
  const riverside = sessions.find((s) => s.project.name === 'Riverside Residence');
  if (!riverside) throw new Error('the admin has no session in Riverside Residence');
  const headers = { authorization: `Bearer ${riverside.token}` };
  const items = async (path: string) =>
    ((await (await request.get(`/api/v0${path}`, { headers })).json()).data as { id: number; name: string }[]) ?? [];
  return { headers, items };
}

/** A second resident of Building A (Unit 102) with a password of their own. */
async function addNeighbour(request: APIRequestContext) {
  const { headers, items } = await adminApi(request);
  const role = (await items('/roles/items?size=50')).find((r) => r.name === 'resident');
  const unit = (await items('/domains/items?size=50')).find((g) => g.name === 'Unit 102');
  const created = await request.put('/api/v0/users', {
    headers,
    data: {
      login: SECOND.login,
      name: `Nina Neighbour ${STAMP}`,
      email: `${SECOND.login}@example.org`,
      role_id: role?.id,
      domains: [unit?.id],
      password: SECOND.password,
      send_registration_link: false,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}

/** Leaves the shared server's demo as it was: the bookings, the amenity, its rule, the door, the neighbour. */
async function cleanUp(request: APIRequestContext, doorId: number) {
  const { headers, items } = await adminApi(request);
  const amenity = (await items(`/amenities/items?size=100`)).find((a) => a.name === AMENITY);
  if (amenity) {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'amenity', rule: 'has', value: [amenity.id] }]));
    for (const r of await items(`/amenities/reservations/items?size=100&filters=${filters}`)) {
      await request.post(`/api/v0/amenities/reservations/${r.id}/cancel`, { headers });
    }
    await request.delete(`/api/v0/amenities/${amenity.id}`, { headers });
  }
  const rule = (await items('/access-rules/items?size=100')).find((r) => r.name === RULE);
  if (rule) await request.delete(`/api/v0/access-rules/${rule.id}`, { headers });
  await request.delete(`/api/v0/devices/${doorId}`, { headers });
  const users = encodeURIComponent(JSON.stringify([{ field: 'login', rule: 'equals', value: SECOND.login }]));
  for (const u of await items(`/users/items?filters=${users}`))
    await request.delete(`/api/v0/users/${u.id}`, { headers });
}

/** Opens the booking page, chooses the amenity and tomorrow. */
async function openDay(page: Page, date: string) {
  await page.goto('/amenities/reservations/add');
  await pick(page, 'Amenity', 'Choose an amenity', AMENITY);
  await page.getByLabel('Date').fill(date);
  return page.getByRole('list', { name: 'Time slots' });
}

async function residentPage(browser: Browser, user: { login: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return { context, page };
}

test('an amenity is created with slots, booked to its last places with a conflict, cancelled, and its QR opens the door only in its slot', async ({
  page,
  browser,
  request,
}) => {
  // Three browsers and a door; on a loaded machine the journey takes longer than the default 30 s.
  test.setTimeout(120_000);
  const doorId = addDoor();
  const door = new SimulatedDevice({
    url: `mqtt://127.0.0.1:${E2E.mqttPort}`,
    serial: SERIAL,
    password: PASSWORD,
    kind: 'accesscontroller',
    reconnectMs: 200,
  });
  await door.start();
  const { headers } = await adminApi(request);
  const rule = await request.put('/api/v0/access-rules', {
    headers,
    data: { name: RULE, devices: [{ id: doorId, lock_number: 1 }], is_shareable: false },
  });
  expect(rule.status(), await rule.text()).toBe(200);
  await addNeighbour(request);
  const tomorrow = new Date(Date.now() + 86_400_000);
  const date = tomorrow.toISOString().slice(0, 10);
  const day = DAYS[tomorrow.getUTCDay()] as (typeof DAYS)[number];

  try {
    // The administrator creates the amenity: two places, tomorrow 10:00–12:00 drawn on the week grid.
    await adminInRiverside(page);
    await page.goto('/amenities/add');
    await page.getByLabel('Name', { exact: true }).fill(AMENITY);
    await pick(page, 'Groups', 'Choose groups', 'Building A');
    await pick(page, 'Access rules', 'Choose access rules', RULE);
    await page.getByLabel('Places per slot').fill('2');
    const column = page.getByTestId(`grid-${day}`);
    await column.scrollIntoViewIfNeeded();
    const box = await column.boundingBox();
    if (!box) throw new Error('the week grid is not shown');
    await page.mouse.move(box.x + box.width / 2, box.y + 10 * 20 + 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 12 * 20, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByRole('button', { name: /10:00–12:00$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('row', { name: new RegExp(AMENITY) })).toBeVisible();

    // Two residents open tomorrow at the same time; the second is about to book 10:00.
    const first = await residentPage(browser, users.resident);
    const second = await residentPage(browser, SECOND);
    const firstSlots = await openDay(first.page, date);
    const secondSlots = await openDay(second.page, date);
    await secondSlots.getByRole('button', { name: '10:00–11:00, 2 places left' }).click();
    await second.page.getByRole('button', { name: 'Book' }).click();
    const secondConfirm = second.page.getByRole('alertdialog', { name: 'Book this?' });
    await expect(secondConfirm).toBeVisible();

    // Meanwhile Rita takes the last two places at 10:00.
    await firstSlots.getByRole('button', { name: '10:00–11:00, 2 places left' }).click();
    await first.page.getByLabel('Persons').fill('2');
    await first.page.getByRole('button', { name: 'Book' }).click();
    await first.page.getByRole('alertdialog', { name: 'Book this?' }).getByRole('button', { name: 'Book' }).click();
    await expect(first.page.getByRole('heading', { name: 'Reserved' })).toBeVisible();

    // The neighbour confirms: the places are gone. The fresh day says so; they choose 11:00.
    await secondConfirm.getByRole('button', { name: 'Book' }).click();
    await expect(second.page.getByText(/Someone has just taken places you chose/)).toBeVisible();
    await expect(secondSlots.getByRole('button', { name: '10:00–11:00, Full' })).toBeVisible();
    await secondSlots.getByRole('button', { name: '10:00–11:00, Full' }).click();
    await secondSlots.getByRole('button', { name: '11:00–12:00, 2 places left' }).click();
    await second.page.getByRole('button', { name: 'Book' }).click();
    await second.page.getByRole('alertdialog', { name: 'Book this?' }).getByRole('button', { name: 'Book' }).click();
    await second.page.getByRole('button', { name: 'Open the reservation' }).click();

    // …and cancel it after all.
    await second.page.getByRole('button', { name: 'Cancel reservation' }).click();
    await second.page
      .getByRole('alertdialog', { name: 'Cancel this reservation?' })
      .getByRole('button', { name: 'Cancel reservation' })
      .click();
    await expect(second.page.getByText('This reservation was cancelled.')).toBeVisible();

    // Rita's QR: on her reservation's page; the door holds it once synced.
    await first.page.getByRole('button', { name: 'Open the reservation' }).click();
    await expect(first.page.getByRole('img', { name: /QR code of the reservation/ })).toBeVisible();
    const id = Number(/reservations\/(\d+)\/edit/.exec(first.page.url())?.[1]);
    const reservation = (await (await request.get(`/api/v0/amenities/reservations/${id}`, { headers })).json())
      .data as { identifier: { value: string }; starts_at: string; ends_at: string };
    const qr = reservation.identifier.value;
    await expect.poll(() => door.lists.identifiers.has(`qr:${qr}`), { timeout: 15_000 }).toBe(true);
    const start = Date.parse(reservation.starts_at);
    const end = Date.parse(reservation.ends_at);
    expect(door.present(qr, 1, new Date(start - 60_000)).granted).toBe(false);
    expect(door.present(qr, 1, new Date(start + 30 * 60_000))).toEqual({ granted: true });
    expect(door.present(qr, 1, new Date(end + 1000))).toEqual({ granted: false, reason: 'expired' });

    await first.context.close();
    await second.context.close();
  } finally {
    await door.stop();
    await cleanUp(request, doorId);
  }
});
