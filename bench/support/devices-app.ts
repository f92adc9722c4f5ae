import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/dialects';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed/seed';
import { fleetDevices } from '../../server/simulator/devices/fleet';
import { API_BASE } from '../../src/contract/constants';

/** The whole server of a device bench: the app, its database and the devices' rows. */
export interface BenchApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  /** Device ids in the order of `fleetDevices(n)`. */
  ids: number[];
  /** The embedded broker's MQTT port. */
  port: number;
  /** The administrator's token. */
  token(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app (SQLite in a temporary DATA_DIR: WAL, the server's own settings; the embedded
 * broker with devices authenticated from the devices table, presence, the task queue) with `n`
 * mqtt access controllers whose credentials are the fleet's (`fleetDevices(n)`).
 */
export async function startBenchApp(n: number): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-devices-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    GATEHOUSE_ADMIN_PASSWORD: 'bench-admin-pass',
    GATEHOUSE_DEMO_PASSWORD: 'bench-demo-pass',
    GATEHOUSE_DEMO_SIZE: 'small',
    JWT_SECRET: 'bench-devices-jwt-secret-long-enough-0123456789',
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
  const port = app.ctx.deviceLink.status().listeners[0]?.port ?? 0;
  return {
    app,
    db,
    config,
    ids,
    port,
    async token() {
      const login = await app.inject({
        method: 'POST',
        url: `${API_BASE}/login`,
        payload: { login: config.adminLogin, password: 'bench-admin-pass' },
      });
      return (login.json().data as { token: string }[])[0]?.token ?? '';
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The simulated fleet of `n` devices in a process of its own (devices-gatehouse.ts fleet), on `port`. */
export function spawnFleet(port: number, n: number, heartbeatS: number): ChildProcess {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'devices-gatehouse.ts');
  return spawn(
    process.execPath,
    ['--import', 'tsx', script, 'fleet', `mqtt://127.0.0.1:${port}`, n, heartbeatS].map(String),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
