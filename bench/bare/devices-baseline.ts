/**
 * The bare baseline of bench/devices.bench.ts: aedes with no authentication, no rights and no
 * link, and plain MQTT.js clients, in the same shapes: clients subscribed to their req and ack
 * topics publishing a retained status every heartbeat; clients publishing event batches that a
 * server-side subscription parses, stores by id and acks. Same argv and output as the
 * Gatehouse side (bench/support/devices-gatehouse.ts).
 */
import { type AddressInfo, createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { defaultDeviceSettings } from '../../src/contract/entities/device';
import {
  benchEvent,
  CONNECT_WAVE,
  loopDelayDuring,
  report,
  rssMb,
  sleep,
  spawnDevices,
} from '../support/devices-measure';

const [scenario, a, b, c] = process.argv.slice(2);
const aedes = await Aedes.createBroker();
const server = createServer(aedes.handle);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
let url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
const serialOf = (n: number) => `SIM${String(n).padStart(6, '0')}`;
const publish = (topic: string, payload: string) =>
  aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, () => {});

/** Like the simulator: a connection the network drops at connect is tried again a second later. */
async function connectRetrying(serial: string): Promise<MqttClient> {
  for (;;) {
    try {
      return await mqtt.connectAsync(url, { clientId: serial, clean: true, keepalive: 60, reconnectPeriod: 0 });
    } catch {
      await sleep(1000);
    }
  }
}

async function connectAll(
  n: number,
  onMessage?: (client: MqttClient, serial: string, topic: string, payload: Buffer) => void,
  onSubscribed?: (client: MqttClient, k: number) => void,
) {
  const clients: MqttClient[] = [];
  for (let from = 0; from < n; from += CONNECT_WAVE) {
    const wave = Array.from({ length: Math.min(CONNECT_WAVE, n - from) }, async (_, k) => {
      const serial = serialOf(from + k);
      const client = await connectRetrying(serial);
      if (onMessage) client.on('message', (topic, payload) => onMessage(client, serial, topic, payload));
      await client.subscribeAsync([`gh/v0/${serial}/req`, `gh/v0/${serial}/ack`], { qos: 1 });
      onSubscribed?.(client, from + k);
      return client;
    });
    clients.push(...(await Promise.all(wave)));
  }
  return clients;
}

