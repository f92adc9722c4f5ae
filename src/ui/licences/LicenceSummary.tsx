import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type LicenceFeatureState, LicenceFeatureStateSchema } from '../../contract/entities/licence';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectLoadedAs } from '../../machines/loader/loader.selectors';
import { Card } from '../kit/Card';
import { UsageBar } from '../licence-reports/charts/UsageBar';
import { FeatureChips } from './LicenceFeatures';
import { WarningText } from './LicenceWarning';

/**
 * What the project's licences give now (GET /licenses/features/state): the warning, the
 * licensed features, and each counted feature's use against what is licensed.
 */
const selectState = selectLoadedAs(LicenceFeatureStateSchema);

export function LicenceSummary({ loader }: { loader: ActorRefFrom<LoaderMachine> }) {
  const state = useSelector(loader, selectState);
  return state ? <SummaryCard state={state} /> : null;
}

export function SummaryCard({ state }: { state: LicenceFeatureState }) {
  const { t } = useTranslation('licences');
  return (
    <Card title={t('summary.title')} actions={<WarningText warning={state.warning} tone />}>
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-1.5">
          <p className="text-xs font-medium text-muted">{t('summary.features')}</p>
          <FeatureChips features={state.features} label={t('summary.features')} />
        </div>
        <div className="space-y-1.5">
          <p className="text-xs font-medium text-muted">{t('summary.counts')}</p>
          {(['sip', 'mobile_app', 'ukey2'] as const).map((f) => (
            <div key={f} className="grid grid-cols-[8rem_minmax(0,1fr)] items-center gap-2 text-[13px]">
              <span>{t(`counted.${f}`)}</span>
              {!state.features[f] && state.counts[f].licensed === 0 && state.counts[f].used === 0 ? (
                <span className="text-[12px] text-muted">{t('notLicensed')}</span>
              ) : (
                <UsageBar label={t(`counted.${f}`)} used={state.counts[f].used} available={state.counts[f].licensed} />
              )}
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}
