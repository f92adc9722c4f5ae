/**
 * Realtime fan-out: N websocket clients on loopback subscribed to one topic,
 * one publish, time until the last client has the message. Server and clients
 * share this process (and its one event loop), so the figures include the
 * clients' own reading: a pessimistic measure of the hub.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { APP_CHANGES_TOPIC } from '../src/contract/realtime';
import { buildTestApp } from '../tests/support/api-app';
import { listening } from '../tests/support/ws-client';
import { ms, percentiles } from './stats';

const SIZES = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const t = await buildTestApp('sqlite');
const origin = (await listening(t.app)).replace(/^http/, 'ws');
const token = (await t.session('resident')).token;

async function openClients(n: number, onMessage: () => void): Promise<WebSocket[]> {
  const clients: WebSocket[] = [];
  const BATCH = 200;
  for (let from = 0; from < n; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - from) }, () => {
      const socket = new WebSocket(`${origin}/api/v0/ws?access_token=${token}`);
      return new Promise<WebSocket>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('open', () => socket.send(JSON.stringify({ command: 'subscribe', topic: APP_CHANGES_TOPIC })));
        socket.on('message', (raw) => {
          const data = JSON.parse(String(raw)).data;
          if (data.type === 'subscription.succeeded') resolve(socket);
          else if (data.type === 'bench') onMessage();
        });
      });
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

for (const n of SIZES) {
  let received = 0;
  let done: () => void = () => {};
  const clients = await openClients(n, () => {
    received++;
    if (received === n) done();
  });
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    received = 0;
    const all = new Promise<void>((resolve) => (done = resolve));
    const started = performance.now();
    t.app.realtime.publish(APP_CHANGES_TOPIC, { type: 'bench', round }, { projectId: null });
    await all;
    samples.push(performance.now() - started);
  }
  const p = percentiles(samples);
  console.log(
    `N=${String(n).padStart(5)} clients, ${ROUNDS} publishes: publish → last delivery  p50 ${ms(p.p50)}  p99 ${ms(p.p99)}  max ${ms(p.max)}`,
  );
  for (const c of clients) c.terminate();
  await new Promise((r) => setTimeout(r, 500));
}
await t.close();
