import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { amenityColumns } from './amenity-columns';

/** Props of {@link AmenitiesView}. */
export interface AmenitiesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; book: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  onBook: () => void;
}

/** /amenities: search, filters (group, access rule), the table, bulk delete, add; a way to book. */
export function AmenitiesView({ listRef, filters, can, onAdd, onOpen, onBook }: AmenitiesViewProps) {
  const { t } = useTranslation(['amenities', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('amenities:title')}
      description={t('amenities:subtitle')}
      columns={amenityColumns(t)}
      filters={filters}
      searchLabel={t('amenities:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('amenities:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        <>
          {can.book ? <Button onClick={onBook}>{t('amenities:book')}</Button> : null}
          {can.create ? (
            <Button variant="primary" onClick={onAdd}>
              {t('amenities:add')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
