import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DeviceTaskSchema, RESTARTABLE_TASK_STATUSES } from '../../contract/entities/device-task';
import type { DeviceTasksMachine } from '../../machines/device-tasks/device-tasks.machine';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { rowAs } from '../entities/rows';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { Icon } from '../kit/icons';
import { TaskRequestDialog } from './TaskRequestDialog';
import { taskColumns } from './task-columns';
import { taskFilters } from './task-filters';
import { kindText } from './task-texts';

/** Props of {@link DeviceTasksView}. */
export interface DeviceTasksViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  tasksRef: ActorRefFrom<DeviceTasksMachine>;
  /** The device filter's picker. */
  devices: PickerSpec;
  /** Which calls the user may make (restart, reinit, delete). */
  can: { restart: boolean; reinit: boolean; delete: boolean };
  /** More page actions (the page's "Init device…"). */
  actions?: ReactNode;
}

const restartable: readonly string[] = RESTARTABLE_TASK_STATUSES;

/** /devices/tasks: the live task list with its filters; restart, reinit and delete behind confirmations. */
export function DeviceTasksView({ listRef, tasksRef, devices, can, actions }: DeviceTasksViewProps) {
  const { t, i18n } = useTranslation(['deviceTasks', 'lists']);
  const label = (row: ListRow) => {
    const task = rowAs(DeviceTaskSchema, row);
    return task
      ? t('deviceTasks:rowLabel', { id: task.id, kind: kindText(t, task.kind), device: task.device.name })
      : '';
  };
  const rowActions = (row: ListRow) => {
    const task = rowAs(DeviceTaskSchema, row);
    if (!task) return null;
    return (
      <span className="flex justify-end gap-1">
        {can.restart && restartable.includes(task.status) ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('deviceTasks:actions.restartLabel', { id: task.id })}
            onClick={() => tasksRef.send({ type: 'tasks.request', request: { kind: 'restart', items: [task.id] } })}
          >
            {t('deviceTasks:actions.restart')}
          </Button>
        ) : null}
        {can.reinit ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('deviceTasks:actions.reinitLabel', { device: task.device.name })}
            onClick={() =>
              tasksRef.send({ type: 'tasks.request', request: { kind: 'reinit', devices: [task.device] } })
            }
          >
            {t('deviceTasks:actions.reinit')}
          </Button>
        ) : null}
        {can.delete ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('deviceTasks:actions.deleteLabel', { id: task.id })}
            title={t('deviceTasks:actions.delete')}
            onClick={() => tasksRef.send({ type: 'tasks.request', request: { kind: 'delete', items: [task.id] } })}
          >
            <Icon name="close" className="h-4 w-4" />
          </Button>
        ) : null}
      </span>
    );
  };
  return (
    <EntityListView
      listRef={listRef}
      title={t('deviceTasks:title')}
      description={t('deviceTasks:subtitle')}
      columns={taskColumns(t, i18n.language)}
      filters={taskFilters(t, devices)}
      rowLabel={label}
      entityLabel={(count) => t('deviceTasks:count', { count })}
      canDelete={can.delete}
      emptyText={{ title: t('deviceTasks:emptyTitle'), hint: t('deviceTasks:emptyHint') }}
      actions={
        <>
          {can.restart ? (
            <Button onClick={() => tasksRef.send({ type: 'tasks.request', request: { kind: 'restart', items: null } })}>
              {t('deviceTasks:actions.restartFailed')}
            </Button>
          ) : null}
          {actions}
        </>
      }
      rowActions={can.restart || can.reinit || can.delete ? rowActions : undefined}
    >
      <TaskRequestDialog tasksRef={tasksRef} />
    </EntityListView>
  );
}
