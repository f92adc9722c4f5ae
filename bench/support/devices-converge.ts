/**
 * The Gatehouse side of the convergence figure of bench/devices.bench.ts: the real app (SQLite
 * in a temporary DATA_DIR, the embedded broker, the device task queue) with `n` simulated
 * devices in a child process; one settings change to all of them (set-use-address, which
 * queues a settings apply per device) and the time until every device answered it took the
 * settings. argv: `<n>`. Prints `RESULT {json}`.
 */

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/dialects';
import { migrateToLatest } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed/seed';
import { fleetDevices } from '../../server/simulator/devices/fleet';
import { API_BASE } from '../../src/contract/constants';
import { report, sleep } from './devices-measure';

const n = Number(process.argv[2] ?? 2000);
const heartbeatS = 30;
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-converge-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  GATEHOUSE_ADMIN_PASSWORD: 'bench-admin-pass',
  GATEHOUSE_DEMO_PASSWORD: 'bench-demo-pass',
  GATEHOUSE_DEMO_SIZE: 'small',
  JWT_SECRET: 'bench-converge-jwt-secret-long-enough-0123456789',
  SIP_PORT: '0',
  MQTT_PORT: 'off',
  LOG_LEVEL: 'warn',
});
const db = createDatabase(config);
await migrateToLatest(db);
await seedIfEmpty(db, config);
const app = await buildApp({
  config,
  db,
  logger: false,
  distDir: join(dataDir, 'no-dist'),
  brokerPorts: { port: 0, websocketPort: null },
});
const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
const group = await db
  .selectFrom('domains')
  .select('id')
  .where('project_id', '=', project.id)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const specs = fleetDevices(n); // passwords pw-{serial}, as the fleet process makes them
const now = new Date().toISOString();
const ids: number[] = [];
for (let from = 0; from < n; from += 400) {
  const rows = await db
    .insertInto('devices')
    .values(
      specs.slice(from, from + 400).map((d) => ({
        project_id: project.id,
        name: d.serial,
        serial_number: d.serial,
        type: 'accesscontroller',
        protocol: 'mqtt',
        domain_id: group.id,
        token: randomUUID(),
        mqtt_password: d.password,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  ids.push(...rows.map((r) => r.id));
}
const port = app.ctx.deviceLink.status().listeners[0]?.port;
const script = join(dirname(fileURLToPath(import.meta.url)), 'devices-gatehouse.ts');
const fleet = spawn(
  process.execPath,
  ['--import', 'tsx', script, 'fleet', `mqtt://127.0.0.1:${port}`, n, heartbeatS].map(String),
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const log = (what: string) => process.stderr.write(`converge: ${what} at ${Math.round(performance.now())} ms\n`);
log('devices made');
while (app.ctx.deviceLink.status().devices_online < n) await sleep(50);
log('online');
// Let the queue settle the devices' first contact (nothing pending) before the change.
await sleep(1000);

const login = await app.inject({
  method: 'POST',
  url: `${API_BASE}/login`,
  payload: { login: config.adminLogin, password: 'bench-admin-pass' },
});
const token = (login.json().data as { token: string }[])[0]?.token ?? '';
const started = performance.now();
for (let from = 0; from < n; from += 1000) {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/devices/set-use-address`,
    headers: { authorization: `Bearer ${token}` },
    payload: { items: ids.slice(from, from + 1000), use_address: true },
  });
  if (res.statusCode !== 200) throw new Error(`set-use-address: ${res.statusCode} ${res.body}`);
}
const done = async () =>
  Number(
    (
      await db
        .selectFrom('device_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'settings.apply')
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow()
    ).n,
  );
log('change sent');
while ((await done()) < n) await sleep(20);
const ms = performance.now() - started;
report({ devices: n, converged: await done(), converge_ms: Math.round(ms) });
fleet.kill();
await app.close();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
