import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { SystemActionMachine } from '../../machines/system-action/system-action.machine';
import { PageHeader } from '../kit/PageHeader';
import { InfoPanel } from './InfoPanel';
import { LogsPanel } from './LogsPanel';
import { MetricsPanel } from './MetricsPanel';
import { QueuesPanel } from './QueuesPanel';
import { SystemActionConfirm } from './SystemActionConfirm';
import { type SystemTab, SystemTabs } from './SystemTabs';
import { WorkersPanel } from './WorkersPanel';

/** Props of {@link SystemView}. */
export interface SystemViewProps {
  tab: SystemTab;
  /** The open tab's loader (info, log files, workers, queues or metrics). */
  loaderRef: ActorRefFrom<LoaderMachine>;
  actionRef: ActorRefFrom<SystemActionMachine>;
  can: { workers: boolean; queues: boolean; metrics: boolean };
}

/** The System page: heading, tabs, the open tab's panel, the action's confirmation. */
export function SystemView({ tab, loaderRef, actionRef, can }: SystemViewProps) {
  const { t } = useTranslation('system');
  const readOnly = !(can.workers || can.queues || can.metrics);
  return (
    <div className="space-y-3">
      <PageHeader title={t('title')} description={t('subtitle')} />
      {readOnly ? <p className="-mt-2 text-[13px] text-muted">{t('readOnly')}</p> : null}
      <SystemTabs current={tab} />
      {tab === 'info' ? <InfoPanel infoRef={loaderRef} /> : null}
      {tab === 'logs' ? <LogsPanel filesRef={loaderRef} /> : null}
      {tab === 'workers' ? <WorkersPanel workersRef={loaderRef} actionRef={actionRef} canAct={can.workers} /> : null}
      {tab === 'queues' ? <QueuesPanel queuesRef={loaderRef} actionRef={actionRef} canAct={can.queues} /> : null}
      {tab === 'metrics' ? <MetricsPanel metricsRef={loaderRef} actionRef={actionRef} canReset={can.metrics} /> : null}
      <SystemActionConfirm actionRef={actionRef} />
    </div>
  );
}
