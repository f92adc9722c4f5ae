import { useTranslation } from 'react-i18next';
import { type ElevatorEvent, elevatorEventsEntity } from '../../contract/entities/elevator-event';
import { usePageMachines } from '../app/actor-context';
import { eventFilters } from '../device-events/DeviceEventsPage';
import { DeviceEventsView } from '../device-events/DeviceEventsView';
import { asColumns } from '../entities/columns';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';

type Row = ElevatorEvent & { [k: string]: unknown };

/** /elevators/events: the device events of the elevators' controllers, with the elevator; filters by elevator, type and days; download. */
export function ElevatorEventsPage() {
  const { t } = useTranslation(['elevators', 'deviceEvents']);
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const listRef = useEntityList(entities.elevatorEvents.list, { defaultSort: [...elevatorEventsEntity.defaultSort] });
  const access = useEntityAccess(elevatorEventsEntity);
  return (
    <DeviceEventsView
      listRef={listRef}
      filters={[
        {
          kind: 'relation',
          field: 'elevator',
          label: t('elevators:events.elevator'),
          picker: pickers.elevators,
          labels: pickers.elevators.labels,
        },
        ...eventFilters(t),
      ]}
      canExport={access.export}
      extraColumns={asColumns<Row>([
        { key: 'elevator', header: t('elevators:events.elevator'), cell: (e) => e.elevator.name },
      ])}
      texts={{
        title: t('elevators:events.title'),
        subtitle: t('elevators:events.subtitle'),
        search: t('elevators:events.search'),
        empty: t('elevators:events.empty'),
        count: (count) => t('elevators:events.count', { count }),
      }}
    />
  );
}
