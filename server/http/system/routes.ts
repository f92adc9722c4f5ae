import { cpus, hostname, loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { LOG_TAIL_LINES } from '../../../src/contract/entities/system';
import { API_BASE } from '../../../src/contract/http';
import type { AppContext } from '../../context';
import { dialectOf } from '../../db/dialects';
import { listLogs, tailLog, zipLogs } from '../../domain/system/logs';
import { clearQueue, queueSummary, retryQueue } from '../../domain/system/queues';
import { VERSION } from '../../version';
import { registerCall } from '../plumbing/register-call';

/**
 * System (7.8, 7.2 /logs/download): the answering node's information, logs, workers and
 * per-route metrics, Prometheus's text, and the project's queues (docs/decisions.md,
 * "System and metrics").
 */
export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { config } = ctx;
  const logDir = config.system.logDir;

  registerCall(app, 'GET /system/info', async () => {
    const memory = process.memoryUsage();
    return {
      data: {
        version: VERSION,
        node_version: process.version,
        database: dialectOf(ctx.db),
        started_at: ctx.startedAt.toISOString(),
        uptime_seconds: Math.floor((Date.now() - ctx.startedAt.getTime()) / 1000),
        hostname: hostname(),
        pid: process.pid,
        platform: `${process.platform} ${process.arch}`,
        cpus: cpus().length,
        load_average: loadavg().map((n) => Math.round(n * 100) / 100),
        memory_rss_bytes: memory.rss,
        heap_used_bytes: memory.heapUsed,
        log_file_level: config.system.logFileLevel,
        audit_retention_days: config.system.auditRetentionDays,
        prometheus: { path: `${API_BASE}/metrics`, token: config.system.metricsToken !== null },
      },
    };
  });

  registerCall(app, 'GET /system/logs/available', async () => ({ data: await listLogs(logDir) }));
  registerCall(app, 'GET /system/logs/{log}/100', async ({ params }) => ({
    data: { name: params.log, lines: await tailLog(logDir, params.log, LOG_TAIL_LINES) },
  }));
  registerCall(app, 'GET /logs/download', async () => ({
    file: {
      contentType: 'application/zip',
      filename: `gatehouse-logs-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.zip`,
      data: await zipLogs(logDir),
    },
  }));

  registerCall(app, 'GET /system/workers', async () => ({ data: await ctx.workers.list() }));
  registerCall(app, 'POST /system/workers/{name}/start', async ({ params }) => ({
    data: await ctx.workers.start(params.name),
  }));
  registerCall(app, 'POST /system/workers/{name}/stop', async ({ params }) => ({
    data: await ctx.workers.stop(params.name),
  }));
  registerCall(app, 'POST /system/workers/{name}/restart', async ({ params }) => ({
    data: await ctx.workers.restart(params.name),
  }));

  registerCall(app, 'GET /metrics/routes', async () => ({ data: await ctx.metrics.routes() }));
  registerCall(app, 'POST /metrics/routes/reset', async () => ({ data: await ctx.metrics.reset() }));
  registerCall(app, 'GET /metrics', async () => ({
    file: { contentType: ctx.metrics.contentType, data: await ctx.metrics.text(), cacheControl: 'no-store' },
  }));

  registerCall(app, 'GET /system/queues', async ({ auth }) => ({ data: await queueSummary(ctx.db, auth) }));
  registerCall(app, 'POST /system/queues/{queue}/retry', async ({ auth, params }) => ({
    data: { retried: await retryQueue(ctx, auth, params.queue) },
  }));
  registerCall(app, 'POST /system/queues/{queue}/clear', async ({ auth, params, body }) => ({
    data: { cleared: await clearQueue(ctx, auth, params.queue, body.status) },
  }));
}
