import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { RouteMetricsAnswer } from '../../contract/entities/system';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { SystemActionMachine } from '../../machines/system-action/system-action.machine';
import { formatInstant } from '../call-history/call-format';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { cx } from '../kit/class-names';
import { EmptyState } from '../kit/EmptyState';
import { Loaded } from './Loaded';
import { METRIC_SORTS, type MetricSort, sortRoutes } from './metrics-sort';

const COLUMNS = ['count', 'errors', 'client_errors', 'mean_ms', 'p50_ms', 'p95_ms', 'p99_ms', 'max_ms'] as const;

/** Props of {@link MetricsPanel}. */
export interface MetricsPanelProps {
  metricsRef: ActorRefFrom<LoaderMachine>;
  actionRef: ActorRefFrom<SystemActionMachine>;
  canReset: boolean;
}

/** Web metrics (2.5): per call since the last reset, sortable by requests, errors and p95; reset. */
export function MetricsPanel({ metricsRef, actionRef, canReset }: MetricsPanelProps) {
  const { t, i18n } = useTranslation('system');
  const [sort, setSort] = useState<MetricSort>('count');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card
      title={t('metrics.title')}
      actions={
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => metricsRef.send({ type: 'loader.reload' })}>
            {t('logs.refresh')}
          </Button>
          {canReset ? (
            <Button
              size="sm"
              onClick={() => actionRef.send({ type: 'action.requested', action: { kind: 'metrics', verb: 'reset' } })}
            >
              {t('metrics.reset')}
            </Button>
          ) : null}
        </div>
      }
    >
      <Loaded<RouteMetricsAnswer> actor={metricsRef} loading={t('metrics.loading')} failed={t('metrics.failed')}>
        {(answer) => (
          <div className="space-y-2">
            <p className="text-xs text-muted">
              {t('metrics.since', { time: formatInstant(answer.since, i18n.language) })}
            </p>
            {answer.routes.length === 0 ? (
              <EmptyState title={t('metrics.empty')} />
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-[13px]" aria-label={t('metrics.title')}>
                  <thead className="text-muted">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t('metrics.fields.route')}
                      </th>
                      {COLUMNS.map((field) => {
                        const sortable = (METRIC_SORTS as readonly string[]).includes(field);
                        const active = sort === field;
                        return (
                          <th
                            key={field}
                            scope="col"
                            className="py-1 pr-3 text-right font-medium whitespace-nowrap"
                            aria-sort={active ? 'descending' : undefined}
                          >
                            {sortable ? (
                              <button
                                type="button"
                                onClick={() => setSort(field as MetricSort)}
                                className={cx('hover:text-ink', active && 'font-semibold text-ink')}
                              >
                                {t(`metrics.fields.${field}`)}
                                {active ? ' ↓' : ''}
                              </button>
                            ) : (
                              t(`metrics.fields.${field}`)
                            )}
                          </th>
                        );
                      })}
                    </tr>
                  </thead>
                  <tbody>
                    {sortRoutes(answer.routes, sort).map((row) => (
                      <tr key={row.route} className="border-t border-line">
                        <th scope="row" className="py-1.5 pr-3 text-left font-mono text-xs font-normal">
                          {row.route}
                        </th>
                        {COLUMNS.map((field) => (
                          <td
                            key={field}
                            className={cx(
                              'py-1.5 pr-3 text-right tabular-nums',
                              field === 'errors' && row.errors > 0 && 'font-semibold text-danger-600',
                            )}
                          >
                            {number.format(row[field])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </Loaded>
    </Card>
  );
}
