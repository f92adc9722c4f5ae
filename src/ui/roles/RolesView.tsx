import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import { Button } from '../kit/Button';
import { DependenciesDialog } from './DependenciesDialog';
import { roleColumns } from './role-columns';

/** Props of {@link RolesView}. */
export interface RolesViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  can: { create: boolean; delete: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /roles: search, the table, gentle bulk delete with the roles kept, add. */
export function RolesView({ listRef, can, onAdd, onOpen }: RolesViewProps) {
  const { t } = useTranslation(['roles', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('roles:title')}
      description={t('roles:subtitle')}
      columns={roleColumns(t)}
      searchLabel={t('roles:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('roles:count', { count })}
      onOpen={onOpen}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={onAdd}>
            {t('roles:add')}
          </Button>
        ) : null
      }
    >
      <DependenciesDialog listRef={listRef} />
    </EntityListView>
  );
}
