import { rolesEntity } from '../../contract/entities/role';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityList } from '../entities/use-entity-list';
import { usePermission } from '../entities/use-permissions';
import { RolesView } from './RolesView';

/** /roles: the list actor (mirrored in the URL); add and edit open as pages that return here. */
export function RolesPage() {
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.roles.list, { defaultSort: [...rolesEntity.defaultSort] });
  return (
    <RolesView
      listRef={listRef}
      can={{
        create: usePermission('roles.create'),
        delete: usePermission('roles.delete', 'roles.delete_available', 'roles.delete_all'),
      }}
      onAdd={() => openPage('/roles/add')}
      onOpen={(row) => openPage(`/roles/${row.id}/edit`)}
    />
  );
}
