import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DeviceTasksMachine, TaskRequest } from '../../machines/device-tasks/device-tasks.machine';
import {
  selectIsConfirmingTasks,
  selectIsRunningTasks,
  selectTaskRequest,
} from '../../machines/device-tasks/device-tasks.selectors';
import { ConfirmDialog } from '../kit/ConfirmDialog';

type T = ReturnType<typeof useTranslation>['t'];

/** What the confirmation says about a request. */
function wording(t: T, request: TaskRequest) {
  if (request.kind === 'restart' && request.items === null)
    return { key: 'restartAll', message: t('confirm.restartAll.message') };
  if (request.kind === 'reinit')
    return {
      key: 'reinit',
      message: t('confirm.reinit.message', { count: request.devices.length, device: request.devices[0]?.name ?? '' }),
    };
  const items = request.items ?? [];
  return { key: request.kind, message: t(`confirm.${request.kind}.message`, { count: items.length, id: items[0] }) };
}

/** The confirmation a restart, reinit or delete asks first; busy while the call runs. */
export function TaskRequestDialog({ tasksRef }: { tasksRef: ActorRefFrom<DeviceTasksMachine> }) {
  const { t } = useTranslation('deviceTasks');
  const open = useSelector(tasksRef, selectIsConfirmingTasks);
  const busy = useSelector(tasksRef, selectIsRunningTasks);
  const request = useSelector(tasksRef, selectTaskRequest);
  if (!open || !request) return null;
  const { key, message } = wording(t, request);
  return (
    <ConfirmDialog
      open
      title={t(`confirm.${key}.title`)}
      message={message}
      confirmLabel={t(`confirm.${key}.confirm`)}
      tone={request.kind === 'delete' ? 'danger' : 'primary'}
      width="default"
      busy={busy}
      onConfirm={() => tasksRef.send({ type: 'tasks.confirm' })}
      onCancel={() => tasksRef.send({ type: 'tasks.cancel' })}
    />
  );
}
