import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { createDatabase } from '../../server/db/dialects';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseStartupProblem } from '../../server/db/startup-problem';
import { dialects } from '../support/api-app';

/** What start-up prints when the database cannot be opened: the cause and the remedy, on one line. */
async function problemOf(databaseUrl: string): Promise<string | null> {
  const db = createDatabase({ databaseUrl, sqliteFile: '' });
  try {
    await migrateToLatest(db);
    return 'migrations ran';
  } catch (error) {
    return databaseStartupProblem(error, databaseUrl);
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('database start-up failures', () => {
  it('PostgreSQL not running: names the address and says to start it', async () => {
    expect(await problemOf('postgres://gatehouse:secret@127.0.0.1:1/gatehouse')).toBe(
      'PostgreSQL is not running at 127.0.0.1:1 (connection refused): start it, or correct the host and port in DATABASE_URL.',
    );
  });

  it('the server prints that one line and exits 1, without a stack trace or the password', async () => {
    await buildServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-dbfail-'));
    const child = spawn(process.execPath, [join(ROOT, 'build', 'server', 'main.mjs')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '65001', // never listened on: the database fails first
        DATABASE_URL: 'postgres://gatehouse:very-secret@127.0.0.1:1/gatehouse',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Gatehouse cannot start: PostgreSQL is not running at 127.0.0.1:1 (connection refused): start it, or correct the host and port in DATABASE_URL.\n',
    );
    expect(stdout + stderr).not.toContain('very-secret');
  }, 90_000);

  it('leaves other errors alone (SQLite, or no recognisable cause)', () => {
    expect(databaseStartupProblem(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), null)).toBeNull();
    expect(databaseStartupProblem(new Error('syntax error at or near "x"'), 'postgres://a@b/c')).toBeNull();
  });
});

describe.runIf(dialects.includes('postgres'))('PostgreSQL start-up failures', () => {
  const suffix = randomBytes(4).toString('hex');
  const role = `gh_limited_${suffix}`;
  const database = `gh_start_${suffix}`;
  const password = 'limited-pass';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // A role that may log in over TCP with a password, in a database it does not own:
  // PostgreSQL 15 grants no CREATE on schema public to other roles.
  beforeAll(async () => {
    await admin(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    await admin(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${database}`);
    await admin(`DROP ROLE IF EXISTS ${role}`);
  });

  it('wrong password', async () => {
    expect(await problemOf(`postgres://${role}:wrong@127.0.0.1:5432/${database}`)).toBe(
      `PostgreSQL refused the password of role "${role}": correct the password in DATABASE_URL.`,
    );
  });

  it('missing database', async () => {
    expect(await problemOf(`postgres://${role}:${password}@127.0.0.1:5432/${database}_missing`)).toBe(
      `PostgreSQL database "${database}_missing" does not exist: create it (createdb -O ${role} ${database}_missing), or correct the database name in DATABASE_URL.`,
    );
  });

  it('no right to create tables in the schema', async () => {
    expect(await problemOf(`postgres://${role}:${password}@127.0.0.1:5432/${database}`)).toBe(
      `PostgreSQL role "${role}" lacks a right in database "${database}" (permission denied for schema public): grant it CREATE on the schema (GRANT CREATE ON SCHEMA public TO ${role}), see README "PostgreSQL".`,
    );
  });

  it('with CREATE on the schema, the same role migrates', async () => {
    const client = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL?.replace(/\/postgres\?/, `/${database}?`),
    });
    await client.connect();
    await client.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    await client.end();
    expect(await problemOf(`postgres://${role}:${password}@127.0.0.1:5432/${database}`)).toBe('migrations ran');
  });
});
