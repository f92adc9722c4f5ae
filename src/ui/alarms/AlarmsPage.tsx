import { useTranslation } from 'react-i18next';
import { deviceAlarmsEntity } from '../../contract/entities/device-alarm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useDevicePicker } from '../device-events/device-picker';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { AlarmsView, alarmFilters } from './AlarmsView';

/** /devices/alarms: the alarms, newest first, live; filters by state, sensor and device; a row opens its processing page. */
export function AlarmsPage() {
  const { t } = useTranslation('alarms');
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.deviceAlarms.list, { defaultSort: [...deviceAlarmsEntity.defaultSort] });
  const access = useEntityAccess(deviceAlarmsEntity);
  const devices = useDevicePicker();
  return (
    <AlarmsView
      listRef={listRef}
      filters={alarmFilters(t, devices)}
      canDelete={access.delete}
      onOpen={(row) => openPage(`/devices/alarms/${row.id}/edit`)}
    />
  );
}
