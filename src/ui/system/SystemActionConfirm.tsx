import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SystemActionMachine } from '../../machines/system-action/system-action.machine';
import {
  selectIsActing,
  selectIsConfirmingAction,
  selectSystemAction,
} from '../../machines/system-action/system-action.selectors';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { workerText } from './system-format';

/** The confirmation every system action asks first: which worker, which queue and status, or the reset. */
export function SystemActionConfirm({ actionRef }: { actionRef: ActorRefFrom<SystemActionMachine> }) {
  const { t } = useTranslation('system');
  const open = useSelector(actionRef, selectIsConfirmingAction);
  const busy = useSelector(actionRef, selectIsActing);
  const action = useSelector(actionRef, selectSystemAction);
  if (!open || !action) return null;
  let message: string;
  if (action.kind === 'worker') message = t(`confirm.worker.${action.verb}`, { name: workerText(t, action.name) });
  else if (action.kind === 'queue') {
    const queue = t(`queues.names.${action.queue}`);
    message =
      action.verb === 'retry'
        ? t('confirm.queue.retry', { queue })
        : t('confirm.queue.clear', {
            queue,
            status: t(`queues.statuses.${action.status}`, { defaultValue: action.status }),
          });
  } else message = t('confirm.metrics.reset');
  const destructive = action.verb === 'stop' || action.verb === 'clear';
  return (
    <ConfirmDialog
      open
      title={t('confirm.title')}
      message={message}
      confirmLabel={t('confirm.approve')}
      cancelLabel={t('confirm.cancel')}
      tone={destructive ? 'danger' : 'primary'}
      width="default"
      busy={busy}
      onConfirm={() => actionRef.send({ type: 'action.confirmed' })}
      onCancel={() => actionRef.send({ type: 'action.cancelled' })}
    />
  );
}
