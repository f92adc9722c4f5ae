import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { EmergencyAlertSchema } from '../../contract/entities/emergency-alert';
import { selectIsDirty } from '../../machines/entity-form/entity-form.selectors';
import type { StartStopAccess } from '../announces/StartStopConfirm';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { formatDateTime } from '../kit/format-date';
import { AlertStatus } from './AlertStatus';

/** Props of {@link AlertAside}. */
export interface AlertAsideProps {
  formRef: FormRef;
  /** The caller may make the start and the stop call. */
  commands: StartStopAccess;
  onCommand: (command: 'start' | 'stop') => void;
}

/** Beside an existing alert: its stored state, and start or stop. */
export function AlertAside({ formRef, commands, onCommand }: AlertAsideProps) {
  const { t, i18n } = useTranslation('emergency');
  const alert = useFormItem(formRef, EmergencyAlertSchema);
  const dirty = useSelector(formRef, selectIsDirty);
  if (!alert) return null;
  return (
    <Card title={t('state.title')}>
      <dl className="space-y-2 text-[13px]">
        <div>
          <dt className="text-muted">{t('state.status')}</dt>
          <dd>
            <AlertStatus status={alert.status} />
          </dd>
        </div>
        {alert.started_at ? (
          <div>
            <dt className="text-muted">{t('state.started_at')}</dt>
            <dd>{formatDateTime(alert.started_at, i18n.language)}</dd>
          </div>
        ) : null}
        {alert.stopped_at ? (
          <div>
            <dt className="text-muted">{t('state.stopped_at')}</dt>
            <dd>{formatDateTime(alert.stopped_at, i18n.language)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted">{t('state.author')}</dt>
          <dd>{alert.created_by_user?.name ?? '—'}</dd>
        </div>
      </dl>
      {commands[alert.status === 'started' ? 'stop' : 'start'] ? (
        <div className="mt-3">
          {alert.status === 'started' ? (
            <Button size="sm" variant="danger" onClick={() => onCommand('stop')}>
              {t('state.stop')}
            </Button>
          ) : (
            <Button size="sm" variant="primary" disabled={dirty} onClick={() => onCommand('start')}>
              {t('state.start')}
            </Button>
          )}
        </div>
      ) : null}
      <p className="mt-3 text-[12px] text-muted">{t('state.devicesLater')}</p>
    </Card>
  );
}
