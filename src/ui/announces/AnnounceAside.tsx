import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AnnounceSchema } from '../../contract/entities/announce';
import { selectIsDirty } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { formatDateTime } from '../kit/format-date';
import { AnnounceStatus } from './AnnounceStatus';
import type { StartStopAccess } from './StartStopConfirm';

/** Props of {@link AnnounceAside}. */
export interface AnnounceAsideProps {
  formRef: FormRef;
  /** The caller may make the start and the stop call. */
  commands: StartStopAccess;
  onCommand: (command: 'start' | 'stop') => void;
  onResponses: () => void;
}

/** Beside an existing announce: its state, delivery counts, and start or stop. */
export function AnnounceAside({ formRef, commands, onCommand, onResponses }: AnnounceAsideProps) {
  const { t, i18n } = useTranslation('announces');
  const announce = useFormItem(formRef, AnnounceSchema);
  const dirty = useSelector(formRef, selectIsDirty);
  if (!announce) return null;
  const row = (label: string, value: string | number | null) =>
    value === null || value === '' ? null : (
      <div>
        <dt className="text-muted">{label}</dt>
        <dd>{value}</dd>
      </div>
    );
  return (
    <Card title={t('state.title')}>
      <dl className="space-y-2 text-[13px]">
        <div>
          <dt className="text-muted">{t('state.status')}</dt>
          <dd>
            <AnnounceStatus announce={announce} />
          </dd>
        </div>
        {row(
          t('state.execute_at'),
          announce.status === 'new' ? formatDateTime(announce.execute_at, i18n.language) : null,
        )}
        {row(t('state.started_at'), formatDateTime(announce.started_at, i18n.language))}
        {row(t('state.stopped_at'), formatDateTime(announce.stopped_at, i18n.language))}
        {announce.status === 'new' ? null : row(t('state.recipients'), announce.recipients_count)}
        {announce.type === 'poll' && announce.status !== 'new'
          ? row(t('state.responses'), announce.responses_count)
          : null}
        {row(t('state.author'), announce.created_by?.name ?? null)}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {commands.start && announce.status !== 'started' ? (
          <Button size="sm" variant="primary" disabled={dirty} onClick={() => onCommand('start')}>
            {announce.status === 'stopped' ? t('state.restart') : t('state.start')}
          </Button>
        ) : null}
        {commands.stop && announce.status === 'started' ? (
          <Button size="sm" variant="danger" onClick={() => onCommand('stop')}>
            {t('state.stop')}
          </Button>
        ) : null}
        {announce.type === 'poll' && announce.responses_count > 0 ? (
          <Button size="sm" variant="ghost" onClick={onResponses}>
            {t('state.responsesLink')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
