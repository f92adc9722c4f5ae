import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  type LicencesPeriodReport,
  LicencesPeriodReportSchema,
  type REPORT_FORMATS,
} from '../../contract/entities/licence';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoading, selectLoadError, selectLoadedAs } from '../../machines/loader/loader.selectors';
import { Card } from '../kit/Card';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { CountsChart } from './charts/CountsChart';
import { PeriodTimeline } from './charts/PeriodTimeline';
import { ExportButtons } from './ExportButtons';

const selectReport = selectLoadedAs(LicencesPeriodReportSchema);

/** Props of {@link LicencesPeriodView}. */
export interface LicencesPeriodViewProps {
  loader: ActorRefFrom<LoaderMachine>;
  onExport: (format: (typeof REPORT_FORMATS)[number]) => void;
}

/** Licences period (2.5): the licences and group periods on a time line, and the licensed counts month by month. */
export function LicencesPeriodView({ loader, onExport }: LicencesPeriodViewProps) {
  const { t } = useTranslation(['licences', 'errors']);
  const report = useSelector(loader, selectReport);
  const loading = useSelector(loader, selectIsLoading);
  const error = useSelector(loader, selectLoadError);
  if (error) return <p role="alert">{translateError(t, error)}</p>;
  if (!report) return loading ? <Spinner /> : null;
  return <PeriodReport report={report} onExport={onExport} />;
}

export function PeriodReport({
  report,
  onExport,
}: {
  report: LicencesPeriodReport;
  onExport: LicencesPeriodViewProps['onExport'];
}) {
  const { t } = useTranslation('licences');
  const now = new Date(report.generated_at);
  const today = report.generated_at.slice(0, 7);
  return (
    <div className="space-y-3">
      <Card title={t('report.timeline')} actions={<ExportButtons onExport={onExport} />}>
        <PeriodTimeline report={report} now={now} />
      </Card>
      <Card title={t('report.counts')}>
        <div className="grid gap-4 lg:grid-cols-3">
          {(['sip', 'mobile_app', 'ukey2'] as const).map((f) => (
            <CountsChart key={f} series={report.series} feature={f} today={today} />
          ))}
        </div>
      </Card>
    </div>
  );
}
