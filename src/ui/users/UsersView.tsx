import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button, buttonClasses } from '../kit/Button';
import { userColumns } from './user-columns';

/** Props of {@link UsersView}. */
export interface UsersViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  filters: FilterDef[];
  /** Add, bulk delete and export (the entity's calls), and the markers page link (its list call). */
  can: { create: boolean; delete: boolean; export: boolean; markers: boolean; upload?: boolean; byGroup?: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
  /** Opens the batch user upload or the export/import by group (2.5). */
  onTransfer?: (mode: 'upload' | 'byGroup') => void;
}

/** /users: search, group/role/marker/status filters, the table, bulk delete, export, add. */
export function UsersView({ listRef, filters, can, onAdd, onOpen, onTransfer }: UsersViewProps) {
  const { t } = useTranslation(['users', 'lists']);
  return (
    <EntityListView
      listRef={listRef}
      title={t('users:title')}
      description={t('users:subtitle')}
      columns={userColumns(t)}
      filters={filters}
      searchLabel={t('users:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('users:count', { count })}
      onOpen={onOpen}
      canExport={can.export}
      canDelete={can.delete}
      actions={
        <>
          {can.markers ? (
            <Link to="/markers" className={buttonClasses('secondary')}>
              {t('users:markersLink')}
            </Link>
          ) : null}
          {can.byGroup && onTransfer ? (
            <Button onClick={() => onTransfer('byGroup')}>{t('users:transfer.byGroup')}</Button>
          ) : null}
          {can.upload && onTransfer ? (
            <Button onClick={() => onTransfer('upload')}>{t('users:transfer.upload')}</Button>
          ) : null}
          {can.create ? (
            <Button variant="primary" onClick={onAdd}>
              {t('users:add')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
