import type { LogFile, LogTail, Queue, RouteMetricsAnswer, SystemInfo, Worker } from '../../contract/entities/system';
import { loaderMachine } from '../../machines/loader/loader.machine';

export const sampleInfo: SystemInfo = {
  version: '0.1.0',
  node_version: 'v20.19.0',
  database: 'postgres',
  started_at: '2026-03-01T06:00:00.000Z',
  uptime_seconds: 97_380,
  hostname: 'gatehouse-1',
  pid: 4242,
  platform: 'linux x64',
  cpus: 4,
  load_average: [0.42, 0.35, 0.3],
  memory_rss_bytes: 215_000_000,
  heap_used_bytes: 96_000_000,
  log_file_level: 'info',
  audit_retention_days: 365,
  prometheus: { path: '/api/v0/metrics', token: true },
};

export const sampleLogFiles: LogFile[] = [
  { name: 'server.3.log', size_bytes: 182_340, modified_at: '2026-03-02T09:16:00.000Z', current: true },
  { name: 'server.2.log', size_bytes: 10_485_760, modified_at: '2026-03-01T23:59:59.000Z', current: false },
];

const line = (time: string, level: number, msg: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ level, time: Date.parse(time), pid: 4242, hostname: 'gatehouse-1', ...extra, msg });

export const sampleTail: LogTail = {
  name: 'server.3.log',
  lines: [
    line('2026-03-02T09:15:00.000Z', 30, 'incoming request', {
      reqId: 'req-7f3a',
      req: { method: 'PATCH', url: '/api/v0/users/11' },
    }),
    line('2026-03-02T09:15:00.020Z', 30, 'request completed', { reqId: 'req-7f3a', res: { statusCode: 200 } }),
    line('2026-03-02T09:15:30.000Z', 40, 'device task pass failed', { err: { message: 'database is locked' } }),
    'a line that is not JSON',
  ],
};

const worker = (name: string, extra: Partial<Worker> = {}): Worker => ({
  name,
  state: 'running',
  started_at: '2026-03-01T06:00:01.000Z',
  stopped_at: null,
  last_run_at: '2026-03-02T09:16:00.000Z',
  runs: 1200,
  last_error: null,
  last_error_at: null,
  errors: 0,
  queue_length: null,
  ...extra,
});

export const sampleWorkers: Worker[] = [
  worker('device-tasks', {
    queue_length: 3,
    errors: 2,
    last_error: 'database is locked',
    last_error_at: '2026-03-02T09:15:30.000Z',
  }),
  worker('announce-scheduler'),
  worker('mail-sender', { state: 'stopped', stopped_at: '2026-03-02T08:40:00.000Z', queue_length: 5, runs: 40 }),
  worker('planner-statistics', { runs: 27 }),
  worker('ip-blocking-sweeper'),
  worker('audit-retention', { runs: 26 }),
];

export const sampleQueues: Queue[] = [
  {
    queue: 'device_tasks',
    counts: { new: 0, queued: 3, started: 1, stopped: 0, error: 2, completed: 140, waiting: 4 },
    retryable: ['error', 'stopped'],
    clearable: ['completed', 'error', 'stopped', 'new', 'queued', 'waiting'],
  },
  {
    queue: 'mail',
    counts: { kept: 0, queued: 5, sent: 312, failed: 7, sending: 0 },
    retryable: ['failed'],
    clearable: ['sent', 'failed', 'kept'],
  },
];

export const sampleMetrics: RouteMetricsAnswer = {
  since: '2026-03-02T08:00:00.000Z',
  routes: [
    {
      route: 'GET /home/counts',
      count: 820,
      errors: 0,
      client_errors: 0,
      mean_ms: 4.1,
      p50_ms: 3.2,
      p95_ms: 9.8,
      p99_ms: 15,
      max_ms: 40.2,
    },
    {
      route: 'GET /users/items',
      count: 310,
      errors: 0,
      client_errors: 2,
      mean_ms: 12.5,
      p50_ms: 10,
      p95_ms: 31.4,
      p99_ms: 60,
      max_ms: 88,
    },
    {
      route: 'PATCH /devices/{id}',
      count: 14,
      errors: 3,
      client_errors: 1,
      mean_ms: 40,
      p50_ms: 35,
      p95_ms: 120.5,
      p99_ms: 180,
      max_ms: 210,
    },
  ],
};

const loader = (value: 'loading' | 'loaded' | 'failed', data: unknown) =>
  loaderMachine.resolveState({
    value,
    context: { data, error: value === 'failed' ? { code: 'internal server error', status: 500 } : null },
  });

/** Snapshots of the System page's loaders, for its stories and tests. */
export const systemFixtures = {
  info: { loaded: loader('loaded', sampleInfo), loading: loader('loading', null), failed: loader('failed', null) },
  logs: { loaded: loader('loaded', sampleLogFiles), empty: loader('loaded', []) },
  tail: { loaded: loader('loaded', sampleTail) },
  workers: { loaded: loader('loaded', sampleWorkers) },
  queues: { loaded: loader('loaded', sampleQueues) },
  metrics: {
    loaded: loader('loaded', sampleMetrics),
    empty: loader('loaded', { since: sampleMetrics.since, routes: [] }),
  },
};
