import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { sipNumberColumns } from './sip-number-columns';

/** Props of {@link VirtualNumbersView}. */
export interface VirtualNumbersViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; export: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /virtual-numbers: search (number, user, e-mail, device), filters, the table, bulk delete, export, add. */
export function VirtualNumbersView({ listRef, filters, can, onAdd, onOpen }: VirtualNumbersViewProps) {
  const { t } = useTranslation(['numbers', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('numbers:title')}
      description={t('numbers:subtitle')}
      columns={sipNumberColumns(t)}
      filters={filters}
      searchLabel={t('numbers:search')}
      rowLabel={(row) => String(row.number)}
      entityLabel={(count) => t('numbers:count', { count })}
      onOpen={onOpen}
      canExport={can.export}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('numbers:add')}
          </Button>
        ) : null
      }
    />
  );
}
