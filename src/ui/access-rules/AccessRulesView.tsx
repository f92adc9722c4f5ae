import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { accessRuleColumns } from './access-rule-columns';

/** Props of {@link AccessRulesView}. */
export interface AccessRulesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /access-rules: search, filters (group, device, kind), the table, bulk delete, add. */
export function AccessRulesView({ listRef, filters, can, onAdd, onOpen }: AccessRulesViewProps) {
  const { t } = useTranslation(['accessRules', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('accessRules:title')}
      description={t('accessRules:subtitle')}
      columns={accessRuleColumns(t)}
      filters={filters}
      searchLabel={t('accessRules:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('accessRules:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('accessRules:add')}
          </Button>
        ) : null
      }
    />
  );
}
