import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { deviceAuthenticator } from '../../server/domain/devices/broker-access';
import { followDevicePresence, PRESENCE_WINDOW_MS } from '../../server/domain/devices/presence';
import { startTaskRunner } from '../../server/domain/devices/tasks/runner';
import { makeTasks } from '../../server/domain/devices/tasks/store';
import { type DeviceLink, DeviceLinkError } from '../../server/mqtt/link';
import type { DeviceStatus, RequestKind } from '../../server/mqtt/protocol';
import type { Realtime } from '../../server/realtime/realtime';
import type { RealtimeData } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { eventually } from '../support/devices';
import { demoIds } from '../support/project-users';

/**
 * The device paths that run once per device in a fleet do their database work per group of
 * devices, not per device (issue 11's convergence and connection figures): a fan-out of tasks,
 * answers arriving together, a wave of devices connecting or coming online. Each runs over the
 * app's database through a plugin that counts statements, with a link that stands in for the
 * broker, and checks both what was recorded and how many statements it took.
 */

/** The database with every statement counted (transactions included). */
function counted(db: Kysely<Database>) {
  const count = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      count.statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count };
}

const quietLog = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;

/** A realtime that keeps what was published. */
function keptRealtime() {
  const published: { topic: string; data: RealtimeData }[] = [];
  const realtime: Realtime = {
    publish: (topic, data) => void published.push({ topic, data }),
    authorize: () => {},
    endSessions: () => {},
  };
  return { realtime, published };
}

/** A link on which every device is online and answers each request on the next turn, as `answer` says. */
function answeringLink(
  serials: string[],
  answer: (serial: string, kind: RequestKind, body: Record<string, unknown>) => unknown,
) {
  const sent: { serial: string; id: string; kind: RequestKind }[] = [];
  const link: Pick<DeviceLink, 'request' | 'onStatus' | 'onlineSerials' | 'isOnline'> = {
    request: (serial, kind, body = {}, options = {}) => {
      sent.push({ serial, id: options.id ?? '', kind });
      return new Promise((resolve, reject) =>
        setImmediate(() => {
          const out = answer(serial, kind, body);
          if (out instanceof Error) reject(out);
          else resolve(out as Record<string, unknown>);
        }),
      );
    },
    onStatus: () => () => {},
    onlineSerials: () => serials,
    isOnline: (serial) => serials.includes(serial),
  };
  return { link, sent };
}

