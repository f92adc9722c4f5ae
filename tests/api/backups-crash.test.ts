import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/dialects';
import { BACKUPS_TOPIC, type BackupProgressEvent } from '../../src/contract/entities/backup';
import { dialects } from '../support/api-app';
import { dumpTables, entityTables, PASSPHRASE } from '../support/backups';
import { addBulkUsers } from '../support/bulk-users';
import { freePort, type ServerChild, startServerChild } from '../support/server-child';
import { connect } from '../support/ws-client';

/**
 * A restore is all or nothing (issue 14): the real server restores a backup of a project with
 * many users whose names all changed since, and is killed with SIGKILL while its progress says
 * it is writing. The database is then read directly: every backed-up table is either exactly as
 * before the restore or exactly as in the backup, never a mix; and the server starts again on it.
 */
const USERS = 12_000;

describe.each(dialects)('restore across kill -9 (%s)', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('leaves the data all old or all new', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-restore-crash-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      SIP_PORT: String(await freePort()),
      MQTT_PORT: 'off',
      DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_PASSWORD: 'crash-admin-pass',
      GATEHOUSE_DEMO_PASSWORD: 'crash-demo-pass',
      GATEHOUSE_DEMO_SIZE: 'small',
      GATEHOUSE_SIMULATOR: '0',
      PASSWORD_HASH_COST: 'low',
      JWT_SECRET: 'crash-test-jwt-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    };
    if (dialect === 'postgres') {
      const name = `gh_${randomBytes(6).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`CREATE DATABASE ${name}`);
      cleanup.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      env.DATABASE_URL = (process.env.TEST_DATABASE_URL ?? '').replace(
        /^(postgres(?:ql)?:\/\/[^/?]*)(\/[^?]*)?/,
        `$1/${name}`,
      );
    }

    let server: ServerChild = await startServerChild(env);
    cleanup.push(() => server.kill9());
    const api = async (method: string, path: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${server.origin}/api/v0${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: unknown };
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const sessions = (await api('POST', '/login', null, { login: 'admin', password: 'crash-admin-pass' })) as {
      token: string;
      project: { id: number; name: string };
    }[];
    const session = sessions.find((s) => s.project.name === 'Riverside Residence') ?? sessions[0];
    const token = session?.token ?? '';
    const projectId = session?.project.id ?? 0;

    const db = createDatabase(loadConfig({ ...env }));
    cleanup.push(() => db.destroy());
    await addBulkUsers(db, projectId, USERS);
    const tables = await entityTables(db);
    const backup = (await api('POST', '/backups/make', token, {
      name: 'Before renames',
      entities: ['users', 'markers', 'groups'],
      passphrase: PASSPHRASE,
    })) as { id: number };
    const inBackup = await dumpTables(db, tables);
    await db.updateTable('users').set({ name: 'Renamed after the backup' }).where('login', 'like', 'bulk%').execute();
    const beforeRestore = await dumpTables(db, tables);
    expect(beforeRestore).not.toEqual(inBackup);

    const socket = await connect(server.origin, token);
    await socket.subscribe(BACKUPS_TOPIC);
    const restoring = api('POST', `/backups/${backup.id}/apply`, token, {
      passphrase: PASSPHRASE,
      operation_id: 'crash',
    }).catch((error: unknown) => error);
    const mid = await socket.next((m) => {
      const e = m.data as BackupProgressEvent;
      return e.type === 'BackupProgress' && e.operation_id === 'crash' && e.phase === 'restoring' && e.percent > 56;
    }, 120_000);
    await server.kill9();
    socket.close();
    expect(await restoring).toBeInstanceOf(Error);
    expect((mid.data as BackupProgressEvent).percent).toBeLessThan(99);

    const after = await dumpTables(db, tables);
    const state = JSON.stringify(after) === JSON.stringify(beforeRestore) ? 'old' : 'new';
    expect(after).toEqual(state === 'old' ? beforeRestore : inBackup);

    // The server starts again on what the kill left, and answers from it.
    server = await startServerChild(env);
    const again = (await api('POST', '/login', null, { login: 'admin', password: 'crash-admin-pass' })) as unknown[];
    expect(again.length).toBeGreaterThan(0);
    expect(await dumpTables(db, tables)).toEqual(after);
    await server.stop();
  }, 420_000);
});
