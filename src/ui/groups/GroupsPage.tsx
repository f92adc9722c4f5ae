import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupsEntity } from '../../contract/entities/group';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { usePageMachines } from '../app/actor-context';
import { EntityListView } from '../entities/EntityListView';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { GenerateGroupsDialog } from './GenerateGroupsDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { groupColumns } from './group-columns';
import { groupForm } from './group-form';
import { StructureImportDialog } from './StructureImportDialog';

type Open =
  | { kind: 'edit'; id: number | null }
  | { kind: 'import'; group: ListRow }
  | { kind: 'export'; group: ListRow }
  | { kind: 'generate'; group: ListRow }
  | null;

/** /groups: the project's groups in tree order, add/edit in a dialog, structure import and export per group. */
export function GroupsPage() {
  const { t } = useTranslation(['groups', 'lists']);
  const { entities } = usePageMachines();
  const listRef = useEntityList(entities.domains.list, { defaultSort: [...groupsEntity.defaultSort] });
  const [open, setOpen] = useState<Open>(null);
  const access = useEntityAccess(groupsEntity);
  const can = {
    ...access,
    structureExport: useMayCall('GET /domains/{id}/export/structure'),
    structureImport: useMayCall('POST /domains/{id}/import/structure'),
    generate: useMayCall('POST /domains/generate/tree'),
  };
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) listRef.send({ type: 'list.refresh' });
  };

  return (
    <EntityListView
      listRef={listRef}
      title={t('groups:title')}
      description={t('groups:subtitle')}
      columns={groupColumns(t)}
      searchLabel={t('groups:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('groups:count', { count })}
      onOpen={(row) => setOpen({ kind: 'edit', id: row.id })}
      canExport={can.export}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={() => setOpen({ kind: 'edit', id: null })}>
            {t('groups:add')}
          </Button>
        ) : null
      }
      rowActions={(row) => (
        <>
          {can.structureExport ? (
            <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'export', group: row })}>
              {t('groups:export.row')}
            </Button>
          ) : null}
          {can.generate ? (
            <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'generate', group: row })}>
              {t('groups:generate.row')}
            </Button>
          ) : null}
          {can.structureImport ? (
            <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'import', group: row })}>
              {t('groups:import.row')}
            </Button>
          ) : null}
        </>
      )}
    >
      {open?.kind === 'edit' ? (
        <GroupDialog id={open.id} mayEdit={open.id === null ? can.create : can.edit} onClose={close} />
      ) : null}
      {open?.kind === 'generate' ? <GenerateDialog group={open.group} onClose={close} /> : null}
      {open?.kind === 'import' ? <ImportDialog group={open.group} onClose={close} /> : null}
      {open?.kind === 'export' ? <ExportRunner group={open.group} onDone={() => setOpen(null)} /> : null}
    </EntityListView>
  );
}

function GroupDialog(props: { id: number | null; mayEdit: boolean; onClose: (changed: boolean) => void }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const formRef = useEntityForm(
    entities.domains.form,
    { id: props.id, definition: groupForm, mayEdit: props.mayEdit },
    () => props.onClose(true),
  );
  return (
    <GroupFormDialog
      formRef={formRef}
      groups={pickers.groups}
      types={pickers.domainTypes}
      onClose={() => props.onClose(false)}
    />
  );
}

function ImportDialog(props: { group: ListRow; onClose: (changed: boolean) => void }) {
  const { structureImport } = usePageMachines();
  const pickers = usePickers();
  const actor = useActorRef(structureImport, { input: { groupId: props.group.id } });
  return (
    <StructureImportDialog
      actor={actor}
      groupName={String(props.group.name)}
      roles={pickers.roles}
      onClose={props.onClose}
    />
  );
}

function GenerateDialog(props: { group: ListRow; onClose: (changed: boolean) => void }) {
  const { generateGroups } = usePageMachines();
  const actor = useActorRef(generateGroups, { input: { parentId: props.group.id } });
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const { onClose } = props;
  useEffect(() => {
    if (saved) onClose(true);
  }, [saved, onClose]);
  return <GenerateGroupsDialog actor={actor} parentName={String(props.group.name)} onClose={() => onClose(false)} />;
}

/** Runs one structure export: the actor downloads the file, then the runner goes away. */
function ExportRunner(props: { group: ListRow; onDone: () => void }) {
  const { structureExport } = usePageMachines();
  const actor = useActorRef(structureExport(props.group.id));
  const settled = useSelector(actor, (s) => s.matches('loaded') || s.matches('failed'));
  const { onDone } = props;
  useEffect(() => {
    if (settled) onDone();
  }, [settled, onDone]);
  return null;
}