describe.each(dialects)('device work per group of devices (%s)', (dialect) => {
  let t: TestApp;
  let projectId = 0;
  let groupId = 0;
  let made = 0;
  const tasksConfig = loadConfig({ DATA_DIR: '/tmp', DEVICE_TASK_RETRY_S: '1' }).deviceTasks;

  /** `n` mqtt devices of the demo project, with their serials. */
  const addDevices = async (n: number) => {
    const now = new Date().toISOString();
    const specs = Array.from({ length: n }, () => `BATCH-${dialect}-${++made}`);
    const rows = await t.db
      .insertInto('devices')
      .values(
        specs.map((serial) => ({
          project_id: projectId,
          name: serial,
          serial_number: serial,
          type: 'accesscontroller',
          protocol: 'mqtt',
          domain_id: groupId,
          token: `token-${serial}`,
          mqtt_password: `pw-${serial}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'name', 'serial_number'])
      .execute();
    return rows.map((r) => ({ id: Number(r.id), project_id: projectId, name: r.name, serial: r.serial_number ?? '' }));
  };

  const syncOf = (devices: { id: number }[]) =>
    t.db
      .selectFrom('device_sync')
      .selectAll()
      .where(
        'device_id',
        'in',
        devices.map((d) => d.id),
      )
      .execute();
  const statusesOf = async (devices: { id: number }[]) =>
    (
      await t.db
        .selectFrom('device_tasks')
        .select('status')
        .where(
          'device_id',
          'in',
          devices.map((d) => d.id),
        )
        .orderBy('id')
        .execute()
    ).map((r) => r.status);

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    // The app's own runner would take these devices' tasks too (and park them: its link sees none online).
    await t.app.ctx.deviceTasks.stop();
    const ids = await demoIds(t);
    projectId = ids.projectId;
    groupId = ids.groups['Building A'] as number;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a settings apply to 300 devices is sent once each and recorded in a few dozen statements, not several per device', async () => {
    const devices = await addDevices(300);
    const batches = await makeTasks(t.db, devices, () => [{ kind: 'settings.apply' }], 3);
    const { link, sent } = answeringLink(
      devices.map((d) => d.serial),
      (_serial, _kind, body) => ({ version: body.version }),
    );
    const { db, count } = counted(t.db);
    const { realtime, published } = keptRealtime();
    const runner = startTaskRunner({ ctx: { db, realtime }, link, config: tasksConfig, log: quietLog });
    try {
      await eventually(() => runner.stats.completed === 300, 20_000);
      await runner.idle();
    } finally {
      await runner.stop();
    }
    // Each task once, under its own id as the request id.
    expect(sent.map((s) => s.id).sort()).toEqual(
      devices.map((d) => `${batches.get(d.id)?.batchId}:${batches.get(d.id)?.rows[0]?.id}`).sort(),
    );
    expect(await statusesOf(devices)).toEqual(Array(300).fill('completed'));
    const sync = await syncOf(devices);
    expect(sync.length).toBe(300);
    for (const row of sync) {
      expect(Number(row.settings_version)).toBe(1);
      expect(Number(row.applied_version)).toBe(1);
      expect(row.settings_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.converged_at).not.toBeNull();
    }
    // Every device's tasks were announced (started, then completed with nothing pending).
    const done = published.filter((p) => p.data.type === 'DeviceTasksChanged' && p.data.pending_tasks === 0);
    expect(new Set(done.map((p) => Number(p.data.device_id)))).toEqual(new Set(devices.map((d) => d.id)));
    // Claim, bodies, one group of answers, the look for next tasks: statements per group, not per device.
    expect(count.statements).toBeLessThan(60);
  });

  it('an init batch per device records what each answer says in the sync rows: versions, list errors; a refusal retries with a new request id', async () => {
    const devices = await addDevices(3);
    const [plain, fussy, refusing] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    await makeTasks(
      t.db,
      [plain, fussy],
      () => [{ kind: 'init' }, { kind: 'settings.apply' }, { kind: 'sync.identifiers' }, { kind: 'sync.schedules' }],
      3,
    );
    const refused = await makeTasks(
      t.db,
      [refusing],
      () => [{ kind: 'emergency.play', payload: { duration_s: 5 } }],
      2,
    );
    const { link, sent } = answeringLink(
      devices.map((d) => d.serial),
      (serial, kind, body) => {
        if (kind === 'emergency.play') return new DeviceLinkError('refused', serial, 'not_supported');
        if (kind === 'sync')
          return {
            version: body.version,
            errors:
              serial === fussy.serial && body.list === 'identifiers' ? [{ id: 'card:17', code: 'bad_format' }] : [],
          };
        return kind === 'settings.apply' ? { version: body.version } : {};
      },
    );
    const runner = startTaskRunner({
      ctx: { db: t.db, realtime: keptRealtime().realtime },
      link,
      config: tasksConfig,
      log: quietLog,
    });
    try {
      await eventually(async () => {
        const statuses = await statusesOf(devices);
        return statuses.length === 9 && statuses.every((s) => s === 'completed' || s === 'error');
      }, 20_000);
      await runner.idle();
    } finally {
      await runner.stop();
    }
    const sync = new Map((await syncOf(devices)).map((r) => [Number(r.device_id), r]));
    for (const d of [plain, fussy]) {
      expect(sync.get(d.id)).toMatchObject({
        settings_version: 1,
        applied_version: 1,
        identifiers_version: 1,
        schedules_version: 1,
      });
      expect(sync.get(d.id)?.converged_at).not.toBeNull();
    }
    const errors = await t.db
      .selectFrom('device_sync_errors')
      .select(['device_id', 'list', 'item_id', 'code'])
      .where(
        'device_id',
        'in',
        devices.map((d) => d.id),
      )
      .execute();
    expect(errors).toEqual([{ device_id: fussy.id, list: 'identifiers', item_id: 'card:17', code: 'bad_format' }]);
    // The refused task: two attempts, the second a new request, then error.
    const task = refused.get(refusing.id)?.rows[0];
    const attempts = sent.filter((s) => s.serial === refusing.serial).map((s) => s.id);
    expect(attempts).toEqual([`${task?.batch_id}:${task?.id}`, `${task?.batch_id}:${task?.id}.1`]);
    const row = await t.db
      .selectFrom('device_tasks')
      .selectAll()
      .where('id', '=', task?.id as number)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'error', attempts: 2, last_error_code: 'not_supported' });
  });

  it('a wave of 600 devices coming online is recorded in a statement per 500; a device that left and came back within the window says nothing', async () => {
    const devices = await addDevices(600);
    const handlers = new Set<(serial: string, status: DeviceStatus) => void>();
    const link: Pick<DeviceLink, 'onStatus'> = {
      onStatus: (handler) => {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    };
    const say = (serial: string, online: boolean) => {
      for (const handler of handlers) handler(serial, { online });
    };
    const { db, count } = counted(t.db);
    const { realtime, published } = keptRealtime();
    const presence = followDevicePresence({ db, link, realtime, log: quietLog });
    const [flapping] = devices;
    try {
      say(flapping?.serial ?? '', true);
      await eventually(() => published.length === 1, 5_000);
      count.statements = 0;
      published.length = 0;
      for (const d of devices.slice(1)) say(d.serial, true);
      // Heartbeats repeat the status: no change.
      for (const d of devices.slice(1)) say(d.serial, true);
      say(flapping?.serial ?? '', false);
      say(flapping?.serial ?? '', true);
      await eventually(() => published.length === 599, 5_000);
      await new Promise((r) => setTimeout(r, PRESENCE_WINDOW_MS * 2));
    } finally {
      await presence.stop();
    }
    expect(published.map((p) => Number(p.data.device_id)).sort()).toEqual(
      devices
        .slice(1)
        .map((d) => d.id)
        .sort(),
    );
    expect(count.statements).toBe(2);
    const rows = await t.db
      .selectFrom('devices')
      .select('info')
      .where(
        'id',
        'in',
        devices.map((d) => d.id),
      )
      .execute();
    expect(rows.map((r) => JSON.parse(r.info ?? '{}').status)).toEqual(Array(600).fill('online'));
  });

  it('logins of one moment are looked up together; each answer is read after it was asked (no cache to go stale)', async () => {
    const devices = await addDevices(200);
    const { db, count } = counted(t.db);
    const authenticate = deviceAuthenticator(db);
    const answers = await Promise.all([
      ...devices.map((d) => authenticate(d.serial, `pw-${d.serial}`)),
      authenticate(devices[0]?.serial ?? '', 'wrong-password'),
      authenticate('NO-SUCH-DEVICE', 'pw'),
    ]);
    expect(answers).toEqual([...devices.map((d) => ({ serial: d.serial })), null, null]);
    expect(count.statements).toBe(1);
    // A new password counts at the next connection; a device that is no longer mqtt cannot connect.
    const [first, second] = devices;
    await t.db
      .updateTable('devices')
      .set({ mqtt_password: 'rotated-pw' })
      .where('id', '=', first?.id as number)
      .execute();
    await t.db
      .updateTable('devices')
      .set({ protocol: 'none' })
      .where('id', '=', second?.id as number)
      .execute();
    expect(await authenticate(first?.serial ?? '', `pw-${first?.serial}`)).toBeNull();
    expect(await authenticate(first?.serial ?? '', 'rotated-pw')).toEqual({ serial: first?.serial });
    expect(await authenticate(second?.serial ?? '', `pw-${second?.serial}`)).toBeNull();
  });
});
