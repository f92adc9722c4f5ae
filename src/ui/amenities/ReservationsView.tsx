import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { reservationColumns } from './reservation-columns';

/** Props of {@link ReservationsView}. */
export interface ReservationsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /amenities/reservations: the bookings the caller sees (live), filters, book; delete of finished ones. */
export function ReservationsView({ listRef, filters, can, onAdd, onOpen }: ReservationsViewProps) {
  const { t, i18n } = useTranslation(['amenities', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('amenities:reservations.title')}
      description={t('amenities:reservations.subtitle')}
      columns={reservationColumns(t, i18n.language)}
      filters={filters}
      rowLabel={(row) => `${String((row.amenity as { name?: string } | undefined)?.name ?? '')} ${String(row.date)}`}
      entityLabel={(count) => t('amenities:reservations.count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('amenities:reservations.add')}
          </Button>
        ) : null
      }
    />
  );
}
