import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Worker } from '../../contract/entities/system';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { SystemActionMachine } from '../../machines/system-action/system-action.machine';
import { formatInstant } from '../call-history/call-format';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { Loaded } from './Loaded';
import { workerText } from './system-format';

/** Props of {@link WorkersPanel}. */
export interface WorkersPanelProps {
  workersRef: ActorRefFrom<LoaderMachine>;
  actionRef: ActorRefFrom<SystemActionMachine>;
  /** The caller may start, stop and restart workers. */
  canAct: boolean;
}

/** The node's background workers (7.8): state, last run, last failure, queue; start, stop, restart. */
export function WorkersPanel({ workersRef, actionRef, canAct }: WorkersPanelProps) {
  const { t, i18n } = useTranslation('system');
  const when = (iso: string | null) => (iso ? formatInstant(iso, i18n.language) : t('workers.never'));
  const ask = (verb: 'start' | 'stop' | 'restart', name: string) =>
    actionRef.send({ type: 'action.requested', action: { kind: 'worker', verb, name } });
  return (
    <Card
      title={t('workers.title')}
      actions={
        <Button size="sm" variant="ghost" onClick={() => workersRef.send({ type: 'loader.reload' })}>
          {t('logs.refresh')}
        </Button>
      }
    >
      <Loaded<Worker[]> actor={workersRef} loading={t('workers.loading')} failed={t('workers.failed')}>
        {(workers) => (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-[13px]" aria-label={t('workers.title')}>
              <thead className="text-muted">
                <tr>
                  {(['name', 'state', 'started', 'lastRun', 'runs', 'queue', 'lastError'] as const).map((field) => (
                    <th key={field} scope="col" className="py-1 pr-3 font-medium">
                      {t(`workers.fields.${field}`)}
                    </th>
                  ))}
                  {canAct ? <th scope="col" className="py-1" /> : null}
                </tr>
              </thead>
              <tbody>
                {workers.map((w) => (
                  <tr key={w.name} className="border-t border-line align-top">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                      {workerText(t, w.name)}
                      <div className="font-mono text-xs text-muted">{w.name}</div>
                    </th>
                    <td className="py-1.5 pr-3">
                      <Badge tone={w.state === 'running' ? 'success' : 'warning'}>
                        {t(`workers.states.${w.state}`)}
                      </Badge>
                    </td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{when(w.started_at)}</td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{when(w.last_run_at)}</td>
                    <td className="py-1.5 pr-3">{w.runs}</td>
                    <td className="py-1.5 pr-3">{w.queue_length ?? t('workers.none')}</td>
                    <td className="py-1.5 pr-3 text-xs">
                      {w.last_error ? (
                        <span className="text-danger-600" title={w.last_error_at ?? undefined}>
                          {t('workers.errors', { count: w.errors })}: {w.last_error}
                        </span>
                      ) : (
                        t('workers.none')
                      )}
                    </td>
                    {canAct ? (
                      <td className="py-1.5">
                        <div className="flex justify-end gap-1">
                          {w.state === 'running' ? (
                            <Button size="sm" onClick={() => ask('stop', w.name)}>
                              {t('workers.stop')}
                            </Button>
                          ) : (
                            <Button size="sm" onClick={() => ask('start', w.name)}>
                              {t('workers.start')}
                            </Button>
                          )}
                          <Button size="sm" onClick={() => ask('restart', w.name)}>
                            {t('workers.restart')}
                          </Button>
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </Card>
  );
}
