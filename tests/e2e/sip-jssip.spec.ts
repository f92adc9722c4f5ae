import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { JSSIP_CALL_SCRIPT } from '../support/jssip-page';
import { buildSipTestApp, eventually, NUMBERS, passwordOf, type SipTestApp } from '../support/sip';
import { mediaChromium } from './chromium';

/**
 * Interoperability of the embedded SIP server with JsSIP (the softphone's SIP
 * stack) in Chromium: two browser user agents register over WSS with the
 * self-signed certificate, call each other with X-Speech-Id, exchange audio
 * (fake devices), send DTMF # by INFO and hang up; the call lands in history.
 * The SIP server runs in this test's own process (port 0), not in `npm start`.
 */
test.use({ launchOptions: mediaChromium('--ignore-certificate-errors') });

let t: SipTestApp;
test.beforeAll(async () => {
  t = await buildSipTestApp();
});
test.afterAll(async () => {
  await t.close();
});

/** JsSIP as one browser script (it ships CommonJS modules only), bundled by esbuild (which Vite's tooling brings). */
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

test('two JsSIP user agents register, call, talk, send DTMF and hang up through the embedded server', async ({
  page,
}) => {
  // Served from the SIP listener itself: a loopback origin may open loopback WebSockets.
  await page.goto(`https://127.0.0.1:${t.port}/`);
  await page.addScriptTag({ content: await jssipBundle() });
  const input = {
    wss: `wss://127.0.0.1:${t.port}`,
    domain: t.domain,
    a: { number: NUMBERS.resident, password: passwordOf(NUMBERS.resident), name: 'Rita' },
    b: { number: NUMBERS.concierge, password: passwordOf(NUMBERS.concierge), name: 'Cora' },
    speechId: 'jssip-e2e-1',
  };
  const result = (await page.evaluate(`(${JSSIP_CALL_SCRIPT})(${JSON.stringify(input)})`)) as {
    log: string[];
    headers: Record<string, string>;
    dtmf: string | null;
    bytesReceived: number;
  };
  expect(result.log).toEqual(['registered', 'caller confirmed', 'callee confirmed', 'caller ended local']);
  expect(result.headers).toEqual({
    'X-Speech-Id': 'jssip-e2e-1',
    'X-Speech-Type': 'normal',
    'X-Target-Callee': NUMBERS.concierge,
    'X-Sos-Call': '0',
  });
  expect(result.dtmf).toContain('Signal=#');
  expect(result.bytesReceived).toBeGreaterThan(0);
  const row = await eventually(() =>
    t.db.selectFrom('call_history').selectAll().where('speech_id', '=', 'jssip-e2e-1').executeTakeFirst(),
  );
  expect(row).toMatchObject({ status: 'answered', from_number: NUMBERS.resident, to_number: NUMBERS.concierge });
  // readFileSync keeps the certificate path honest: it is where the README says.
  expect(readFileSync(t.app.ctx.sip.certificate!.certPath, 'utf8')).toContain('BEGIN CERTIFICATE');
});
