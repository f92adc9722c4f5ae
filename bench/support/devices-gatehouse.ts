/**
 * The Gatehouse side of bench/devices.bench.ts: the embedded DeviceLink (aedes with per-device
 * credentials and rights) and the device simulator. argv: `hold <n> <hold_s> <heartbeat_s>` or
 * `ingest <devices> <events> <chunk>` (events stored by the platform's ingestion into a fresh
 * database). Prints `RESULT {json}`.
 */
import { performance } from 'node:perf_hooks';
import { createEventIngestion } from '../../server/domain/devices/event-ingest';
import { createEmbeddedLink } from '../../server/mqtt/embedded-link';
import { fleetDevices, startSimulatedFleet } from '../../server/simulator/devices/fleet';
import { benchDatabase } from './devices-database';
import { CONNECT_WAVE, loopDelayDuring, report, rssMb, sleep, spawnDevices } from './devices-measure';

const [scenario, a, b, c] = process.argv.slice(2);
const passwordOf = (serial: string) => `pw-${serial}`;
const authenticate = async (username: string, password: string) =>
  password === passwordOf(username) ? { serial: username } : null;

const link = await createEmbeddedLink({ port: scenario === 'fleet' ? null : 0, authenticate });
const url = `mqtt://127.0.0.1:${link.broker().listeners[0]?.port}`;

if (scenario === 'hold') {
  const [n, holdS, heartbeatS] = [Number(a), Number(b), Number(c)];
  let statuses = 0;
  link.onStatus(() => statuses++);
  const started = performance.now();
  // The devices live in a process of their own: 10,000 of them and the broker's 10,000 sockets
  // would pass one process's limit of open files (20,000 here), and devices are not the server.
  const devices = spawnDevices(['fleet', url, n, heartbeatS]);
  while (link.status().devices_online < n) await sleep(50);
  const connectMs = performance.now() - started;
  statuses = 0;
  const loopP99 = await loopDelayDuring(() => sleep(holdS * 1000));
  report({
    devices: n,
    connect_ms: Math.round(connectMs),
    online_after_hold: link.status().devices_online,
    statuses_per_s: Math.round(statuses / holdS),
    loop_p99_ms: Number(loopP99.toFixed(1)),
    rss_mb: rssMb(),
  });
  devices.kill();
} else if (scenario === 'fleet') {
  const [target, n, heartbeatS] = [String(a), Number(b), Number(c)];
  await startSimulatedFleet({
    url: target,
    devices: fleetDevices(n, { passwordOf }),
    heartbeatS,
    keepaliveS: 60,
    connectConcurrency: CONNECT_WAVE,
  });
  await new Promise(() => {}); // until the bench kills it
} else if (scenario === 'ingest') {
  const [deviceCount, events, chunk] = [Number(a), Number(b), Number(c)];
  // The platform's ingestion (domain/devices/event-ingest.ts) into a SQLite file as the server
  // runs it (WAL, synchronous NORMAL), or PostgreSQL with BENCH_DATABASE_URL.
  const fleetList = fleetDevices(deviceCount, { passwordOf });
  const db = await benchDatabase(fleetList.map((d) => d.serial));
  let published = 0;
  const ingestion = createEventIngestion({
    db,
    realtime: { publish: () => void published++, authorize: () => {}, endSessions: () => {} },
    log: { warn: (...args: unknown[]) => console.error(...args) },
  });
  link.onEvents((serial, batch) => ingestion.handle(serial, batch));
  const fleet = await startSimulatedFleet({ url, devices: fleetList, heartbeatS: 30 });
  const perDevice = Math.ceil(events / deviceCount);
  const started = performance.now();
  for (let sent = 0; sent < perDevice; sent += chunk) {
    for (const device of fleet.devices)
      for (let i = 0; i < Math.min(chunk, perDevice - sent); i++) device.pressButton(1);
    await new Promise((r) => setImmediate(r));
  }
  while (fleet.devices.some((device) => device.backlog.size > 0)) await sleep(5);
  const ms = performance.now() - started;
  const total = perDevice * deviceCount;
  const stored = await db
    .selectFrom('device_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  report({
    devices: deviceCount,
    events: total,
    stored: Number(stored.n),
    ms: Math.round(ms),
    events_per_s: Math.round(total / (ms / 1000)),
  });
  await fleet.stop();
  await db.destroy();
}
await link.close();
process.exit(0);
