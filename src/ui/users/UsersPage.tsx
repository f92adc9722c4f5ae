import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersEntity } from '../../contract/entities/user';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { type PickerSpec, usePickers } from '../entities/use-pickers';
import { UsersView } from './UsersView';
import { UserTransferDialog } from './UserTransferDialog';

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
  const transfer = {
    import: useMayCall('POST /domains/{id}/import/users'),
    export: useMayCall('GET /domains/{id}/export/users'),
  };
  const [transferMode, setTransferMode] = useState<'upload' | 'byGroup' | null>(null);
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
    <>
      <UsersView
        listRef={listRef}
        filters={filters}
        can={{
          create: access.create,
          delete: access.delete,
          export: access.export,
          markers,
          upload: transfer.import,
          byGroup: transfer.import || transfer.export,
        }}
        onAdd={() => openPage('/users/add')}
        onOpen={(row) => openPage(`/users/${row.id}/edit`)}
        onTransfer={setTransferMode}
      />
      {transferMode ? (
        <TransferDialog
          mode={transferMode}
          can={transfer}
          onClose={(changed) => {
            setTransferMode(null);
            if (changed) listRef.send({ type: 'list.refresh' });
          }}
        />
      ) : null}
    </>
  );
}

/** The batch upload or the export/import by group, each over a fresh `userTransfer` actor. */
function TransferDialog(props: {
  mode: 'upload' | 'byGroup';
  can: { import: boolean; export: boolean };
  onClose: (changed: boolean) => void;
}) {
  const { userTransfer } = usePageMachines();
  const pickers = usePickers();
  const actor = useActorRef(userTransfer, { input: { groupId: null } });
  return (
    <UserTransferDialog
      actor={actor}
      mode={props.mode}
      groups={pickers.groups}
      roles={pickers.roles}
      can={props.can}
      onClose={props.onClose}
    />
  );
}
