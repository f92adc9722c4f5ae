import { createMediaEndpoint, type WebRtcEndpoint } from '../../server/media/endpoint';
import type { MediaOptions } from '../../server/media/types';

/** Loopback only, no STUN: what tests and the embedded server use on one machine. */
export const LOOPBACK_MEDIA: MediaOptions = { host: '127.0.0.1', stunServers: [], portRange: null };

/** Polls until the condition holds; fails with the message after the timeout. */
export async function waitFor(condition: () => boolean, message: string, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Two endpoints in this process, negotiated (the first offers) and connected. */
export async function connectedPair(options: MediaOptions = LOOPBACK_MEDIA): Promise<[WebRtcEndpoint, WebRtcEndpoint]> {
  const offerer = createMediaEndpoint(options);
  const answerer = createMediaEndpoint(options);
  const answer = await answerer.answer(await offerer.offer());
  await offerer.accept(answer);
  await Promise.all([offerer.whenConnected(), answerer.whenConnected()]);
  return [offerer, answerer];
}

/** Counts of the libuv handles a leak would show: UDP sockets and timers. */
export function handleCounts(): { udp: number; timers: number } {
  const resources = process.getActiveResourcesInfo();
  return {
    udp: resources.filter((r) => r === 'UDPWrap').length,
    timers: resources.filter((r) => r === 'Timeout').length,
  };
}
