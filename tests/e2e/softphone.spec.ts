import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { type DoorOpenedEvent, type DoorPanel, startDoorPanel } from '../../server/simulator/door-panel';
import { mediaChromium } from './chromium';
import { E2E } from './env';
import { logIn, users } from './support';

/**
 * The browser softphone against the real server (`npm start`: embedded SIP over WSS with its
 * self-signed certificate, the werift call queue) in Chromium with fake media: direct calls with
 * audio both ways, DTMF # to a door panel, door opening, history, the awaiting call worked by two
 * concierges, and the approvals when a second call interrupts an active one.
 */
test.use({ launchOptions: mediaChromium('--ignore-certificate-errors') });

/** Demo numbers (server/db/seed/telephony.ts). */
const NUMBERS = { concierge: '100002', concierge2: '100003', resident: '100011', master: '100100', panel: '100200' };

/** The panel's SIP password, read from the e2e server's database (it is never printed). */
function passwordOf(number: string): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select password from sip_numbers where number = ?').get(number) as
      | { password: string }
      | undefined;
    if (!row) throw new Error(`no SIP number ${number}`);
    return row.password;
  } finally {
    db.close();
  }
}

/** Keeps every RTCPeerConnection the page makes, so the test can read its statistics. */
function recordPeerConnections(context: BrowserContext) {
  return context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Audio bytes sent and received by the page's open peer connections. */
function audioBytes(page: Page) {
  return page.evaluate(async () => {
    let sent = 0;
    let received = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((report) => {
        if (report.kind !== 'audio') return;
        if (report.type === 'outbound-rtp') sent += report.bytesSent ?? 0;
        if (report.type === 'inbound-rtp') received += report.bytesReceived ?? 0;
      });
    }
    return { sent, received };
  });
}

/** A user logged in with the dialer panel open and registered. */
async function softphone(browser: Browser, user: { login: string; password: string }) {
  const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
  await recordPeerConnections(context);
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user);
  await page.waitForURL('**/home');
  await page
    .getByRole('button', { name: /^Dialer/ })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: 'Web dialer' });
  await expect(panel.getByRole('status').filter({ hasText: 'Online' })).toBeVisible({ timeout: 20_000 });
  return { context, page, panel };
}

type Phone = Awaited<ReturnType<typeof softphone>>;

const card = (phone: Phone, name: RegExp | string) => phone.panel.getByRole('article', { name });

async function dial(phone: Phone, number: string) {
  await phone.panel.getByLabel('Number to call').fill(number);
  await phone.panel.getByRole('button', { name: 'Call', exact: true }).click();
}

let panel: DoorPanel;
const opened: DoorOpenedEvent[] = [];
test.beforeAll(async () => {
  panel = await startDoorPanel({
    url: `wss://127.0.0.1:${E2E.sipPort}`,
    number: NUMBERS.panel,
    password: passwordOf(NUMBERS.panel),
    realm: '127.0.0.1',
    answerAfterMs: 500,
  });
  panel.onDoorOpened((event) => opened.push(event));
});
test.afterAll(async () => {
  await panel?.stop();
});

test.describe.configure({ mode: 'serial' });

test('a resident calls a concierge: audio both ways, hang-up ends it on both sides and is in the recents', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const concierge = await softphone(browser, users.concierge);
  const resident = await softphone(browser, users.resident);

  await dial(resident, NUMBERS.concierge);
  const ringing = card(concierge, /100011/);
  await expect(ringing).toContainText('Incoming call');
  await expect(concierge.page.getByRole('button', { name: 'Dialer: incoming call' })).toBeVisible();
  await ringing.getByRole('button', { name: 'Answer' }).click();
  await expect(ringing).toContainText('In call');
  await expect(card(resident, /100002/)).toContainText('In call');

  for (const phone of [concierge, resident])
    await expect
      .poll(async () => Math.min(...Object.values(await audioBytes(phone.page))), { timeout: 15_000 })
      .toBeGreaterThan(0);

  await card(resident, /100002/)
    .getByRole('button', { name: 'Hang up' })
    .click();
  await expect(ringing).toContainText('Ended');
  await expect(card(resident, /100002/)).toContainText('Ended');

  await resident.panel.getByRole('tab', { name: 'Recents' }).click();
  const recents = resident.panel.getByRole('list', { name: 'Recents' });
  await expect(recents.getByRole('listitem').first()).toContainText('Outgoing · Answered');
  await expect(recents.getByRole('listitem').first()).toContainText(NUMBERS.concierge);
  await concierge.context.close();
  await resident.context.close();
});

test('DTMF # in a call opens a door panel, and the door panel opens from door management', async ({ browser }) => {
  test.setTimeout(60_000);
  const concierge = await softphone(browser, users.concierge);
  opened.length = 0;

  await dial(concierge, NUMBERS.panel);
  const call = card(concierge, /100200/);
  await expect(call).toContainText('In call', { timeout: 15_000 });
  await call.getByRole('button', { name: 'Open the door (#)' }).click();
  await expect.poll(() => opened.map((e) => e.via)).toContain('info');
  await call.getByRole('button', { name: 'Hang up' }).click();
  await expect(call).toContainText('Ended');

  await concierge.panel.getByLabel('Door device').selectOption({ label: `Entrance panel · ${NUMBERS.panel}` });
  await concierge.panel.getByRole('button', { name: 'Open the door' }).click();
  await expect(concierge.page.getByRole('status').filter({ hasText: 'The door was opened' })).toBeVisible();
  await expect.poll(() => opened.map((e) => e.via)).toContain('info-out-of-dialog');
  await concierge.context.close();
});

