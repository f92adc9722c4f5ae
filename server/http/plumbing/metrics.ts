import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry, Summary } from 'prom-client';
import type { RouteMetrics, RouteMetricsAnswer } from '../../../src/contract/entities/system';
import type { WorkerRegistry } from '../../workers/registry';

/**
 * What the server measures of itself (docs/decisions.md, "System and metrics"), per server node:
 *
 * - for Prometheus (`GET /metrics`, prom-client): request durations per call, method and status
 *   class (a histogram: buckets add up across nodes), the workers' state and queues, audit trail
 *   failures, and Node's own (CPU, memory, event-loop delay, GC). These only grow, as Prometheus
 *   expects of counters; the console's reset does not touch them;
 * - for the web metrics screen (`GET /metrics/routes`): per call since the last reset, count,
 *   errors (5xx), refusals (4xx), mean, p50, p95, p99 (prom-client's summary, a t-digest) and max.
 *
 * Console assets are counted for Prometheus as `console`; API paths that name no call as
 * `unmatched`. The screen lists calls only.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Tally {
  count: number;
  errors: number;
  clientErrors: number;
  sumMs: number;
  maxMs: number;
}

export function createServerMetrics(deps: {
  workers: WorkerRegistry;
  auditFailures: { count: number };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gatehouse_' });
  const duration = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'HTTP requests by contract call, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const listWorkers = () => deps.workers.list();
  new Gauge({
    name: 'gatehouse_worker_running',
    help: 'Background workers: 1 running, 0 stopped',
    labelNames: ['worker'] as const,
    registers: [registry],
    async collect() {
      for (const w of await listWorkers()) this.set({ worker: w.name }, w.state === 'running' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'gatehouse_worker_queue_length',
    help: 'Work waiting for a background worker that has a queue',
    labelNames: ['worker'] as const,
    registers: [registry],
    async collect() {
      for (const w of await listWorkers()) if (w.queue_length !== null) this.set({ worker: w.name }, w.queue_length);
    },
  });
  new Gauge({
    name: 'gatehouse_worker_errors',
    help: 'Failed rounds of a background worker since the process started',
    labelNames: ['worker'] as const,
    registers: [registry],
    async collect() {
      for (const w of await listWorkers()) this.set({ worker: w.name }, w.errors);
    },
  });
  new Counter({
    name: 'gatehouse_audit_write_failures_total',
    help: 'Audit events that could not be written (the act itself was done)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.auditFailures.count);
    },
  });

  // The screen's figures: reset from the console, never registered with Prometheus.
  let latency = newSummary();
  let tallies = new Map<string, Tally>();
  let since = now();

  function observe(route: string, method: string, status: number, ms: number, isCall: boolean): void {
    duration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, ms / 1000);
    if (!isCall) return;
    let tally = tallies.get(route);
    if (!tally) {
      tally = { count: 0, errors: 0, clientErrors: 0, sumMs: 0, maxMs: 0 };
      tallies.set(route, tally);
    }
    tally.count++;
    if (status >= 500) tally.errors++;
    else if (status >= 400) tally.clientErrors++;
    tally.sumMs += ms;
    tally.maxMs = Math.max(tally.maxMs, ms);
    latency.observe({ route }, ms);
  }

  async function routes(): Promise<RouteMetricsAnswer> {
    const quantiles = new Map<string, Record<string, number>>();
    for (const value of (await latency.get()).values) {
      const { route, quantile } = value.labels as { route?: string; quantile?: number };
      if (route === undefined || quantile === undefined) continue;
      const q = quantiles.get(route) ?? {};
      q[String(quantile)] = value.value;
      quantiles.set(route, q);
    }
    const round = (ms: number) => Math.round((Number.isFinite(ms) ? ms : 0) * 100) / 100;
    const rows: RouteMetrics[] = [...tallies].map(([route, t]) => {
      const q = quantiles.get(route) ?? {};
      return {
        route,
        count: t.count,
        errors: t.errors,
        client_errors: t.clientErrors,
        mean_ms: round(t.count ? t.sumMs / t.count : 0),
        p50_ms: round(q['0.5'] ?? 0),
        p95_ms: round(q['0.95'] ?? 0),
        p99_ms: round(q['0.99'] ?? 0),
        max_ms: round(t.maxMs),
      };
    });
    rows.sort((a, b) => b.count - a.count || a.route.localeCompare(b.route));
    return { since: since.toISOString(), routes: rows };
  }

  return {
    observe,
    routes,
    /** Starts the screen's figures again (Prometheus's keep growing). */
    async reset(): Promise<RouteMetricsAnswer> {
      latency = newSummary();
      tallies = new Map();
      since = now();
      return routes();
    },
    /** The Prometheus text exposition. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;

function newSummary() {
  return new Summary({
    name: 'gatehouse_route_latency_ms',
    help: 'per-route latency of the web metrics screen',
    labelNames: ['route'] as const,
    percentiles: [0.5, 0.95, 0.99],
    registers: [],
  });
}

/** Measures every answer of the app (the API, the console's assets, not-found). */
export function installMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const call = request.routeOptions.config?.call?.key;
    const route = call ?? (request.url.startsWith('/api/') ? 'unmatched' : 'console');
    metrics.observe(route, request.method, reply.statusCode, reply.elapsedTime, call !== undefined);
  });
}
