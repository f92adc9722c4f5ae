import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AuditEvent } from '../../contract/entities/audit-event';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import {
  selectIsLoadFailed,
  selectIsLoading,
  selectLoadError,
  selectLoadedData,
} from '../../machines/loader/loader.selectors';
import { usePageMachines } from '../app/actor-context';
import { formatInstant } from '../call-history/call-format';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { ErrorState } from '../kit/ErrorState';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { actionText, entityText, valueText } from './audit-texts';

/** The diff view of one audit event: loads it when it opens. */
export function AuditEventDialog(props: { id: number; onClose: () => void }) {
  const { auditEvent } = usePageMachines();
  const actor = useActorRef(auditEvent(props.id));
  return <AuditEventView actor={actor} id={props.id} onClose={props.onClose} />;
}

/** One event: who, when, where, the call, then each changed field before and after. */
export function AuditEventView(props: { actor: ActorRefFrom<LoaderMachine>; id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation(['audit', 'common', 'errors']);
  const { actor } = props;
  const event = useSelector(actor, selectLoadedData<AuditEvent>);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsLoadFailed);
  const error = useSelector(actor, selectLoadError);
  return (
    <Dialog
      open
      width="wide"
      onClose={props.onClose}
      title={t('audit:diff.title', { id: props.id })}
      footer={
        <Button variant="primary" onClick={props.onClose}>
          {t('audit:diff.close')}
        </Button>
      }
    >
      {loading ? (
        <Spinner label={t('audit:diff.loading')} />
      ) : failed || !event ? (
        <ErrorState
          title={t('audit:diff.label')}
          message={error ? translateError(t, error) : undefined}
          failure={error ?? undefined}
          onRetry={() => actor.send({ type: 'loader.reload' })}
        />
      ) : (
        <div className="space-y-3">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-[13px]">
            <dt className="text-muted">{t('audit:fields.created_at')}</dt>
            <dd>{formatInstant(event.created_at, i18n.language)}</dd>
            <dt className="text-muted">{t('audit:fields.user')}</dt>
            <dd>
              {event.user ? `${event.user.name}${event.user.login ? ` (${event.user.login})` : ''}` : t('audit:system')}
            </dd>
            <dt className="text-muted">{t('audit:fields.object')}</dt>
            <dd>
              {entityText(t, event.entity)} · {event.entity_key ?? ''}
              {event.entity_id !== null ? ` #${event.entity_id}` : ''} · {actionText(t, event.action)}
            </dd>
            <dt className="text-muted">{t('audit:fields.ip')}</dt>
            <dd className="font-mono text-xs">{event.ip ?? ''}</dd>
            <dt className="text-muted">{t('audit:fields.call')}</dt>
            <dd className="font-mono text-xs">{event.call ?? ''}</dd>
            <dt className="text-muted">{t('audit:fields.request_id')}</dt>
            <dd className="font-mono text-xs break-all">{event.request_id ?? ''}</dd>
          </dl>
          {event.changes.length === 0 ? (
            <p className="text-muted">{t('audit:diff.none')}</p>
          ) : (
            <table className="w-full table-fixed text-left text-[13px]" aria-label={t('audit:diff.label')}>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="w-1/4 py-1 pr-3 font-medium">
                    {t('audit:diff.field')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('audit:diff.before')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('audit:diff.after')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {event.changes.map((change) => (
                  <tr key={change.field} className="border-t border-line align-top">
                    <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-normal break-all">
                      {change.field}
                    </th>
                    {change.secret ? (
                      <td colSpan={2} className="py-1.5 text-muted italic">
                        {t('audit:diff.secret')}
                      </td>
                    ) : (
                      <>
                        <td className="py-1.5 pr-3 break-words whitespace-pre-wrap">
                          <span className="rounded bg-danger-50 px-1 text-danger-600">
                            {valueText(change.before) || t('audit:diff.absent')}
                          </span>
                        </td>
                        <td className="py-1.5 break-words whitespace-pre-wrap">
                          <span className="rounded bg-success-50 px-1 text-success-600">
                            {valueText(change.after) || t('audit:diff.absent')}
                          </span>
                        </td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {Object.keys(event.details).length > 0 ? (
            <details className="text-[13px]">
              <summary className="cursor-pointer text-muted">{t('audit:diff.details')}</summary>
              <pre className="mt-1 max-h-48 overflow-auto rounded bg-canvas p-2 font-mono text-xs">
                {JSON.stringify(event.details, null, 2)}
              </pre>
            </details>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
