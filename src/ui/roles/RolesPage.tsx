import { rolesEntity } from '../../contract/entities/role';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { RolesView } from './RolesView';

/** /roles: the list actor (mirrored in the URL); add and edit open as pages that return here. */
export function RolesPage() {
  const { entities } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.roles.list, { defaultSort: [...rolesEntity.defaultSort] });
  const access = useEntityAccess(rolesEntity);
  return (
    <RolesView
      listRef={listRef}
      can={{ create: access.create, delete: access.delete }}
      onAdd={() => openPage('/roles/add')}
      onOpen={(row) => openPage(`/roles/${row.id}/edit`)}
    />
  );
}
