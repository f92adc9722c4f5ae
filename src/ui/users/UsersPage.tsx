import { useTranslation } from 'react-i18next';
import { usersEntity } from '../../contract/entities/user';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { type PickerSpec, usePickers } from '../entities/use-pickers';
import { UsersView } from './UsersView';

/** A relation filter of the users list over a resource's picker. */
const relation = (field: string, label: string, picker: PickerSpec): FilterDef => ({
  kind: 'relation',
  field,
  label,
  picker,
  labels: picker.labels,
});

/** /users: the list actor (mirrored in the URL); add and edit open as pages that return here. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.users.list, { defaultSort: [...usersEntity.defaultSort] });
  const access = useEntityAccess(usersEntity);
  const markers = useMayCall('GET /markers/items');
  const filters: FilterDef[] = [
    relation('domains', t('fields.domains'), pickers.groups),
    relation('role', t('fields.role'), pickers.roles),
    relation('markers', t('fields.markers'), pickers.markers),
    {
      kind: 'choice',
      field: 'activated_at',
      label: t('fields.status'),
      rule: 'is',
      choices: [
        { value: 'not_null', label: t('status.active') },
        { value: 'null', label: t('status.invited') },
      ],
    },
  ];
  return (
    <UsersView
      listRef={listRef}
      filters={filters}
      can={{ create: access.create, delete: access.delete, export: access.export, markers }}
      onAdd={() => openPage('/users/add')}
      onOpen={(row) => openPage(`/users/${row.id}/edit`)}
    />
  );
}
