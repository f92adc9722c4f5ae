import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { createMediaEndpoint } from '../../server/media/endpoint';
import { type DoorPanel, startDoorPanel } from '../../server/simulator/door-panel';
import { JSSIP_QUEUE } from '../support/jssip-page';
import { LOOPBACK_MEDIA } from '../support/media';
import { buildSipTestApp, eventually, NUMBERS, passwordOf, type SipTestApp } from '../support/sip';
import { mediaChromium } from './chromium';

/**
 * An awaiting call with real media: the door-panel simulator calls the concierge desk, the
 * server's call queue (werift) answers and holds it; a JsSIP concierge in Chromium joins with
 * the speech id and hears the panel, holds (BYE on its leg), rejoins, and the stop request ends
 * the call for both. Runs its own SIP server in this process.
 */
test.use({ launchOptions: mediaChromium('--ignore-certificate-errors') });

let t: SipTestApp;
let panel: DoorPanel;
test.beforeAll(async () => {
  t = await buildSipTestApp('sqlite', { media: () => createMediaEndpoint(LOOPBACK_MEDIA) });
  panel = await startDoorPanel({
    url: `wss://127.0.0.1:${t.port}`,
    number: NUMBERS.panel,
    password: passwordOf(NUMBERS.panel),
    realm: t.domain,
  });
});
test.afterAll(async () => {
  await panel.stop();
  await t.close();
});

async function jssipBundle(): Promise<string> {
  const require = createRequire(import.meta.url);
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  const out = await esbuild.build({
    entryPoints: [require.resolve('jssip/lib/JsSIP.js')],
    bundle: true,
    format: 'iife',
    globalName: 'JsSIP',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

test('a JsSIP concierge joins, holds, rejoins and the stop request ends a panel call held by the server', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`https://127.0.0.1:${t.port}/`);
  await page.addScriptTag({ content: await jssipBundle() });
  const run = (script: string, arg: unknown = {}) => page.evaluate(`(${script})(${JSON.stringify(arg)})`);
  await run(JSSIP_QUEUE.register, {
    wss: `wss://127.0.0.1:${t.port}`,
    domain: t.domain,
    me: { number: NUMBERS.concierge, password: passwordOf(NUMBERS.concierge) },
  });

  const call = await panel.call(NUMBERS.desk, { speechId: 'e2e-queue-1', signal: 'voice' });
  expect(await call.answered).toBe(200);
  const queue = t.app.ctx.sip.server!.queue;
  const status = () => queue.waitingFor([NUMBERS.concierge])[0]?.status;
  await eventually(() => status() === 'waiting');

  const join = { domain: t.domain, callee: NUMBERS.desk, speechId: 'e2e-queue-1' };
  const first = (await run(JSSIP_QUEUE.join, join)) as { outcome: string; bytes: number };
  expect(first.outcome).toBe('confirmed');
  expect(first.bytes).toBeGreaterThan(0);
  expect(queue.waitingFor([NUMBERS.concierge])[0]).toMatchObject({
    status: 'answered',
    answered_by: NUMBERS.concierge,
  });

  expect(await run(JSSIP_QUEUE.hold)).toBe('ended local');
  await eventually(() => status() === 'answered_waiting');

  const again = (await run(JSSIP_QUEUE.join, join)) as { outcome: string; bytes: number };
  expect(again.outcome).toBe('confirmed');
  await eventually(() => status() === 'answered');

  expect(queue.stop('e2e-queue-1')).toBe(true);
  expect(await run(JSSIP_QUEUE.ended)).toBe('ended remote');
  expect(await call.ended).toBe('remote-bye');
  const row = await eventually(() =>
    t.db.selectFrom('call_history').selectAll().where('speech_id', '=', 'e2e-queue-1').executeTakeFirst(),
  );
  expect(row).toMatchObject({ status: 'answered', type: 'awaiting', answered_by: NUMBERS.concierge });
});
