import type { RouteMetrics } from '../../contract/entities/system';

/** What the web metrics table sorts by (2.5 web metrics): most requests, most errors, slowest. */
export const METRIC_SORTS = ['count', 'errors', 'p95_ms'] as const;
export type MetricSort = (typeof METRIC_SORTS)[number];

/** The routes ordered by `sort`, largest first; ties by call name. */
export function sortRoutes(routes: readonly RouteMetrics[], sort: MetricSort): RouteMetrics[] {
  return [...routes].sort((a, b) => b[sort] - a[sort] || a.route.localeCompare(b.route));
}
