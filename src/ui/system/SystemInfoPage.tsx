import { useActorRef } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { usePageMachines } from '../app/actor-context';
import { useMayCall } from '../entities/use-access';
import { systemTabOf } from './SystemTabs';
import { SystemView, type SystemViewProps } from './SystemView';

/**
 * /system-info (7.8, 2.5): information, logs, workers, queue management and web metrics, one tab
 * each (?tab=). The action actor lives across tabs; each tab's loader lives while it is shown.
 */
export function SystemInfoPage() {
  const [params] = useSearchParams();
  const tab = systemTabOf(params.get('tab'));
  const { systemAction } = usePageMachines();
  const actionRef = useActorRef(systemAction);
  const can = {
    workers: useMayCall('POST /system/workers/{name}/restart'),
    queues: useMayCall('POST /system/queues/{queue}/clear'),
    metrics: useMayCall('POST /metrics/routes/reset'),
  };
  return <SystemTabPanel key={tab} tab={tab} actionRef={actionRef} can={can} />;
}

function SystemTabPanel(props: Omit<SystemViewProps, 'loaderRef'>) {
  const machines = usePageMachines();
  // One loader per tab, made when the tab opens (the others load nothing meanwhile).
  const loaderRef = useActorRef(
    {
      info: machines.systemInfo,
      logs: machines.logFiles,
      workers: machines.workers,
      queues: machines.queues,
      metrics: machines.routeMetrics,
    }[props.tab],
  );
  return <SystemView {...props} loaderRef={loaderRef} />;
}