if (scenario === 'hold') {
  const [n, holdS, heartbeatS] = [Number(a), Number(b), Number(c)];
  const online = new Map<string, boolean>();
  let onlineCount = 0;
  let statuses = 0;
  aedes.subscribe(
    'gh/v0/+/status',
    (packet, done) => {
      const serial = packet.topic.split('/')[2] as string;
      const now = JSON.parse(String(packet.payload)).online === true;
      onlineCount += (now ? 1 : 0) - (online.get(serial) ? 1 : 0);
      online.set(serial, now);
      statuses++;
      done();
    },
    () => {},
  );
  const started = performance.now();
  const devices = spawnDevices(['clients', url, n, heartbeatS]); // own process, as on the Gatehouse side
  while (onlineCount < n) await sleep(50);
  const connectMs = performance.now() - started;
  statuses = 0;
  const loopP99 = await loopDelayDuring(() => sleep(holdS * 1000));
  report({
    devices: n,
    connect_ms: Math.round(connectMs),
    online_after_hold: onlineCount,
    statuses_per_s: Math.round(statuses / holdS),
    loop_p99_ms: Number(loopP99.toFixed(1)),
    rss_mb: rssMb(),
  });
  devices.kill();
} else if (scenario === 'converge') {
  // One settings change to n devices: a request each, published at once, until every one answered.
  const n = Number(a);
  const online = new Set<string>();
  aedes.subscribe(
    'gh/v0/+/status',
    (packet, done) => {
      if (JSON.parse(String(packet.payload)).online === true) online.add(packet.topic.split('/')[2] as string);
      done();
    },
    () => {},
  );
  let answered = 0;
  aedes.subscribe(
    'gh/v0/+/res',
    (_packet, done) => {
      answered++;
      done();
    },
    () => {},
  );
  const devices = spawnDevices(['clients', url, n, 30]);
  while (online.size < n) await sleep(50);
  await sleep(1000);
  const settings = JSON.stringify(defaultDeviceSettings());
  const started = performance.now();
  for (let k = 0; k < n; k++) {
    const serial = serialOf(k);
    publish(
      `gh/v0/${serial}/req`,
      `{"id":"${serial}-1","kind":"settings.apply","at":"${new Date().toISOString()}","body":{"version":2,"settings":${settings}}}`,
    );
  }
  while (answered < n) await sleep(20);
  const ms = performance.now() - started;
  report({ devices: n, converged: answered, converge_ms: Math.round(ms) });
  devices.kill();
} else if (scenario === 'clients') {
  const [n, heartbeatS] = [Number(b), Number(c)];
  url = String(a);
  const status = (client: MqttClient, k: number) =>
    client.publish(`gh/v0/${serialOf(k)}/status`, JSON.stringify({ online: true, at: new Date().toISOString() }), {
      qos: 1,
      retain: true,
    });
  // Each client answers a request at once (the shape of the convergence figure), and says it is
  // online as soon as it is subscribed, as a simulated device does: while the fleet connects, each
  // new subscription meets the retained statuses of those already there.
  const clients = await connectAll(
    n,
    (client, serial, topic, payload) => {
      if (!topic.endsWith('/req')) return;
      const request = JSON.parse(String(payload)) as { id: string; body?: { version?: number } };
      client.publish(
        `gh/v0/${serial}/res`,
        JSON.stringify({ id: request.id, ok: true, body: { version: request.body?.version ?? 0 } }),
        { qos: 1 },
      );
    },
    status,
  );
  // The same shared-timer heartbeat the simulator uses: one interval, each client when due.
  const due = clients.map(() => Date.now() + Math.random() * heartbeatS * 1000);
  setInterval(() => {
    const now = Date.now();
    clients.forEach((client, k) => {
      if (now >= (due[k] as number)) {
        due[k] = now + heartbeatS * 1000;
        status(client, k);
      }
    });
  }, 1000);
  await new Promise(() => {}); // until the bench kills it
} else if (scenario === 'ingest') {
  const [deviceCount, events, chunk] = [Number(a), Number(b), Number(c)];
  const stored = new Set<string>();
  aedes.subscribe(
    'gh/v0/+/event',
    (packet, done) => {
      const serial = packet.topic.split('/')[2] as string;
      const batch = JSON.parse(String(packet.payload)).events as { id: string }[];
      for (const event of batch) stored.add(`${serial}/${event.id}`);
      publish(`gh/v0/${serial}/ack`, JSON.stringify({ ids: batch.map((event) => event.id) }));
      done();
    },
    () => {},
  );
  const perDevice = Math.ceil(events / deviceCount);
  let acked = 0;
  let allAcked: () => void = () => {};
  const finished = new Promise<void>((resolve) => (allAcked = resolve));
  const total = perDevice * deviceCount;
  const clients = await connectAll(deviceCount, (_client, _serial, topic, payload) => {
    if (!topic.endsWith('/ack')) return;
    acked += JSON.parse(String(payload)).ids.length;
    if (acked >= total) allAcked();
  });
  const started = performance.now();
  for (let sent = 0; sent < perDevice; sent += chunk) {
    clients.forEach((client, k) => {
      const serial = serialOf(k);
      const batch = Array.from({ length: Math.min(chunk, perDevice - sent) }, (_, i) => benchEvent(serial, sent + i));
      client.publish(`gh/v0/${serial}/event`, JSON.stringify({ events: batch }), { qos: 1 });
    });
    await new Promise((r) => setImmediate(r));
  }
  await finished;
  const ms = performance.now() - started;
  report({
    devices: deviceCount,
    events: total,
    stored: stored.size,
    ms: Math.round(ms),
    events_per_s: Math.round(total / (ms / 1000)),
  });
  await Promise.all(clients.map((client) => client.endAsync(true)));
}
server.close();
aedes.close();
process.exit(0);
