import { useTranslation } from 'react-i18next';
import { amenitiesEntity } from '../../contract/entities/amenity';
import { amenityReservationsEntity } from '../../contract/entities/amenity-reservation';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { AmenitiesView } from './AmenitiesView';

/** /amenities: the list actor (mirrored in the URL); add and edit open as pages, booking as the reservation page. */
export function AmenitiesPage() {
  const { t } = useTranslation('amenities');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.amenities.list, { defaultSort: [...amenitiesEntity.defaultSort] });
  const access = useEntityAccess(amenitiesEntity);
  const booking = useEntityAccess(amenityReservationsEntity);
  const filters: FilterDef[] = [
    {
      kind: 'relation',
      field: 'domains',
      label: t('fields.domains'),
      picker: pickers.groups,
      labels: pickers.groups.labels,
    },
    {
      kind: 'relation',
      field: 'access_rules',
      label: t('fields.access_rules'),
      picker: pickers.accessRules,
      labels: pickers.accessRules.labels,
    },
  ];
  return (
    <AmenitiesView
      listRef={listRef}
      filters={filters}
      can={{ create: access.create, delete: access.delete, book: booking.create }}
      onAdd={() => openPage('/amenities/add')}
      onOpen={(row) => openPage(`/amenities/${row.id}/edit`)}
      onBook={() => openPage('/amenities/reservations/add')}
    />
  );
}
