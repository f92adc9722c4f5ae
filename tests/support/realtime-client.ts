import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { API_BASE } from '../../src/contract/http';
import { REALTIME_CONTROL, REALTIME_PATH, type RealtimeMessage } from '../../src/contract/realtime';
import type { TestApp } from './api-app';

/** A listening test app's websocket URL for a token. */
export async function realtimeUrl(t: TestApp, token: string): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${API_BASE}${REALTIME_PATH}?access_token=${encodeURIComponent(token)}`;
}

/**
 * A websocket client of the realtime hub: subscribes to a topic and collects
 * what arrives, so a test can wait for the message a predicate picks.
 */
export async function listen(t: TestApp, token: string, topic: string) {
  const socket = new WebSocket(await realtimeUrl(t, token));
  const messages: RealtimeMessage[] = [];
  const waiters: { pick: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as RealtimeMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.pick(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const wait = (pick: (m: RealtimeMessage) => boolean, timeoutMs = 3000) => {
    const found = messages.find(pick);
    if (found) return Promise.resolve(found);
    return new Promise<RealtimeMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such message; got ${JSON.stringify(messages)}`)), timeoutMs);
      waiters.push({
        pick,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // The server reads commands only once the token is checked: ping until it answers, then subscribe.
  const ping = setInterval(() => socket.send(JSON.stringify({ command: 'ping' })), 50);
  await wait((m) => m.data.type === REALTIME_CONTROL.pong);
  clearInterval(ping);
  socket.send(JSON.stringify({ command: 'subscribe', topic }));
  await wait((m) => m.data.type === REALTIME_CONTROL.subscribed);
  return { messages, wait, close: () => socket.close() };
}
