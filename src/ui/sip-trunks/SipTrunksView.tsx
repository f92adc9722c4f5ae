import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { sipTrunkColumns } from './sip-trunk-columns';

/** Props of {@link SipTrunksView}. */
export interface SipTrunksViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /sip-trunks: search, a group filter, the table, bulk delete, add. */
export function SipTrunksView({ listRef, filters, can, onAdd, onOpen }: SipTrunksViewProps) {
  const { t } = useTranslation(['trunks', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('trunks:title')}
      description={t('trunks:subtitle')}
      columns={sipTrunkColumns(t)}
      filters={filters}
      searchLabel={t('trunks:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('trunks:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('trunks:add')}
          </Button>
        ) : null
      }
    />
  );
}
