import * as v from 'valibot';

/**
 * System (7.8): what an operator checks on the server node that answers, its logs, its
 * background workers, its per-route metrics and the queues of work it keeps
 * (docs/decisions.md, "System and metrics"). Logs, workers and metrics are the answering
 * node's own; queues live in the database and are the caller's project's.
 */

/** GET /system/info answer (7.8, needs `system.view_info`): what an operator checks first. */
export const SystemInfoSchema = v.object({
  version: v.string(),
  node_version: v.string(),
  database: v.picklist(['sqlite', 'postgres']),
  started_at: v.string(),
  uptime_seconds: v.number(),
  hostname: v.string(),
  pid: v.number(),
  platform: v.string(),
  cpus: v.number(),
  /** 1, 5 and 15 minute load averages of the machine. */
  load_average: v.array(v.number()),
  memory_rss_bytes: v.number(),
  heap_used_bytes: v.number(),
  /** The level written to the log files (`off`: no files). */
  log_file_level: v.string(),
  /** Days audit events are kept. */
  audit_retention_days: v.number(),
  /** Where Prometheus scrapes, and whether a METRICS_TOKEN lets it in without a user session. */
  prometheus: v.object({ path: v.string(), token: v.boolean() }),
});
export type SystemInfo = v.InferOutput<typeof SystemInfoSchema>;

/** The last lines a log view shows (7.8 `/system/logs/{log}/100`). */
export const LOG_TAIL_LINES = 100;

/** A log file's name as the server writes them (`server.3.log`): nothing else names a file. */
export const LOG_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}(\.\d{1,6})?\.log$/;

export const LogFileSchema = v.object({
  name: v.string(),
  size_bytes: v.number(),
  modified_at: v.string(),
  /** The file being written now. */
  current: v.boolean(),
});
export type LogFile = v.InferOutput<typeof LogFileSchema>;

export const LogParamsSchema = v.object({ log: v.pipe(v.string(), v.regex(LOG_NAME_PATTERN)) });

export const LogTailSchema = v.object({ name: v.string(), lines: v.array(v.string()) });
export type LogTail = v.InferOutput<typeof LogTailSchema>;

/** A background worker's state (7.8 /system/workers). */
export const WORKER_STATES = ['running', 'stopped'] as const;
export type WorkerState = (typeof WORKER_STATES)[number];

export const WorkerSchema = v.object({
  /** Stable id: `device-tasks`, `announce-scheduler`, `mail-sender`, … */
  name: v.string(),
  state: v.picklist(WORKER_STATES),
  started_at: v.nullable(v.string()),
  stopped_at: v.nullable(v.string()),
  /** When it last did a round of its work, and how many it did since the process started. */
  last_run_at: v.nullable(v.string()),
  runs: v.number(),
  last_error: v.nullable(v.string()),
  last_error_at: v.nullable(v.string()),
  errors: v.number(),
  /** Work waiting for it, for a worker that has a queue; null otherwise. */
  queue_length: v.nullable(v.number()),
});
export type Worker = v.InferOutput<typeof WorkerSchema>;

export const WorkerParamsSchema = v.object({ name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]{0,63}$/)) });

/** One route's figures since the last reset (this server node). */
export const RouteMetricsSchema = v.object({
  /** The call, e.g. `GET /users/items`. */
  route: v.string(),
  count: v.number(),
  /** Answers 500 and above (the server failed). */
  errors: v.number(),
  /** Answers 400 to 499 (the call was refused). */
  client_errors: v.number(),
  mean_ms: v.number(),
  p50_ms: v.number(),
  p95_ms: v.number(),
  p99_ms: v.number(),
  max_ms: v.number(),
});
export type RouteMetrics = v.InferOutput<typeof RouteMetricsSchema>;

export const RouteMetricsAnswerSchema = v.object({
  /** When the figures started (start of the process, or the last reset). */
  since: v.string(),
  routes: v.array(RouteMetricsSchema),
});
export type RouteMetricsAnswer = v.InferOutput<typeof RouteMetricsAnswerSchema>;

/** The queues of the queue management screen (2.5): device tasks and the mail outbox. */
export const QUEUE_NAMES = ['device_tasks', 'mail'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Statuses of the mail outbox: `kept` (mail mode none), `queued`, `sent`, `failed`. */
export const MAIL_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;

export const QueueSchema = v.object({
  queue: v.picklist(QUEUE_NAMES),
  /** Items per status (every status of the queue, zeros included). */
  counts: v.record(v.string(), v.number()),
  /** Statuses a retry takes up again, and statuses a clear may remove. */
  retryable: v.array(v.string()),
  clearable: v.array(v.string()),
});
export type Queue = v.InferOutput<typeof QueueSchema>;

export const QueueParamsSchema = v.object({ queue: v.picklist(QUEUE_NAMES) });

/** What a clear removes: the items of one status. */
export const QueueClearSchema = v.object({ status: v.pipe(v.string(), v.maxLength(32)) });

export const QueueRetriedSchema = v.object({ data: v.object({ retried: v.number() }) });
export const QueueClearedSchema = v.object({ data: v.object({ cleared: v.number() }) });
