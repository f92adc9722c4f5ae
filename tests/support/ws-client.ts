import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { API_BASE } from '../../src/contract/http';
import { REALTIME_PATH, type RealtimeCommand, type RealtimeMessage } from '../../src/contract/realtime';

/** Starts the app on a random loopback port (once) and answers its http origin. */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A realtime client as a console would be: messages queue up until a test takes them. */
export interface TestSocket {
  send(command: RealtimeCommand): void;
  /** The next message matching `match` (waits up to `ms`). */
  next(match?: (m: RealtimeMessage) => boolean, ms?: number): Promise<RealtimeMessage>;
  /** Subscribes and waits for the hub's answer (succeeded or refused). */
  subscribe(topic: string): Promise<RealtimeMessage>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

export async function connect(origin: string, token: string): Promise<TestSocket> {
  const url = `${origin.replace(/^http/, 'ws')}${API_BASE}${REALTIME_PATH}?access_token=${encodeURIComponent(token)}`;
  const socket = new WebSocket(url);
  const inbox: RealtimeMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    inbox.push(JSON.parse(String(raw)) as RealtimeMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });

  const next: TestSocket['next'] = async (match = () => true, ms = 5000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const at = inbox.findIndex(match);
      if (at >= 0) return inbox.splice(at, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching realtime message within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  const send = (command: RealtimeCommand) => socket.send(JSON.stringify(command));
  return {
    send,
    next,
    async subscribe(topic) {
      send({ command: 'subscribe', topic });
      return next((m) => m.topic === topic && m.data.type.startsWith('subscription.'));
    },
    closed,
    close: () => socket.close(),
  };
}