test('an awaiting call: both concierges see it, one joins, the other sees it taken; hold, rejoin, stop', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const first = await softphone(browser, users.concierge);
  const second = await softphone(browser, users.concierge2);

  const call = await panel.call(NUMBERS.master, { signal: 'voice' });
  expect(await call.answered).toBe(200);
  const mine = card(first, /100200/);
  const theirs = card(second, /100200/);
  await expect(mine).toContainText('Waiting');
  await expect(theirs).toContainText('Waiting');
  await expect(mine).toContainText('Queue call');

  await mine.getByRole('button', { name: 'Take the call' }).click();
  await expect(mine).toContainText('In call', { timeout: 15_000 });
  await expect(theirs).toContainText(`Answered by another user (${NUMBERS.concierge})`);
  await expect(theirs).toHaveAttribute('aria-disabled', 'true');
  await expect
    .poll(async () => Math.min(...Object.values(await audioBytes(first.page))), { timeout: 15_000 })
    .toBeGreaterThan(0);

  await mine.getByRole('button', { name: 'Hold' }).click();
  await expect(mine).toContainText('On hold');
  await expect(theirs).toHaveAttribute('aria-disabled', 'true');
  await mine.getByRole('button', { name: 'Resume' }).click();
  await expect(mine).toContainText('In call', { timeout: 15_000 });

  await mine.getByRole('button', { name: 'End the call' }).click();
  await expect(mine).toContainText('Ended');
  await expect(theirs).toContainText('Ended');
  await call.ended;
  await first.context.close();
  await second.context.close();
});

test('a second call while an awaiting call is active asks first; a call started from it offers to go back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const concierge = await softphone(browser, users.concierge);
  const resident = await softphone(browser, users.resident);
  const approval = concierge.page.getByRole('alertdialog');

  const queued = await panel.call(NUMBERS.master, { signal: 'voice' });
  expect(await queued.answered).toBe(200);
  const door = card(concierge, /100200/);
  await door.getByRole('button', { name: 'Take the call' }).click();
  await expect(door).toContainText('In call', { timeout: 15_000 });

  // A direct call arrives: answering it would hold the awaiting call, so the console asks; no keeps things as they are.
  await dial(resident, NUMBERS.concierge);
  const direct = card(concierge, /100011/);
  await direct.getByRole('button', { name: 'Answer' }).click();
  await expect(approval).toHaveAccessibleName('Hold the active call?');
  await approval.getByRole('button', { name: 'No' }).click();
  await expect(door).toContainText('In call');
  await expect(direct).toContainText('Incoming call');
  // Yes holds the awaiting call and answers.
  await direct.getByRole('button', { name: 'Answer' }).click();
  await approval.getByRole('button', { name: 'Yes' }).click();
  await expect(door).toContainText('On hold');
  await expect(direct).toContainText('In call', { timeout: 15_000 });
  // The resident's side is in the call too before it hangs up (on a busy machine the answer takes a moment).
  const residentSide = card(resident, /100002/);
  await expect(residentSide).toContainText('In call', { timeout: 15_000 });
  await residentSide.getByRole('button', { name: 'Hang up' }).click();
  await expect(direct).toContainText('Ended', { timeout: 15_000 });

  // Back in the awaiting call, the concierge calls the resident: hold first, then back to it when that call ends.
  await door.getByRole('button', { name: 'Resume' }).click();
  await expect(door).toContainText('In call', { timeout: 15_000 });
  await dial(concierge, NUMBERS.resident);
  await expect(approval).toHaveAccessibleName('Hold the active call?');
  await approval.getByRole('button', { name: 'Yes' }).click();
  await expect(door).toContainText('On hold');
  const incoming = card(resident, 'Cora Concierge 100002');
  await incoming.getByRole('button', { name: 'Answer' }).click();
  await expect(incoming).toContainText('In call', { timeout: 15_000 });
  await incoming.getByRole('button', { name: 'Hang up' }).click();
  await expect(approval).toHaveAccessibleName('Back to the previous call?');
  await approval.getByRole('button', { name: 'Yes' }).click();
  await expect(door).toContainText('In call', { timeout: 15_000 });

  await door.getByRole('button', { name: 'End the call' }).click();
  await expect(door).toContainText('Ended');
  await concierge.context.close();
  await resident.context.close();
});

test('an administrator takes a concierge’s number away and gives it back: the dialer follows without reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const phone = await softphone(browser, users.concierge2);
  const sessions = (await (await request.post('/api/v0/login', { data: users.admin })).json()).data as {
    token: string;
  }[];
  const filters = encodeURIComponent(JSON.stringify([{ field: 'number', rule: 'equals', value: NUMBERS.concierge2 }]));
  let found: { headers: Record<string, string>; id: number } | null = null;
  for (const { token } of sessions) {
    const headers = { Authorization: `Bearer ${token}` };
    const res = await request.get(`/api/v0/sip-numbers/items?filters=${filters}`, { headers });
    const [row] = res.ok() ? ((await res.json()).data as { id: number }[]) : [];
    if (row) found = { headers, id: row.id };
  }
  if (!found) throw new Error(`no project holds ${NUMBERS.concierge2}`);
  const setActive = async (is_active: boolean) => {
    const res = await request.patch(`/api/v0/sip-numbers/${found.id}`, { headers: found.headers, data: { is_active } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const dialerButton = phone.page.getByRole('button', { name: /^Dialer/ });

  await setActive(false);
  // The profile reloads over realtime: no number, no dialer.
  await expect(phone.panel).toBeHidden({ timeout: 15_000 });
  await expect(dialerButton).toHaveCount(0);

  await setActive(true);
  await expect(dialerButton).toHaveCount(1, { timeout: 15_000 });
  await dialerButton.click();
  await expect(phone.panel.getByRole('status').filter({ hasText: 'Online' })).toBeVisible({ timeout: 20_000 });
  await phone.context.close();
});
