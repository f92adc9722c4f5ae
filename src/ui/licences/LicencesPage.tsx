import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { LicenceFeatureStateSchema, licencesEntity } from '../../contract/entities/licence';
import { selectLoadedAs } from '../../machines/loader/loader.selectors';
import { usePageMachines } from '../app/actor-context';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { LicenceAddDialog } from './LicenceAddDialog';
import { LicenceItemDialog } from './LicenceItemDialog';
import { LicenceSummary } from './LicenceSummary';
import { LicencesView } from './LicencesView';
import { licenceSettingsForm } from './licence-settings-form';
import { NoticeSettingsDialog } from './NoticeSettingsDialog';

const selectState = selectLoadedAs(LicenceFeatureStateSchema);

type Open = { kind: 'add'; source: 'file' | 'server' } | { kind: 'item'; id: number } | { kind: 'notices' } | null;

/** The add flow with its actor (a fresh one each time it opens). */
function AddRunner(props: { source: 'file' | 'server'; serverOffered: boolean; onClose: () => void }) {
  const actor = useActorRef(usePageMachines().licenceAdd, { input: { source: props.source } });
  return <LicenceAddDialog actor={actor} serverOffered={props.serverOffered} onClose={props.onClose} />;
}

function ItemRunner(props: { id: number; canDelete: boolean; onDelete: () => void; onClose: () => void }) {
  const loader = useActorRef(usePageMachines().licenceItem(props.id));
  return (
    <LicenceItemDialog loader={loader} canDelete={props.canDelete} onDelete={props.onDelete} onClose={props.onClose} />
  );
}

function NoticesRunner({ mayEdit, onClose }: { mayEdit: boolean; onClose: () => void }) {
  const formRef = useEntityForm(
    usePageMachines().licenceSettings,
    { id: 1, definition: licenceSettingsForm, mayEdit },
    onClose,
  );
  return <NoticeSettingsDialog formRef={formRef} onClose={onClose} />;
}

/** /licenses: the list actor, what the licences give (a loader), adding, one licence, the notices. */
export function LicencesPage() {
  const machines = usePageMachines();
  const listRef = useEntityList(machines.entities.licences.list, { defaultSort: [...licencesEntity.defaultSort] });
  const stateRef = useActorRef(machines.licenceState);
  const state = useSelector(stateRef, selectState);
  const access = useEntityAccess(licencesEntity);
  const mayAdd = useMayCall('POST /licenses/file');
  const mayServer = useMayCall('POST /licenses/cloud') && state?.licence_server === true;
  const mayNotices = useMayCall('GET /licenses/settings');
  const mayEditNotices = useMayCall('PATCH /licenses/settings');
  const [open, setOpen] = useState<Open>(null);
  return (
    <LicencesView
      listRef={listRef}
      summary={<LicenceSummary loader={stateRef} />}
      can={{ add: mayAdd, fromServer: mayServer, delete: access.delete, notices: mayNotices }}
      onAdd={(source) => setOpen({ kind: 'add', source })}
      onOpen={(row) => setOpen({ kind: 'item', id: row.id })}
      onNotices={() => setOpen({ kind: 'notices' })}
    >
      {open?.kind === 'add' ? (
        <AddRunner source={open.source} serverOffered={mayServer} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'item' ? (
        <ItemRunner
          id={open.id}
          canDelete={access.delete}
          onDelete={() => {
            listRef.send({ type: 'list.deleteRequested', ids: [open.id] });
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'notices' ? <NoticesRunner mayEdit={mayEditNotices} onClose={() => setOpen(null)} /> : null}
    </LicencesView>
  );
}
