import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { ALARM_SENSORS, ALARM_STATES } from '../../contract/entities/device-alarm';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import type { PickerSpec } from '../entities/use-pickers';
import { alarmColumns } from './alarm-columns';

/** Props of {@link AlarmsView}. */
export interface AlarmsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  canDelete: boolean;
  /** Opens an alarm's processing page. */
  onOpen: (row: ListRow) => void;
}

/** The alarms table: newest first, live; a row opens its processing page. */
export function AlarmsView({ listRef, filters, canDelete, onOpen }: AlarmsViewProps) {
  const { t, i18n } = useTranslation(['alarms', 'lists']);
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
      onOpen={onOpen}
      canDelete={canDelete}
      emptyText={{ title: t('alarms:empty') }}
    />
  );
}

/** The alarms list's filters: state, sensor, device. */
export function alarmFilters(t: TFunction, devices: PickerSpec): FilterDef[] {
  return [
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
}
