import { useState } from 'react';
import { markersEntity } from '../../contract/entities/marker';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { usePageMachines } from '../app/actor-context';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { ApplyMarkersFormDialog } from './ApplyMarkersFormDialog';
import { applyMarkersForm } from './apply-form';
import { MarkerFormDialog } from './MarkerFormDialog';
import { MarkersView } from './MarkersView';
import { markerForm } from './marker-form';

type Open = { kind: 'edit'; id: number | null } | { kind: 'apply'; markers: ListRow[] } | null;

/** /markers: the list actor (mirrored in the URL) and the page's dialogs. */
export function MarkersPage() {
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.markers.list, { defaultSort: [...markersEntity.defaultSort] });
  const [open, setOpen] = useState<Open>(null);
  const can = { ...useEntityAccess(markersEntity), apply: useMayCall('POST /markers/apply') };
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) listRef.send({ type: 'list.refresh' });
  };

  return (
    <MarkersView
      listRef={listRef}
      can={can}
      onAdd={() => setOpen({ kind: 'edit', id: null })}
      onOpen={(row) => setOpen({ kind: 'edit', id: row.id })}
      onApply={(markers) => setOpen({ kind: 'apply', markers })}
    >
      {open?.kind === 'edit' ? (
        <MarkerDialog id={open.id} mayEdit={open.id === null ? can.create : can.edit} onClose={close} />
      ) : null}
      {open?.kind === 'apply' ? <ApplyDialog markers={open.markers} onClose={close} /> : null}
    </MarkersView>
  );
}

function MarkerDialog(props: { id: number | null; mayEdit: boolean; onClose: (changed: boolean) => void }) {
  const { entities } = usePageMachines();
  const formRef = useEntityForm(
    entities.markers.form,
    { id: props.id, definition: markerForm, mayEdit: props.mayEdit },
    () => props.onClose(true),
  );
  return <MarkerFormDialog formRef={formRef} onClose={() => props.onClose(false)} />;
}

function ApplyDialog(props: { markers: ListRow[]; onClose: (changed: boolean) => void }) {
  const { markerApply } = usePageMachines();
  const pickers = usePickers();
  const formRef = useEntityForm(
    markerApply,
    { id: null, definition: applyMarkersForm, preset: { markers: props.markers } },
    () => props.onClose(true),
  );
  return (
    <ApplyMarkersFormDialog
      formRef={formRef}
      markers={pickers.markers}
      users={pickers.users}
      onClose={() => props.onClose(false)}
    />
  );
}
