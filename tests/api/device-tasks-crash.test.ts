import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/dialects';
import { fleetDevices, type SimulatedFleet, startSimulatedFleet } from '../../server/simulator/devices/fleet';
import { dialects } from '../support/api-app';
import { eventually } from '../support/devices';
import { freePort, type ServerChild, startServerChild } from '../support/server-child';

/**
 * Nothing lost or done twice across kill -9 (issue 11): the real server fans init batches out
 * to many simulated devices, is killed with SIGKILL mid-way, and is started again on the same
 * data. Every device must end up having acted on every task exactly once, in order (the
 * simulator's record of executed request ids), and every task must end completed.
 */
const DEVICES = 200;
const KINDS = ['init', 'settings.apply', 'sync.identifiers', 'sync.schedules'];

describe.each(dialects)('device tasks across kill -9 (%s)', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('every device executes every task exactly once, in order, and all tasks end completed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-crash-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      SIP_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_PASSWORD: 'crash-admin-pass',
      GATEHOUSE_DEMO_PASSWORD: 'crash-demo-pass',
      GATEHOUSE_DEMO_SIZE: 'small',
      GATEHOUSE_SIMULATOR: '0',
      JWT_SECRET: 'crash-test-jwt-secret-long-enough-0123456789',
      // A dead node's tasks are taken again after 2 s (default 30 s).
      DEVICE_TASK_LEASE_S: '2',
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
      const json = (await res.json()) as { data: unknown; meta?: { total: number } };
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const login = async () => {
      const sessions = (await api('POST', '/login', null, { login: 'admin', password: 'crash-admin-pass' })).data as {
        token: string;
        project: { name: string };
      }[];
      return (sessions.find((s) => s.project.name === 'Riverside Residence') ?? sessions[0])?.token ?? '';
    };
    let token = await login();
    const groups = (await api('GET', '/domains/items?size=5', token)).data as { id: number }[];
    const group = groups[0]?.id;

    const specs = fleetDevices(DEVICES, { prefix: `K9${dialect[0]}` });
    // Made twenty at a time (the order of ids follows the specs).
    const ids: number[] = [];
    for (let from = 0; from < specs.length; from += 20) {
      const made = await Promise.all(
        specs.slice(from, from + 20).map((spec) =>
          api('PUT', '/devices', token, {
            name: spec.serial,
            serial_number: spec.serial,
            type: 'accesscontroller',
            domain_id: group,
            device_settings: { mqtt_password: spec.password },
          }),
        ),
      );
      ids.push(...made.map((m) => m.data as number));
    }
    const fleet: SimulatedFleet = await startSimulatedFleet({
      url: `mqtt://127.0.0.1:${env.MQTT_PORT}`,
      devices: specs,
      reconnectMs: 200,
    });
    cleanup.push(() => fleet.stop());
    const online = JSON.stringify([{ field: 'status', rule: 'equals', value: 'online' }]);
    await eventually(
      async () =>
        (await api('GET', `/devices/items?size=1&filters=${encodeURIComponent(online)}`, token)).meta?.total ===
        DEVICES,
      30_000,
    );

    // The fan-out: an init batch of four tasks for each device.
    const batches = (await api('POST', '/devices/tasks/reinit', token, { devices: ids })).data as {
      device_id: number;
      batch_id: string;
      tasks: { id: number; kind: string }[];
    }[];
    expect(batches.length).toBe(DEVICES);
    const total = DEVICES * KINDS.length;
    const executed = () => fleet.devices.reduce((n, d) => n + d.executed.length, 0);
    await eventually(() => executed() >= total / 4, 30_000);
    await server.kill9();
    const atKill = executed();

    // Mid-way: some tasks were not done when the server died (read from its database).
    const config = loadConfig({ ...env });
    const db = createDatabase(config);
    const left = await db
      .selectFrom('device_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '!=', 'completed')
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(Number(left.n)).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(total);

    server = await startServerChild(env);
    token = await login();
    const notDone = JSON.stringify([{ field: 'status', rule: 'not_equals', value: 'completed' }]);
    await eventually(
      async () =>
        (await api('GET', `/devices/tasks/items?size=1&filters=${encodeURIComponent(notDone)}`, token)).meta?.total ===
        0,
      60_000,
    );
    const done = JSON.stringify([{ field: 'status', rule: 'equals', value: 'completed' }]);
    expect(
      (await api('GET', `/devices/tasks/items?size=1&filters=${encodeURIComponent(done)}`, token)).meta?.total,
    ).toBe(total);
    // Exactly once, in order, on every device.
    const serialOf = new Map(ids.map((id, n) => [id, specs[n]?.serial ?? '']));
    for (const batch of batches) {
      expect(batch.tasks.map((x) => x.kind)).toEqual(KINDS);
      const serial = serialOf.get(batch.device_id) ?? '';
      expect(fleet.get(serial)?.executed, serial).toEqual(batch.tasks.map((x) => `${batch.batch_id}:${x.id}`));
    }
    await server.stop();
  }, 420_000);
});
