import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../server/mqtt/broker';
import { fleetDevices, type SimulatedFleet, startSimulatedFleet } from '../../server/simulator/devices/fleet';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { credentialsOf, eventually } from '../support/devices';
import { demoIds } from '../support/project-users';

/**
 * Two server nodes on one PostgreSQL database share the device task queue (issue 11): both
 * reach every device through one broker (MQTT_URL), both claim tasks (FOR UPDATE SKIP LOCKED,
 * leases), and no task is sent twice: every device acts on each of its tasks exactly once.
 */
const DEVICES = 100;
const SERVER = { username: 'gatehouse-server', password: 'nodes-secret' };

describe.runIf(dialects.includes('postgres'))('device tasks on two nodes of one PostgreSQL', () => {
  let broker: EmbeddedBroker;
  let a: TestApp;
  let b: TestApp;
  let fleet: SimulatedFleet;
  const specs = fleetDevices(DEVICES, { prefix: 'NODE' });

  beforeAll(async () => {
    broker = await startEmbeddedBroker({ port: 0, authenticate: credentialsOf(specs), server: SERVER });
    const port = broker.listeners[0]?.port;
    const env = {
      ...SMALL_DEMO.env,
      MQTT_URL: `mqtt://${SERVER.username}:${SERVER.password}@127.0.0.1:${port}`,
    };
    a = await buildTestApp('postgres', { env });
    b = await buildTestApp('postgres', { env, sameDatabaseAs: a });
    fleet = await startSimulatedFleet({ url: `mqtt://127.0.0.1:${port}`, devices: specs, reconnectMs: 200 });
    await eventually(
      () => specs.every((d) => a.app.ctx.deviceLink.isOnline(d.serial) && b.app.ctx.deviceLink.isOnline(d.serial)),
      30_000,
    );
  });
  afterAll(async () => {
    await fleet?.stop();
    await b?.close();
    await a?.close();
    await broker?.close();
  });

  it('two nodes share the queue: no task sent twice; every device does each of its tasks once, in order', async () => {
    const { groups } = await demoIds(a);
    const tokenA = (await a.session('admin')).token;
    const tokenB = (await b.session('admin')).token;
    const ids: number[] = [];
    for (const spec of specs) {
      const res = await a.call('PUT', '/devices', {
        token: tokenA,
        body: {
          name: spec.serial,
          serial_number: spec.serial,
          type: 'accesscontroller',
          domain_id: groups['Building A'],
          device_settings: { mqtt_password: spec.password },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data as number);
    }
    // Each node makes half of the batches, at the same time.
    const half = DEVICES / 2;
    const [resA, resB] = await Promise.all([
      a.call('POST', '/devices/tasks/reinit', { token: tokenA, body: { devices: ids.slice(0, half) } }),
      b.call('POST', '/devices/tasks/reinit', { token: tokenB, body: { devices: ids.slice(half) } }),
    ]);
    expect(resA.statusCode, resA.body).toBe(200);
    expect(resB.statusCode, resB.body).toBe(200);
    const batches = [...resA.json().data, ...resB.json().data] as {
      device_id: number;
      batch_id: string;
      tasks: { id: number }[];
    }[];
    const total = DEVICES * 4;
    await eventually(async () => {
      const row = await a.db
        .selectFrom('device_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      return Number(row.n) === total;
    }, 60_000);
    const sentA = a.app.ctx.deviceTasks.stats.sent;
    const sentB = b.app.ctx.deviceTasks.stats.sent;
    // How the work splits is timing: a node's one claim can take every device's head, and its own
    // completions claim the next ones before the other node's tick (CI saw 400 and 0). What must
    // hold is that together they sent each task once, and each device did each of its tasks once.
    expect(sentA + sentB).toBe(total);
    const serialOf = new Map(ids.map((id, n) => [id, specs[n]?.serial ?? '']));
    for (const batch of batches) {
      const serial = serialOf.get(batch.device_id) ?? '';
      expect(fleet.get(serial)?.executed, serial).toEqual(batch.tasks.map((x) => `${batch.batch_id}:${x.id}`));
    }
  }, 120_000);
});
