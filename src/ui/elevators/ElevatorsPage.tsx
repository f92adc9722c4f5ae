import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { elevatorsEntity } from '../../contract/entities/elevator';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { ElevatorsView } from './ElevatorsView';

/** /elevators: the list actor (mirrored in the URL) and the lift call dialog's; add and edit open as pages. */
export function ElevatorsPage() {
  const { t } = useTranslation('elevators');
  const { entities, liftCall } = usePageMachines();
  const pickers = usePickers();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.elevators.list, { defaultSort: [...elevatorsEntity.defaultSort] });
  const callRef = useActorRef(liftCall);
  const access = useEntityAccess(elevatorsEntity);
  const mayCall = useMayCall('POST /elevators/call/{id}');
  return (
    <ElevatorsView
      listRef={listRef}
      callRef={callRef}
      filters={[
        {
          kind: 'relation',
          field: 'domain',
          label: t('fields.domain'),
          picker: pickers.groups,
          labels: pickers.groups.labels,
        },
      ]}
      can={{ create: access.create, delete: access.delete, call: mayCall }}
      onAdd={() => openPage('/elevators/add')}
      onOpen={(row) => openPage(`/elevators/${row.id}/edit`)}
    />
  );
}
