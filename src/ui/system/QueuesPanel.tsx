import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Queue } from '../../contract/entities/system';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { SystemActionMachine } from '../../machines/system-action/system-action.machine';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { Loaded } from './Loaded';

/** Props of {@link QueuesPanel}. */
export interface QueuesPanelProps {
  queuesRef: ActorRefFrom<LoaderMachine>;
  actionRef: ActorRefFrom<SystemActionMachine>;
  /** The caller may retry and clear. */
  canAct: boolean;
}

/** Queue management (2.5): the project's device tasks and mail outbox by status; retry the failed, clear a status. */
export function QueuesPanel({ queuesRef, actionRef, canAct }: QueuesPanelProps) {
  const { t } = useTranslation('system');
  return (
    <Loaded<Queue[]> actor={queuesRef} loading={t('queues.loading')} failed={t('queues.failed')}>
      {(queues) => (
        <div className="grid gap-3 lg:grid-cols-2">
          {queues.map((queue) => {
            const failed = queue.retryable.reduce((sum, status) => sum + (queue.counts[status] ?? 0), 0);
            return (
              <Card
                key={queue.queue}
                title={t(`queues.names.${queue.queue}`)}
                actions={
                  canAct ? (
                    <Button
                      size="sm"
                      disabled={failed === 0}
                      onClick={() =>
                        actionRef.send({
                          type: 'action.requested',
                          action: { kind: 'queue', verb: 'retry', queue: queue.queue },
                        })
                      }
                    >
                      {t('queues.retry')} ({failed})
                    </Button>
                  ) : null
                }
              >
                <table className="w-full text-left text-[13px]" aria-label={t(`queues.names.${queue.queue}`)}>
                  <thead className="text-muted">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t('queues.status')}
                      </th>
                      <th scope="col" className="py-1 pr-3 text-right font-medium">
                        {t('queues.count')}
                      </th>
                      {canAct ? <th scope="col" className="py-1" /> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(queue.counts).map(([status, count]) => (
                      <tr key={status} className="border-t border-line">
                        <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                          {t(`queues.statuses.${status}`, { defaultValue: status })}
                        </th>
                        <td className="py-1.5 pr-3 text-right tabular-nums">{count}</td>
                        {canAct ? (
                          <td className="py-1.5 text-right">
                            {queue.clearable.includes(status) ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                disabled={count === 0}
                                aria-label={`${t('queues.clear')}: ${t(`queues.statuses.${status}`, { defaultValue: status })}`}
                                onClick={() =>
                                  actionRef.send({
                                    type: 'action.requested',
                                    action: { kind: 'queue', verb: 'clear', queue: queue.queue, status },
                                  })
                                }
                              >
                                {t('queues.clear')}
                              </Button>
                            ) : null}
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
            );
          })}
        </div>
      )}
    </Loaded>
  );
}
