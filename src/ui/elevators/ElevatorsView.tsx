import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Elevator } from '../../contract/entities/elevator';
import type { EntityListMachine, ListRow } from '../../machines/entity-list/entity-list.machine';
import type { LiftCallMachine } from '../../machines/lift-call/lift-call.machine';
import { EntityListView } from '../entities/EntityListView';
import type { FilterDef } from '../entities/filters';
import { Button } from '../kit/Button';
import { elevatorColumns } from './elevator-columns';
import { LiftCallDialog } from './LiftCallDialog';

/** Props of {@link ElevatorsView}. */
export interface ElevatorsViewProps {
  listRef: ActorRefFrom<EntityListMachine>;
  callRef: ActorRefFrom<LiftCallMachine>;
  filters: FilterDef[];
  can: { create: boolean; delete: boolean; call: boolean };
  onAdd: () => void;
  onOpen: (row: ListRow) => void;
}

/** /elevators: search, a group filter, the table (controllers with their status, floors), bulk delete, add, call. */
export function ElevatorsView({ listRef, callRef, filters, can, onAdd, onOpen }: ElevatorsViewProps) {
  const { t } = useTranslation(['elevators', 'lists']);
  const call = (row: Elevator) => callRef.send({ type: 'dialog.open', elevator: { id: row.id, name: row.name } });
  return (
    <>
      <EntityListView
        listRef={listRef}
        title={t('elevators:title')}
        description={t('elevators:subtitle')}
        columns={elevatorColumns(t, can.call ? call : undefined)}
        filters={filters}
        searchLabel={t('elevators:search')}
        rowLabel={(row) => String(row.name)}
        entityLabel={(count) => t('elevators:count', { count })}
        onOpen={onOpen}
        canDelete={can.delete}
        actions={
          can.create ? (
            <Button variant="primary" onClick={onAdd}>
              {t('elevators:add')}
            </Button>
          ) : null
        }
      />
      <LiftCallDialog actor={callRef} />
    </>
  );
}
