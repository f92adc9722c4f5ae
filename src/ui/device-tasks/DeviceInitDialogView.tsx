import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { DeviceInitMachine } from '../../machines/device-init/device-init.machine';
import {
  selectDeletableCount,
  selectDeletedCount,
  selectInitAction,
  selectInitDevice,
  selectInitFailure,
  selectInitStep,
  selectInitTasks,
} from '../../machines/device-init/device-init.selectors';
import type { InitFailure } from '../../machines/device-init/device-init.types';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { TaskProgress } from './TaskProgress';
import { kindText, taskErrorText } from './task-texts';

type T = ReturnType<typeof useTranslation>['t'];

/** Props of {@link DeviceInitDialogView}. */
export interface DeviceInitDialogViewProps {
  initRef: ActorRefFrom<DeviceInitMachine>;
  onClose: () => void;
}

/** Why the dialog stopped: the failing task's own error, or the catalogue message of a call. */
function failureText(t: T, failure: InitFailure) {
  if (failure.task)
    return t('init.failedTask', {
      kind: kindText(t, failure.task.kind),
      reason: taskErrorText(t, { code: failure.code, message: failure.message ?? null }),
    });
  if (failure.code === 'no_tasks') return t('taskErrors.no_tasks');
  return translateError(t, failure);
}

function Note({ tone, children }: { tone: 'info' | 'success' | 'danger' | 'warning'; children: ReactNode }) {
  const tones = {
    info: 'border-info-600/30 bg-info-50 text-info-600',
    success: 'border-success-600/30 bg-success-50 text-success-600',
    danger: 'border-danger-600/30 bg-danger-50 text-danger-600',
    warning: 'border-warning-600/30 bg-warning-50 text-warning-600',
  };
  return (
    <p role={tone === 'danger' ? 'alert' : 'status'} className={`rounded border px-3 py-2 ${tones[tone]}`}>
      {children}
    </p>
  );
}

/** The init dialog over a deviceInit actor: one view per step, the batch's tasks with their progress. */
export function DeviceInitDialogView({ initRef, onClose }: DeviceInitDialogViewProps) {
  const { t } = useTranslation('deviceTasks');
  const step = useSelector(initRef, selectInitStep);
  const device = useSelector(initRef, selectInitDevice);
  const action = useSelector(initRef, selectInitAction);
  const tasks = useSelector(initRef, selectInitTasks);
  const failure = useSelector(initRef, selectInitFailure);
  const deletable = useSelector(initRef, selectDeletableCount);
  const deleted = useSelector(initRef, selectDeletedCount);
  const name = initRef.getSnapshot().context.deviceName;
  const settings = action === 'settings.apply';
  const send = (type: 'init.confirm' | 'init.cancel' | 'init.retry') => initRef.send({ type });

  const close = (
    <Button variant="secondary" onClick={onClose} autoFocus>
      {t('init.close')}
    </Button>
  );
  let body: ReactNode;
  let footer: ReactNode = close;
  switch (step) {
    case 'checking':
      body = <Spinner label={t('init.checking')} />;
      break;
    case 'refused':
      body = failure ? <Note tone="danger">{failureText(t, failure)}</Note> : null;
      break;
    case 'confirming':
    case 'sending':
      body = (
        <div className="space-y-3">
          <p>{settings ? t('init.introSettings') : t('init.intro')}</p>
          {device ? (
            <Note tone={device.status === 'online' ? 'success' : 'warning'}>
              {t(`init.${device.status}`)}{' '}
              <span className="text-muted">{t('init.protocol', { protocol: device.protocol })}</span>
            </Note>
          ) : null}
        </div>
      );
      footer = (
        <>
          {close}
          <Button variant="primary" loading={step === 'sending'} onClick={() => send('init.confirm')}>
            {settings ? t('init.confirmSettings') : t('init.confirm')}
          </Button>
        </>
      );
      break;
    case 'following':
    case 'cancelling':
      body = (
        <div className="space-y-3">
          <TaskProgress tasks={tasks} live />
          <p className="text-xs text-muted">{t('init.cancelHint', { count: deletable })}</p>
        </div>
      );
      footer = (
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('init.hide')}
          </Button>
          <Button
            variant="danger"
            disabled={deletable === 0 && step === 'following'}
            loading={step === 'cancelling'}
            onClick={() => send('init.cancel')}
          >
            {t('init.cancel')}
          </Button>
        </>
      );
      break;
    case 'cancelled':
      body = (
        <div className="space-y-3">
          <Note tone="info">{t('init.cancelled', { count: deleted ?? 0 })}</Note>
          <TaskProgress tasks={tasks} />
        </div>
      );
      break;
    case 'done':
      body = (
        <div className="space-y-3">
          <Note tone="success">{t('init.done')}</Note>
          <TaskProgress tasks={tasks} />
        </div>
      );
      footer = (
        <>
          <Link to="/devices/tasks" className="mr-auto self-center text-sm text-brand-700 underline">
            {t('init.openTasks')}
          </Link>
          {close}
        </>
      );
      break;
    case 'failed':
      body = (
        <div className="space-y-3">
          <p>{t('init.failed')}</p>
          {failure ? <Note tone="danger">{failureText(t, failure)}</Note> : null}
          {tasks.length ? <TaskProgress tasks={tasks} /> : null}
        </div>
      );
      footer = (
        <>
          {close}
          <Button variant="primary" onClick={() => send('init.retry')}>
            {t('init.retry')}
          </Button>
        </>
      );
      break;
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={settings ? t('init.titleSettings', { device: name }) : t('init.title', { device: name })}
      footer={footer}
    >
      {body}
    </Dialog>
  );
}
