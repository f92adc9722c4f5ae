import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { demoIds } from '../support/project-users';

const METRICS_TOKEN = 'scrape-token-for-the-tests-0123456789';

/** The entries of a zip (central directory), each inflated: enough to read back a logs download. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < entries; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** Waits for a condition the server reaches by itself (a log line flushed), without a fixed sleep. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * System (7.8): the node's information, its log files (list, last 100 lines, zip), its workers
 * (stop really stops the work, start and restart really start it), per-route metrics with reset,
 * Prometheus's text (closed without a token or the permission), and the project's queues.
 */
describe.each(dialects)('system (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const get = (path: string, token = admin) => t.call('GET', path, { token });
  const post = (path: string, body?: unknown, token = admin) => t.call('POST', path, { token, body });
  const worker = async (name: string) => {
    const res = await get('/system/workers');
    expect(res.statusCode).toBe(200);
    return (res.json().data as { name: string }[]).find((w) => w.name === name) as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      ...SMALL_DEMO,
      serverLogger: true,
      env: { ...SMALL_DEMO.env, METRICS_TOKEN, LOG_FILE_LEVEL: 'info' },
    });
    admin = (await t.session('admin')).token;
    staff = (await t.session('staff')).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('tells the node: version, database, uptime, memory, log level, audit retention, where Prometheus scrapes', async () => {
    const res = await get('/system/info');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      database: dialect,
      pid: process.pid,
      log_file_level: 'info',
      audit_retention_days: 365,
      prometheus: { path: '/api/v0/metrics', token: true },
    });
    expect(res.json().data.memory_rss_bytes).toBeGreaterThan(0);
    expect((await get('/system/info', staff)).statusCode).toBe(403);
  });

  it('lists the log files, shows the last lines of one, and zips them all', async () => {
    const marker = `marker-${dialect}-${Date.now()}`;
    await t.call('GET', '/home/counts', { token: admin, headers: { 'x-request-id': marker } });
    const files = await until(
      async () => (await get('/system/logs/available')).json().data as { name: string; current: boolean }[],
      (list) => list.length > 0,
      'a log file',
    );
    expect(files[0]).toMatchObject({ name: 'server.1.log', current: true });
    const tail = await until(
      async () => (await get(`/system/logs/${files[0]?.name}/100`)).json().data as { lines: string[] },
      (data) => data.lines.some((line) => line.includes(marker)),
      'the request in the log',
    );
    expect(tail.lines.length).toBeLessThanOrEqual(100);
    const line = JSON.parse(tail.lines.find((l) => l.includes(marker)) as string);
    expect(line).toMatchObject({ reqId: marker });
    // Only the server's own files by name: anything else names nothing.
    expect((await get('/system/logs/..%2Fgatehouse.sqlite/100')).statusCode).toBe(404);
    expect((await get('/system/logs/other.9.log/100')).statusCode).toBe(404);

    const zip = await get('/logs/download');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/attachment; filename="gatehouse-logs-.+\.zip"/);
    const entries = unzip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(files.map((f) => f.name));
    expect(entries.get('server.1.log')).toContain(marker);
    expect((await get('/logs/download', staff)).statusCode).toBe(403);
  });

  it('lists every worker with its state; stopping the mail sender stops its work, starting it does it', async () => {
    const names = ((await get('/system/workers')).json().data as { name: string }[]).map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'device-tasks',
        'announce-scheduler',
        'mail-sender',
        'planner-statistics',
        'ip-blocking-sweeper',
        'audit-retention',
      ]),
    );
    expect(await worker('mail-sender')).toMatchObject({ state: 'running', queue_length: 0 });
    expect(await worker('planner-statistics')).toMatchObject({ state: 'stopped' });

    const stopped = await post('/system/workers/mail-sender/stop');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toMatchObject({ name: 'mail-sender', state: 'stopped' });
    const { id } = await t.db
      .insertInto('outbox')
      .values({
        project_id: ids.projectId,
        to_address: 'someone@example.org',
        subject: 'Retried',
        body: 'Hello',
        kind: 'test',
        status: 'failed',
        error: 'relay down',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await post('/system/queues/mail/retry')).json().data).toEqual({ retried: 1 });
    const status = async () =>
      (await t.db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    // Stopped: a kick does nothing, the message waits.
    t.app.ctx.mailSender.kick();
    await t.app.ctx.mailSender.idle();
    expect(await status()).toBe('queued');
    expect(await worker('mail-sender')).toMatchObject({ state: 'stopped', queue_length: 1 });

    const started = await post('/system/workers/mail-sender/start');
    expect(started.json().data).toMatchObject({ state: 'running' });
    await t.app.ctx.mailSender.idle();
    // Mail mode none: the message is kept in the outbox, no longer waiting.
    expect(await status()).toBe('kept');
    expect(await worker('mail-sender')).toMatchObject({ state: 'running', queue_length: 0, runs: expect.any(Number) });
    expect(Number((await worker('mail-sender')).runs)).toBeGreaterThan(0);
  });

  it('restart makes a new device task runner; a stopped one sends nothing, and the scheduler starts no announce', async () => {
    const before = t.app.ctx.deviceTasks.owner;
    expect(before).not.toBe('');
    const restarted = await post('/system/workers/device-tasks/restart');
    expect(restarted.json().data).toMatchObject({ state: 'running' });
    const after = t.app.ctx.deviceTasks.owner;
    expect(after).not.toBe('');
    expect(after).not.toBe(before);
    await post('/system/workers/device-tasks/stop');
    expect(t.app.ctx.deviceTasks.owner).toBe('');
    expect(await worker('device-tasks')).toMatchObject({ state: 'stopped', stopped_at: expect.any(String) });
    await post('/system/workers/device-tasks/start');
    expect(t.app.ctx.deviceTasks.owner).not.toBe(after);

    const now = Date.now();
    const created = await t.call('PUT', '/announces', {
      token: admin,
      body: {
        name: 'Scheduled',
        subject: 'Later',
        body: 'Soon',
        users: [ids.users.resident],
        execute_at: new Date(now + 60_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const announce = created.json().data as number;
    await post('/system/workers/announce-scheduler/stop');
    expect(await t.app.announceScheduler.tick(new Date(now + 120_000))).toEqual([]);
    await post('/system/workers/announce-scheduler/start');
    expect(await t.app.announceScheduler.tick(new Date(now + 120_000))).toContain(announce);
  });

  it('refuses an unknown worker, and worker actions to a viewer without the settings permission', async () => {
    expect((await post('/system/workers/no-such/stop')).statusCode).toBe(404);
    expect((await post('/system/workers/mail-sender/stop', undefined, staff)).statusCode).toBe(403);
    // The acts are in the audit trail, by worker name.
    const events = await t.db
      .selectFrom('audit_events')
      .select(['entity', 'action', 'entity_key'])
      .where('entity', '=', 'workers')
      .execute();
    expect(events).toEqual(expect.arrayContaining([{ entity: 'workers', action: 'stop', entity_key: 'mail-sender' }]));
  });

  it('counts per route with errors and latency percentiles since the last reset', async () => {
    const reset = await post('/metrics/routes/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.routes).toEqual([]);
    for (let i = 0; i < 3; i++) await get('/home/counts');
    expect((await get('/users/2147483647')).statusCode).toBe(404);
    const res = await get('/metrics/routes');
    const routes = res.json().data.routes as { route: string; count: number }[];
    const counts = routes.find((r) => r.route === 'GET /home/counts');
    expect(counts).toMatchObject({ count: 3, errors: 0, client_errors: 0 });
    expect((counts as unknown as { p95_ms: number }).p95_ms).toBeGreaterThan(0);
    expect(routes.find((r) => r.route === 'GET /users/{id}')).toMatchObject({ count: 1, client_errors: 1 });
    expect(Date.parse(res.json().data.since)).toBeGreaterThanOrEqual(Date.parse(reset.json().data.since));
    const again = await post('/metrics/routes/reset');
    expect(again.json().data.routes).toEqual([]);
    expect((await post('/metrics/routes/reset', undefined, staff)).statusCode).toBe(403);
  });

  it('serves Prometheus text to the permission or the metrics token, and to nobody else', async () => {
    expect((await t.call('GET', '/metrics')).statusCode).toBe(401);
    expect((await t.call('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(
      401,
    );
    expect((await get('/metrics', staff)).statusCode).toBe(403);
    const scraped = await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    const text = scraped.body;
    // Every line is a comment or `name{labels} value`.
    const sample =
      /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? (-?\d+(\.\d+)?(e[+-]?\d+)?|NaN|[+-]Inf)$/;
    const lines = text.split('\n').filter((l) => l !== '');
    for (const line of lines) if (!line.startsWith('#')) expect(line).toMatch(sample);
    expect(text).toContain('# TYPE gatehouse_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /gatehouse_http_request_duration_seconds_count\{route="GET \/home\/counts",method="GET",status_class="2xx"\} \d+/,
    );
    expect(text).toContain('gatehouse_worker_running{worker="device-tasks"} 1');
    expect(text).toContain('gatehouse_process_resident_memory_bytes');
    // The console's reset does not reach Prometheus's counters.
    expect(text).toMatch(/gatehouse_http_request_duration_seconds_count\{route="GET \/home\/counts"[^}]*\} [3-9]/);
    expect((await get('/metrics')).statusCode).toBe(200);
  });

  it('counts the queues by status, retries failed device tasks and clears a status', async () => {
    const device = await t.call('PUT', '/devices', {
      token: admin,
      body: { domain_id: ids.groups['Building A'], name: 'Queue panel', serial_number: 'SN-QUEUE-1' },
    });
    expect(device.statusCode, device.body).toBe(200);
    const now = new Date().toISOString();
    const task = (status: string) => ({
      project_id: ids.projectId,
      device_id: device.json().data as number,
      kind: 'settings.apply',
      status,
      max_attempts: 6,
      batch_id: `batch-${status}`,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto('device_tasks')
      .values([task('error'), task('error'), task('completed')])
      .execute();
    const queues = async () =>
      (await get('/system/queues')).json().data as { queue: string; counts: Record<string, number> }[];
    const tasks = async () => (await queues()).find((q) => q.queue === 'device_tasks')?.counts ?? {};
    expect(await tasks()).toMatchObject({ error: 2, completed: 1 });
    // The runner is stopped meanwhile, so the retried tasks stay queued for the count.
    await post('/system/workers/device-tasks/stop');
    expect((await post('/system/queues/device_tasks/retry')).json().data).toEqual({ retried: 2 });
    expect(await tasks()).toMatchObject({ error: 0, queued: 2, completed: 1 });
    expect((await post('/system/queues/device_tasks/clear', { status: 'completed' })).json().data).toEqual({
      cleared: 1,
    });
    expect(await tasks()).toMatchObject({ completed: 0 });
    await post('/system/workers/device-tasks/start');
    const bad = await post('/system/queues/device_tasks/clear', { status: 'started' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'invalid data sent', errors: { status: { code: 'invalid' } } });
    expect((await post('/system/queues/nothing/retry')).statusCode).toBe(404);
    const mail = (await queues()).find((q) => q.queue === 'mail');
    expect(mail).toMatchObject({ retryable: ['failed'], clearable: ['sent', 'failed', 'kept'] });
    const kept = Number(mail?.counts.kept ?? 0);
    expect(kept).toBeGreaterThan(0);
    expect((await post('/system/queues/mail/clear', { status: 'kept' })).json().data).toEqual({ cleared: kept });
    expect((await post('/system/queues/mail/clear', { status: 'kept' }, staff)).statusCode).toBe(403);
  });
});
