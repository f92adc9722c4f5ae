import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { deviceTasksEntity } from '../../contract/entities/device-task';
import { usePageMachines } from '../app/actor-context';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { DeviceTasksView } from './DeviceTasksView';
import { describeDevice } from './describe-device';
import { InitDeviceAction } from './InitDeviceAction';

/** /devices/tasks: the list actor (mirrored in the URL) and the actions actor. */
export function DeviceTasksPage() {
  const { t } = useTranslation('deviceTasks');
  const { entities, deviceTasks } = usePageMachines();
  const listRef = useEntityList(entities.deviceTasks.list, { defaultSort: [...deviceTasksEntity.defaultSort] });
  const tasksRef = useActorRef(deviceTasks);
  const access = useEntityAccess(deviceTasksEntity);
  const can = {
    restart: useMayCall('POST /devices/tasks/restart'),
    reinit: useMayCall('POST /devices/tasks/reinit'),
    init: useMayCall('POST /devices/init/{id}'),
    delete: access.delete,
  };
  const devices = {
    machine: entities.taskDevices.picker,
    labels: entities.taskDevices.labels,
    title: t('pickers.devices.title'),
    searchLabel: t('pickers.devices.search'),
    describe: describeDevice,
  };
  return (
    <DeviceTasksView
      listRef={listRef}
      tasksRef={tasksRef}
      devices={devices}
      can={can}
      actions={can.init ? <InitDeviceAction devices={devices} /> : null}
    />
  );
}
