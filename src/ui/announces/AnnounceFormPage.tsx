import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AnnounceSchema, announcesEntity } from '../../contract/entities/announce';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { AnnounceFormView } from './AnnounceFormView';
import { announceForm } from './announce-form';
import { responsesOf } from './announce-links';
import { StartStopConfirm } from './StartStopConfirm';

const LIST = '/announces';

/** /announces/add and /announces/:id/edit: the form actor; start and stop reload it (a started one is read-only). */
export function AnnounceFormPage() {
  const { id } = useParams();
  const [version, setVersion] = useState(0);
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return (
    <AnnounceForm
      key={`${id ?? 'new'}:${version}`}
      id={id === undefined ? null : Number(id)}
      onReload={() => setVersion((n) => n + 1)}
    />
  );
}

function AnnounceForm({ id, onReload }: { id: number | null; onReload: () => void }) {
  const { t } = useTranslation('announces');
  const { entities, communications } = usePageMachines();
  const pickers = usePickers();
  const { closePage, openPage } = usePageStack();
  const access = useEntityAccess(announcesEntity);
  const commands = {
    start: useMayCall('POST /announces/{id}/start'),
    stop: useMayCall('POST /announces/{id}/stop'),
  };
  const [command, setCommand] = useState<'start' | 'stop' | null>(null);
  const formRef = useEntityForm(
    entities.announces.form,
    { id, definition: announceForm, mayEdit: id === null ? access.create : access.edit },
    // Leave once the saved state has rendered, so the unsaved-changes guard sees a clean form.
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  const announce = useFormItem(formRef, AnnounceSchema);
  return (
    <>
      <AnnounceFormView
        formRef={formRef}
        pickers={{ users: pickers.users, groups: pickers.groups }}
        commands={commands}
        onCancel={() => closePage(LIST)}
        onCommand={setCommand}
        onResponses={() => (announce ? openPage(responsesOf(announce)) : undefined)}
      />
      {command && announce ? (
        <StartStopConfirm
          machine={communications.announceCommands[command]}
          id={announce.id}
          item={announce}
          title={t(`state.${command}Title`)}
          message={t(`state.${command}Message`, { name: announce.name })}
          confirmLabel={t(`state.${command}`)}
          successCode={`announces:state.${command === 'start' ? 'started' : 'stopped'}`}
          tone={command === 'stop' ? 'danger' : 'primary'}
          onClose={() => setCommand(null)}
          onDone={() => {
            setCommand(null);
            onReload();
          }}
        />
      ) : null}
    </>
  );
}
