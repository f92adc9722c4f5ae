import { useTranslation } from 'react-i18next';
import { amenityReservationsEntity, RESERVATION_STATUSES } from '../../contract/entities/amenity-reservation';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { ReservationsView } from './ReservationsView';

/** /amenities/reservations: the list actor (live over realtime, mirrored in the URL); add and edit open the booking page. */
export function ReservationsPage() {
  const { t } = useTranslation('amenities');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.amenityReservations.list, {
    defaultSort: [...amenityReservationsEntity.defaultSort],
  });
  const access = useEntityAccess(amenityReservationsEntity);
  const filters: FilterDef[] = [
    {
      kind: 'relation',
      field: 'amenity',
      label: t('fields.amenity'),
      picker: pickers.amenities,
      labels: pickers.amenities.labels,
    },
    {
      kind: 'choice',
      field: 'status',
      label: t('fields.status'),
      rule: 'equals',
      choices: RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    { kind: 'text', field: 'date', label: t('fields.date'), rule: 'equals' },
  ];
  return (
    <ReservationsView
      listRef={listRef}
      filters={filters}
      can={{ create: access.create, delete: access.delete }}
      onAdd={() => openPage('/amenities/reservations/add')}
      onOpen={(row) => openPage(`/amenities/reservations/${row.id}/edit`)}
    />
  );
}
