import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEVICE_EVENT_TYPES, deviceEventsEntity } from '../../contract/entities/device-event';
import { usePageMachines } from '../app/actor-context';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { DeviceEventsView } from './DeviceEventsView';
import { useDevicePicker } from './device-picker';

/** /devices/events: device events, newest first, live; filters by device, type and days; download. */
export function DeviceEventsPage() {
  const { t } = useTranslation('deviceEvents');
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.deviceEvents.list, { defaultSort: [...deviceEventsEntity.defaultSort] });
  const access = useEntityAccess(deviceEventsEntity);
  const devices = useDevicePicker();
  const filters: FilterDef[] = [
    { kind: 'relation', field: 'device', label: t('fields.device'), picker: devices, labels: devices.labels },
    ...eventFilters(t),
  ];
  return <DeviceEventsView listRef={listRef} filters={filters} canExport={access.export} />;
}

/** The type and day filters of an events list (device events, elevator events). */
export function eventFilters(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'choice',
      field: 'type',
      label: t('deviceEvents:fields.type'),
      rule: 'equals',
      choices: DEVICE_EVENT_TYPES.map((value) => ({ value, label: t(`deviceEvents:types.${value}`) })),
    },
    { kind: 'date', field: 'date_from', label: t('deviceEvents:fields.from'), rule: 'equals_above' },
    { kind: 'date', field: 'date_to', label: t('deviceEvents:fields.to'), rule: 'equals_below' },
  ];
}
