import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { createMediaEndpoint, type WebRtcEndpoint } from '../../server/media/endpoint';
import { LOOPBACK_MEDIA, waitFor } from '../support/media';
import { mediaChromium } from './chromium';

/**
 * The media engine against a real browser: Debian's Chromium with a fake microphone and
 * camera on loopback ↔ werift endpoints in this process. Needs no Gatehouse server: the
 * test serves its own page (media-page/index.html) and drives its peers.
 */

interface BrowserAudio {
  connection: string;
  bytesReceived: number;
  packetsReceived: number;
  bytesSent: number;
  energy: number;
  codecIn?: string;
  codecOut?: string;
}

declare global {
  interface Window {
    makeOffer(name: string, options?: { video?: boolean }): Promise<string>;
    applyAnswer(name: string, sdp: string): Promise<void>;
    answerOffer(name: string, sdp: string): Promise<string>;
    audioStats(name: string): Promise<BrowserAudio>;
    sendDtmf(name: string, tones: string): void;
    hangUp(name: string): void;
  }
}

test.use({ launchOptions: mediaChromium('--autoplay-policy=no-user-gesture-required') });

let server: Server;
let pageUrl: string;
const endpoints: WebRtcEndpoint[] = [];
const endpoint = () => {
  const created = createMediaEndpoint(LOOPBACK_MEDIA);
  endpoints.push(created);
  return created;
};

test.beforeAll(async () => {
  const html = readFileSync(new URL('./media-page/index.html', import.meta.url));
  server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const stats = (page: Page, name: string) => page.evaluate((n) => window.audioStats(n), name);

/** Waits until the browser peer has received and sent audio, and returns its stats. */
async function flowing(page: Page, name: string): Promise<BrowserAudio> {
  await expect
    .poll(
      async () => {
        const s = await stats(page, name);
        return s.bytesReceived > 4000 && s.bytesSent > 4000 && s.energy > 0;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return stats(page, name);
}

test('the browser offers audio and video; the endpoint answers PCMU, rejects video, and audio flows both ways', async ({
  page,
}) => {
  await page.goto(pageUrl);
  const server = endpoint();
  const offer = await page.evaluate(() => window.makeOffer('concierge', { video: true }));
  expect(offer).toMatch(/^m=video /m);
  const answer = await server.answer(offer);
  expect(answer).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0 126$/m);
  expect(answer).toMatch(/^m=video 0 /m);
  await page.evaluate((sdp) => window.applyAnswer('concierge', sdp), answer);
  await server.whenConnected();
  server.playHoldTone();

  const browser = await flowing(page, 'concierge');
  expect(browser.connection).toBe('connected');
  expect(browser.codecIn).toBe('audio/PCMU');
  expect(browser.codecOut).toBe('audio/PCMU');
  // The fake microphone's beeps arrive as PCMU at the endpoint.
  await waitFor(() => server.stats().packetsIn > 25, 'packets from the browser');
  expect(server.stats().bytesIn).toBe(server.stats().packetsIn * 160);
});

test('the endpoint offers; the browser answers; audio flows both ways', async ({ page }) => {
  await page.goto(pageUrl);
  const server = endpoint();
  const answer = await page.evaluate((sdp) => window.answerOffer('caller', sdp), await server.offer());
  expect(answer).toMatch(/^a=rtpmap:0 PCMU\/8000/m);
  await server.accept(answer);
  await server.whenConnected();
  server.playHoldTone();
  const browser = await flowing(page, 'caller');
  expect(browser.codecIn).toBe('audio/PCMU');
  await waitFor(() => server.stats().packetsIn > 25, 'packets from the browser');
});

test('a bridge carries one browser’s audio to another, and DTMF to a werift peer', async ({ page }) => {
  await page.goto(pageUrl);
  // The caller: a browser peer (offering, so its telephone-event is 126) ↔ leg A.
  const legA = endpoint();
  const callerAnswer = await legA.answer(await page.evaluate(() => window.makeOffer('caller')));
  await page.evaluate((sdp) => window.applyAnswer('caller', sdp), callerAnswer);
  // The concierge: leg B offers to another browser peer.
  const legB = endpoint();
  await legB.accept(await page.evaluate((sdp) => window.answerOffer('concierge', sdp), await legB.offer()));
  await Promise.all([legA.whenConnected(), legB.whenConnected()]);

  legA.playHoldTone();
  legA.bridge(legB);
  const concierge = await flowing(page, 'concierge');
  const caller = await flowing(page, 'caller');
  // Nothing but the bridge feeds leg B: what the concierge hears is the caller's microphone.
  expect(legB.stats().packetsOut).toBeGreaterThan(0);
  expect(legB.stats().packetsOut).toBeLessThanOrEqual(legA.stats().packetsIn);
  expect(concierge.energy).toBeGreaterThan(0);
  expect(caller.energy).toBeGreaterThan(0);

  // DTMF from the browser caller (PT 126) reaches leg A and crosses a bridge to a werift peer (PT 101).
  const digitsAtA: string[] = [];
  legA.onDtmf((digit) => digitsAtA.push(digit));
  // A panel-side listener: leg C offers to a werift peer (telephone-event 101).
  const legC = endpoint();
  const panel = endpoint();
  await legC.accept(await panel.answer(await legC.offer()));
  await Promise.all([legC.whenConnected(), panel.whenConnected()]);
  legA.bridge(legC);
  expect(legB.bridgedTo).toBeNull();
  const digitsAtPanel: string[] = [];
  panel.onDtmf((digit) => digitsAtPanel.push(digit));
  await page.evaluate(() => window.sendDtmf('caller', '#'));
  await waitFor(() => digitsAtPanel.length > 0, 'the # at the panel');
  expect(digitsAtA).toEqual(['#']);
  expect(digitsAtPanel).toEqual(['#']);
});
