import { useTranslation } from 'react-i18next';
import { ALARM_SENSORS, ALARM_STATES, deviceAlarmsEntity } from '../../contract/entities/device-alarm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useDevicePicker } from '../device-events/device-picker';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { alarmColumns } from './alarm-columns';

/** /devices/alarms: the alarms, newest first, live; filters by state, sensor and device; a row opens its processing page. */
export function AlarmsPage() {
  const { t, i18n } = useTranslation(['alarms', 'lists']);
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.deviceAlarms.list, { defaultSort: [...deviceAlarmsEntity.defaultSort] });
  const access = useEntityAccess(deviceAlarmsEntity);
  const devices = useDevicePicker();
  const filters: FilterDef[] = [
    {
      kind: 'choice',
      field: 'state',
      label: t('alarms:fields.state'),
      rule: 'equals',
      choices: ALARM_STATES.map((value) => ({ value, label: t(`alarms:states.${value}`) })),
    },
    {
      kind: 'choice',
      field: 'sensor',
      label: t('alarms:fields.sensor'),
      rule: 'equals',
      choices: ALARM_SENSORS.map((value) => ({ value, label: t(`alarms:sensors.${value}`) })),
    },
    { kind: 'relation', field: 'device', label: t('alarms:fields.device'), picker: devices, labels: devices.labels },
  ];
  return (
    <EntityListView
      listRef={listRef}
      title={t('alarms:title')}
      description={t('alarms:subtitle')}
      columns={alarmColumns(t, i18n.language)}
      filters={filters}
      searchLabel={t('alarms:search')}
      rowLabel={(row) => t('alarms:rowLabel', { id: row.id })}
      entityLabel={(count) => t('alarms:count', { count })}
      onOpen={(row) => openPage(`/devices/alarms/${row.id}/edit`)}
      canDelete={access.delete}
      emptyText={{ title: t('alarms:empty') }}
    />
  );
}
