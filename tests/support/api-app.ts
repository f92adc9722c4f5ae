import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { createDatabase, type DialectName } from '../../server/db/dialects';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { type SeedReport, seedIfEmpty } from '../../server/db/seed/seed';
import type { BrokerPorts } from '../../server/device-link';
import type { Clock } from '../../server/domain/clock';
import type { MediaFactory } from '../../server/sip/b2bua/media';
import type { ProjectSession } from '../../src/contract/entities/session';
import { API_BASE } from '../../src/contract/http';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (e.g. postgres://root@/postgres?host=/var/run/postgresql). */
export const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Options of a suite written for the first demo's small world (Building A with Units 101, 102
 * and 201, the named demo users, their numbers): lists and counts stay those of that world, not
 * of the demo residence (server/db/seed/demo-estate.ts).
 */
export const SMALL_DEMO = { env: { GATEHOUSE_DEMO_SIZE: 'small' } } as const satisfies TestAppOptions;

/** Known passwords of the seeded users. */
export const PASSWORDS = { admin: 'admin-test-pass', demo: 'demo-test-pass' } as const;
export const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  seed: SeedReport;
  dialect: DialectName;
  /** POST /login; fails the test unless it answers 200. */
  login(login: string, password: string): Promise<ProjectSession[]>;
  /** The first (or the named) project session of a user. */
  session(login: string, password?: string, project?: string): Promise<ProjectSession>;
  /**
   * app.inject on an API path (`/profile` → `/api/v0/profile`), with a bearer token when given,
   * from `remoteAddress` (default 127.0.0.1) and with extra headers.
   */
  call(
    method: InjectOptions['method'],
    path: string,
    options?: { token?: string; body?: unknown; remoteAddress?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (DATA_DIR, DATABASE_URL and passwords are set already). */
  env?: Record<string, string>;
  distDir?: string;
  /** Seed on start (default true). */
  seed?: boolean;
  /** A second server node on the database of this one (not seeded, not dropped on close). */
  sameDatabaseAs?: TestApp;
  /** Media engine of the SIP call queue (default: the signalling-only stub). */
  media?: MediaFactory;
  /** The time IP blocking reads (tests/support/clock.ts: a clock the test moves on). */
  clock?: Clock;
  /** Embedded broker listeners (default none: MQTT_PORT=off); `{ port: 0, websocketPort: null }` for devices to connect. */
  brokerPorts?: BrokerPorts;
  /** The server's own logger (log files under DATA_DIR/logs at LOG_FILE_LEVEL; nothing to stdout) instead of none. */
  serverLogger?: boolean;
}

/** Replaces the database name of a postgres URL, keeping user, host and query (socket paths included). */
function withDatabase(url: string, name: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^/?]*)(\/[^?]*)?/, `$1/${name}`);
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh server for a test file: a temporary DATA_DIR and a migrated, seeded
 * database (SQLite file there, or a new PostgreSQL database `gh_<random>`
 * dropped again by close()).
 */
export async function buildTestApp(dialect: DialectName = 'sqlite', options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-api-'));
  let pgName: string | null = null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    GATEHOUSE_ADMIN_PASSWORD: PASSWORDS.admin,
    GATEHOUSE_DEMO_PASSWORD: PASSWORDS.demo,
    JWT_SECRET,
    // A SIP (re)start in a test takes any free port, never the machine's 8443.
    SIP_PORT: '0',
    // The embedded broker runs in process without listeners; suites that connect devices ask for a port.
    MQTT_PORT: 'off',
    // A quiet project: no simulated demo hardware (main starts it; buildApp does not, but say so).
    GATEHOUSE_SIMULATOR: '0',
    // argon2id at its floor: suites log in thousands of times; tests/api/password-cost.test.ts keeps the standard cost honest.
    PASSWORD_HASH_COST: 'low',
    // With the server's logger (serverLogger) it writes to its files only.
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  if (options.sameDatabaseAs) {
    const url = options.sameDatabaseAs.config.databaseUrl;
    if (!url) throw new Error('a second node needs the PostgreSQL database of the first');
    env.DATABASE_URL = url;
  } else if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    pgName = `gh_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${pgName}`);
    env.DATABASE_URL = withDatabase(base, pgName);
  }
  const config = loadConfig(env);
  const db = createDatabase(config);
  await migrateToLatest(db);
  const seed =
    options.seed === false || options.sameDatabaseAs
      ? { created: false, admin: { login: config.adminLogin, generatedPassword: null }, demo: null }
      : await seedIfEmpty(db, config, options.clock?.now());
  const app = await buildApp({
    config,
    db,
    ...(options.serverLogger ? {} : { logger: false as const }),
    distDir: options.distDir ?? join(dataDir, 'no-dist'),
    media: options.media,
    clock: options.clock,
    brokerPorts: options.brokerPorts,
  });

  const call: TestApp['call'] = (method, path, { token, body, remoteAddress, headers } = {}) =>
    app.inject({
      method,
      url: `${API_BASE}${path}`,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });

  const login: TestApp['login'] = async (user, password) => {
    const res = await call('POST', '/login', { body: { login: user, password } });
    if (res.statusCode !== 200) throw new Error(`login ${user} answered ${res.statusCode}: ${res.body}`);
    return res.json().data as ProjectSession[];
  };

  const session: TestApp['session'] = async (user, password, project) => {
    const sessions = await login(user, password ?? (user === config.adminLogin ? PASSWORDS.admin : PASSWORDS.demo));
    const found = project ? sessions.find((s) => s.project.name === project) : sessions[0];
    if (!found) throw new Error(`${user} has no session${project ? ` in ${project}` : ''}`);
    return found;
  };

  return {
    app,
    db,
    config,
    seed,
    dialect,
    login,
    session,
    call,
    async close() {
      await app.close();
      // A test may have destroyed the database on purpose (to provoke a 500); a second destroy throws on pg.
      await db.destroy().catch(() => undefined);
      if (pgName) await adminQuery(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
