import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { REPORT_FORMATS } from '../../contract/entities/licence';
import { usePageMachines } from '../app/actor-context';
import { PageHeader } from '../kit/PageHeader';
import { TabLinks } from '../kit/TabLinks';
import { ExportRunner } from './ExportRunner';
import { LicencesPeriodView } from './LicencesPeriodView';
import { LicencesUsedView } from './LicencesUsedView';

type Format = (typeof REPORT_FORMATS)[number];

/**
 * /reports/licenses: the two reports of 2.5 as tabs (the URL says which, and which group the
 * used report shows): licences used (each group's use against what it may hold, drilling down
 * the tree) and licences period (the licences and group periods on a time line, the licensed
 * counts month by month); each exports to Excel or CSV.
 */
export function LicenceReportsPage() {
  const { t } = useTranslation('licences');
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'period' ? 'period' : 'used';
  const raw = params.get('group');
  const group = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const machines = usePageMachines();
  const [exporting, setExporting] = useState<Format | null>(null);
  return (
    <div className="space-y-3">
      <PageHeader title={t('report.title')} description={t('report.subtitle')} />
      <TabLinks
        label={t('report.tabs')}
        current={tab}
        tabs={[
          { id: 'used', label: t('report.used'), to: '/reports/licenses' },
          { id: 'period', label: t('report.period'), to: '/reports/licenses?tab=period' },
        ]}
      />
      {tab === 'used' ? (
        <UsedRunner key={group ?? 'top'} group={group} onExport={setExporting} />
      ) : (
        <PeriodRunner onExport={setExporting} />
      )}
      {exporting ? (
        <ExportRunner
          key={`${tab}-${exporting}`}
          machine={
            tab === 'used'
              ? machines.licencesUsedExport(group === null ? {} : { group_id: group }, exporting)
              : machines.licencesPeriodExport({}, exporting)
          }
          onDone={() => setExporting(null)}
        />
      ) : null}
    </div>
  );
}

function UsedRunner({ group, onExport }: { group: number | null; onExport: (format: Format) => void }) {
  const loader = useActorRef(usePageMachines().licencesUsed(group));
  return <LicencesUsedView loader={loader} onExport={onExport} />;
}

function PeriodRunner({ onExport }: { onExport: (format: Format) => void }) {
  const loader = useActorRef(usePageMachines().licencesPeriod());
  return <LicencesPeriodView loader={loader} onExport={onExport} />;
}
