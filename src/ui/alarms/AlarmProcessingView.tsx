import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AlarmProcessingMachine } from '../../machines/alarm-processing/alarm-processing.machine';
import {
  selectAlarm,
  selectCanProcess,
  selectComment,
  selectCommentError,
  selectFailure,
  selectIsDone,
  selectIsLoading,
  selectIsProcessing,
  selectLoadFailed,
  selectProcessFailed,
  selectWasAlreadyProcessed,
} from '../../machines/alarm-processing/alarm-processing.selectors';
import { usePageStack } from '../app/use-page-stack';
import { formatInstant } from '../call-history/call-format';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { cx } from '../kit/class-names';
import { ErrorState } from '../kit/ErrorState';
import { FieldErrorText } from '../kit/FieldErrorText';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { ALARM_STATE_TONES } from './alarm-columns';

/** The processing page of one alarm: what and where, its times, the comment and Process; the result once processed. */
export function AlarmProcessingView({ processingRef }: { processingRef: ActorRefFrom<AlarmProcessingMachine> }) {
  const { t, i18n } = useTranslation(['alarms', 'errors', 'common']);
  const { closePage } = usePageStack();
  const alarm = useSelector(processingRef, selectAlarm);
  const comment = useSelector(processingRef, selectComment);
  const commentError = useSelector(processingRef, selectCommentError);
  const failure = useSelector(processingRef, selectFailure);
  const loading = useSelector(processingRef, selectIsLoading);
  const loadFailed = useSelector(processingRef, selectLoadFailed);
  const canProcess = useSelector(processingRef, selectCanProcess);
  const processing = useSelector(processingRef, selectIsProcessing);
  const processFailed = useSelector(processingRef, selectProcessFailed);
  const done = useSelector(processingRef, selectIsDone);
  const already = useSelector(processingRef, selectWasAlreadyProcessed);
  const commentId = useId();
  const back = () => closePage('/devices/alarms');
  const when = (iso: string | null) => (iso ? formatInstant(iso, i18n.language) : '—');

  return (
    <div className={cx(pageWidth('readable'), 'space-y-4')}>
      <PageHeader
        title={t('alarms:processing.title')}
        actions={
          <Button variant="secondary" onClick={back}>
            {t('alarms:processing.back')}
          </Button>
        }
      />
      {loadFailed ? (
        <ErrorState
          title={t('alarms:processing.loadFailed')}
          message={translateError(t, failure)}
          failure={failure}
          onRetry={() => processingRef.send({ type: 'retry' })}
          back={{ label: t('alarms:processing.back'), onClick: back }}
        />
      ) : loading && !alarm ? (
        <Spinner label={t('alarms:processing.loading')} />
      ) : alarm ? (
        <>
          <Card
            title={t('alarms:processing.heading', {
              sensor: t(`alarms:sensors.${alarm.sensor}`),
              device: alarm.device.name,
            })}
            actions={<Badge tone={ALARM_STATE_TONES[alarm.state]}>{t(`alarms:states.${alarm.state}`)}</Badge>}
          >
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
              <dt className="text-muted">{t('alarms:fields.device')}</dt>
              <dd>{alarm.device.name}</dd>
              <dt className="text-muted">{t('alarms:fields.group')}</dt>
              <dd>{alarm.domain?.name ?? '—'}</dd>
              <dt className="text-muted">{t('alarms:fields.sensor')}</dt>
              <dd>{t(`alarms:sensors.${alarm.sensor}`)}</dd>
              <dt className="text-muted">{t('alarms:fields.raised_at')}</dt>
              <dd>{when(alarm.raised_at)}</dd>
              <dt className="text-muted">{t('alarms:fields.cleared_at')}</dt>
              <dd>{when(alarm.cleared_at)}</dd>
              {alarm.processed_by ? (
                <>
                  <dt className="text-muted">{t('alarms:fields.processed_by')}</dt>
                  <dd>
                    {alarm.processed_by.name}, {when(alarm.processed_at)}
                  </dd>
                  <dt className="text-muted">{t('alarms:fields.comment')}</dt>
                  <dd className="whitespace-pre-wrap">{alarm.comment}</dd>
                </>
              ) : null}
            </dl>
          </Card>
          {done ? (
            <p role="status" className="rounded-md border border-line bg-success-50 px-3 py-2 text-sm">
              {already ? t('alarms:processing.already') : t('alarms:processing.processed')}
            </p>
          ) : (
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                processingRef.send({ type: 'process.submitted' });
              }}
            >
              <div>
                <label htmlFor={commentId} className="mb-1 block text-[13px] font-medium text-ink">
                  {t('alarms:fields.comment')}
                </label>
                <textarea
                  id={commentId}
                  rows={4}
                  value={comment}
                  disabled={!canProcess}
                  aria-invalid={commentError ? true : undefined}
                  aria-describedby={commentError ? `${commentId}-error` : undefined}
                  onChange={(e) => processingRef.send({ type: 'comment.changed', value: e.target.value })}
                  className={cx(
                    'block w-full rounded-md border bg-surface px-2.5 py-2 text-sm text-ink',
                    commentError ? 'border-danger-600' : 'border-line focus:border-brand-500',
                  )}
                />
                <FieldErrorText
                  id={`${commentId}-error`}
                  error={commentError ? { code: commentError, params: { max: 1000 } } : null}
                />
              </div>
              {processFailed && failure ? (
                <p role="alert" className="text-sm text-danger-600">
                  {translateError(t, failure)}
                </p>
              ) : null}
              <div className="flex gap-2">
                <Button type="submit" variant="primary" disabled={!canProcess || processing}>
                  {processing ? t('alarms:processing.busy') : t('alarms:processing.submit')}
                </Button>
                {processFailed ? (
                  <Button type="button" variant="secondary" onClick={() => processingRef.send({ type: 'retry' })}>
                    {t('alarms:processing.retry')}
                  </Button>
                ) : null}
              </div>
            </form>
          )}
        </>
      ) : null}
    </div>
  );
}
