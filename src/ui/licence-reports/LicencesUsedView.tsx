import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  type LicencesUsedReport,
  LicencesUsedReportSchema,
  type REPORT_FORMATS,
} from '../../contract/entities/licence';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoading, selectLoadError, selectLoadedAs } from '../../machines/loader/loader.selectors';
import { Badge } from '../kit/Badge';
import { Card } from '../kit/Card';
import { formatDateTime } from '../kit/format-date';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { periodText } from '../licences/licence-format';
import { UsageBar } from './charts/UsageBar';
import { ExportButtons } from './ExportButtons';

const selectReport = selectLoadedAs(LicencesUsedReportSchema);
const FEATURES = ['sip', 'mobile_app', 'ukey2'] as const;

/** Props of {@link LicencesUsedView}. */
export interface LicencesUsedViewProps {
  loader: ActorRefFrom<LoaderMachine>;
  onExport: (format: (typeof REPORT_FORMATS)[number]) => void;
}

/**
 * Licences used (2.5): the project's licensed and used counts, then a group and its children
 * (the caller's top group at first), each with a bar of use against what it may hold; a group
 * with children opens the next level, the path above leads back.
 */
export function LicencesUsedView({ loader, onExport }: LicencesUsedViewProps) {
  const { t } = useTranslation(['licences', 'errors']);
  const report = useSelector(loader, selectReport);
  const loading = useSelector(loader, selectIsLoading);
  const error = useSelector(loader, selectLoadError);
  if (error) return <p role="alert">{translateError(t, error)}</p>;
  if (!report) return loading ? <Spinner /> : null;
  return <UsedReport report={report} onExport={onExport} />;
}

export function UsedReport({
  report,
  onExport,
}: {
  report: LicencesUsedReport;
  onExport: LicencesUsedViewProps['onExport'];
}) {
  const { t, i18n } = useTranslation('licences');
  const locale = i18n.language;
  return (
    <div className="space-y-3">
      <Card
        title={t('report.project')}
        actions={
          <span className="text-xs text-muted">
            {t('report.generated', { at: formatDateTime(report.generated_at, locale) })}
          </span>
        }
      >
        <div className="grid gap-3 sm:grid-cols-3">
          {FEATURES.map((f) => (
            <div key={f} className="space-y-1">
              <p className="text-[13px] font-medium">{t(`counted.${f}`)}</p>
              <UsageBar
                label={t(`counted.${f}`)}
                used={report.project[f].used}
                available={report.project[f].licensed}
              />
            </div>
          ))}
        </div>
      </Card>
      <Card
        title={
          <nav aria-label={t('report.path')} className="flex flex-wrap items-center gap-1">
            <Link to="/reports/licenses" className="text-brand-700 hover:underline">
              {t('report.top')}
            </Link>
            {report.path.map((p, i) => (
              <span key={p.id} className="flex items-center gap-1">
                <span className="text-muted">/</span>
                {i === report.path.length - 1 ? (
                  <span aria-current="page">{p.name}</span>
                ) : (
                  <Link to={`/reports/licenses?group=${p.id}`} className="text-brand-700 hover:underline">
                    {p.name}
                  </Link>
                )}
              </span>
            ))}
          </nav>
        }
        actions={<ExportButtons onExport={onExport} />}
      >
        {report.rows.length === 0 ? (
          <p className="text-sm text-muted">{t('report.noGroups')}</p>
        ) : (
          <table className="w-full text-left text-[13px]">
            <caption className="sr-only">{t('report.used')}</caption>
            <thead className="text-muted">
              <tr>
                <th className="py-1.5 pr-3 font-medium">{t('report.group')}</th>
                {FEATURES.map((f) => (
                  <th key={f} className="py-1.5 pr-3 font-medium">
                    {t(`counted.${f}`)}
                  </th>
                ))}
                <th className="py-1.5 font-medium">{t('fields.period')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row, i) => (
                <tr key={row.group.id} className="border-t border-line align-middle">
                  <td className={i === 0 && report.group ? 'py-1.5 pr-3 font-semibold' : 'py-1.5 pr-3 pl-3'}>
                    <span className="flex items-center gap-1.5 whitespace-nowrap">
                      {row.has_children && !(i === 0 && report.group) ? (
                        <Link to={`/reports/licenses?group=${row.group.id}`} className="text-brand-700 hover:underline">
                          {row.group.name}
                        </Link>
                      ) : (
                        row.group.name
                      )}
                      {row.own ? <Badge tone="brand">{t('report.own')}</Badge> : null}
                    </span>
                  </td>
                  {FEATURES.map((f) => (
                    <td key={f} className="min-w-44 py-1.5 pr-3">
                      <UsageBar
                        label={`${row.group.name}, ${t(`counted.${f}`)}`}
                        used={row[f].used}
                        available={row[f].available}
                      />
                    </td>
                  ))}
                  <td className="py-1.5 text-muted">{periodText(row.restrict_period, locale) ?? t('unlimited')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
