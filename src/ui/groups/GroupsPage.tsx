import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { groupsEntity } from '../../contract/entities/group';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { TreeNode } from '../../machines/group-tree/group-tree.model';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { IntegrationsTab } from '../integrations/IntegrationsTab';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { PageHeader } from '../kit/PageHeader';
import { GroupWhitelabelDialog } from '../settings/GroupWhitelabelDialog';
import { DeleteGroupDialog } from './DeleteGroupDialog';
import { GenerateGroupsDialog } from './GenerateGroupsDialog';
import { GroupFormDialog } from './GroupFormDialog';
import { GroupLicenceDialog } from './GroupLicenceDialog';
import { GROUP_ACTIONS, type GroupAction } from './GroupRowMenu';
import { GroupTree } from './GroupTree';
import { groupForm } from './group-form';
import { groupLicenceForm } from './group-licence-form';
import { StructureImportDialog } from './StructureImportDialog';

/** A dialog opened from a row's menu (add and edit have their own routes). */
type Open =
  | { kind: 'licence'; group: ListRow }
  | { kind: 'whitelabel'; group: ListRow }
  | { kind: 'import'; group: ListRow }
  | { kind: 'export'; group: ListRow }
  | { kind: 'generate'; group: ListRow }
  | { kind: 'integrations'; group: ListRow }
  | null;

/** What the route says: /groups/add (optionally ?parent=<id>), /groups/:id/edit, or the tree alone. */
function useGroupRoute(): { id: number | null; parentId: number | null } | null {
  const { id } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname.endsWith('/add')) {
    const parent = params.get('parent');
    return { id: null, parentId: parent && /^\d+$/.test(parent) ? Number(parent) : null };
  }
  return id && /^\d+$/.test(id) ? { id: Number(id), parentId: null } : null;
}

/**
 * /groups: the project's groups as a tree (lazily opened, search keeps the
 * ancestors of matches), each row's actions in a menu. /groups/add and
 * /groups/:id/edit open the group dialog over the tree (also on reload);
 * closing it returns to where the operator came from, else /groups.
 */
export function GroupsPage() {
  const { t } = useTranslation(['groups', 'lists']);
  const { groupTree, groupDelete } = usePageMachines();
  const tree = useActorRef(groupTree);
  const route = useGroupRoute();
  const { openPage, closePage } = usePageStack();
  const [open, setOpen] = useState<Open>(null);
  const access = useEntityAccess(groupsEntity);
  const can: Record<GroupAction, boolean> = {
    // Whoever sees a group may open it; the dialog is read-only without the edit right.
    edit: true,
    // A group's own white label (project settings and mail): its editors and its white-label managers.
    whitelabel: useMayCall('POST /domains/{id}/whitelabel/logo'),
    // The group's video platform integrations (6.3): whoever may write some integration.
    integrations: useMayCall('POST /integrations'),
    addChild: access.create,
    export: useMayCall('GET /domains/{id}/export/structure'),
    import: useMayCall('POST /domains/{id}/import/structure'),
    generate: useMayCall('POST /domains/generate/tree'),
    // A group's licence (section 3): read within the caller's licence view, edited with edit-group-counts.
    licence: useMayCall('GET /domains/{id}/license'),
    // The declaration's delete permissions (the server still checks the group is the caller's to delete).
    delete: access.delete,
  };
  const actions = GROUP_ACTIONS.filter((a) => can[a]);
  const nodes = useSelector(tree, (s) => s.context.nodes);
  // A deleted group's parent stays open in the refreshed tree.
  const remover = useActorRef(
    groupDelete.provide({
      actions: { deleted: (_, group) => tree.send({ type: 'tree.refresh', reveal: group.parentId }) },
    }),
  );

  const closeDialog = (changed: boolean, reveal: number | null = null) => {
    setOpen(null);
    if (changed) tree.send({ type: 'tree.refresh', reveal });
  };
  const onAction = (action: GroupAction, node: TreeNode) => {
    const group: ListRow = { id: node.id, name: node.name };
    if (action === 'edit') openPage(`/groups/${node.id}/edit`);
    else if (action === 'addChild') openPage(`/groups/add?parent=${node.id}`);
    else if (action === 'delete')
      remover.send({ type: 'delete.requested', group: { id: node.id, name: node.name, parentId: node.parent_id } });
    else setOpen({ kind: action, group });
  };

  return (
    <div className="space-y-3">
      <PageHeader
        title={t('groups:title')}
        description={t('groups:subtitle')}
        actions={
          access.create ? (
            <Button variant="primary" onClick={() => openPage('/groups/add')}>
              {t('groups:add')}
            </Button>
          ) : null
        }
      />
      <GroupTree tree={tree} actions={actions} onAction={onAction} />
      {route ? (
        <GroupDialog
          key={`${route.id}-${route.parentId}`}
          id={route.id}
          parent={
            route.parentId === null
              ? null
              : { id: route.parentId, name: nodes[route.parentId]?.name ?? `#${route.parentId}` }
          }
          mayEdit={route.id === null ? access.create : access.edit}
          onClose={(changed, reveal) => {
            closePage('/groups');
            closeDialog(changed, reveal);
          }}
        />
      ) : null}
      {open?.kind === 'whitelabel' ? (
        <GroupWhitelabelDialog
          groupId={open.group.id}
          groupName={String(open.group.name)}
          mayEdit={access.edit}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'generate' ? (
        <GenerateDialog group={open.group} onClose={(changed) => closeDialog(changed, open.group.id)} />
      ) : null}
      {open?.kind === 'import' ? (
        <ImportDialog group={open.group} onClose={(changed) => closeDialog(changed, open.group.id)} />
      ) : null}
      {open?.kind === 'licence' ? <LicenceRunner group={open.group} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'integrations' ? (
        <Dialog
          open
          onClose={() => setOpen(null)}
          title={t('groups:menu.integrationsTitle', { name: String(open.group.name) })}
          footer={
            <Button variant="secondary" onClick={() => setOpen(null)}>
              {t('common:actions.close')}
            </Button>
          }
        >
          <IntegrationsTab group={{ id: open.group.id, name: String(open.group.name) }} />
        </Dialog>
      ) : null}
      <DeleteGroupDialog actor={remover} />
      {open?.kind === 'export' ? <ExportRunner group={open.group} onDone={() => setOpen(null)} /> : null}
    </div>
  );
}

function GroupDialog(props: {
  id: number | null;
  /** A new group's parent, chosen from a row's "Add subgroup". */
  parent: ListRow | null;
  mayEdit: boolean;
  onClose: (changed: boolean, reveal?: number | null) => void;
}) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const [definition] = useState(() =>
    props.parent ? { ...groupForm, empty: () => ({ ...groupForm.empty(), parent: props.parent }) } : groupForm,
  );
  const formRef = useEntityForm(entities.domains.form, { id: props.id, definition, mayEdit: props.mayEdit }, () => {
    // The saved group's parent opens (a create answers only the id: the form knows the parent).
    const parent = (formRef.getSnapshot().context.values as { parent?: ListRow | null }).parent;
    props.onClose(true, parent?.id ?? null);
  });
  return (
    <GroupFormDialog
      formRef={formRef}
      groups={pickers.groups}
      types={pickers.domainTypes}
      onClose={() => props.onClose(false)}
    />
  );
}

function LicenceRunner(props: { group: ListRow; onClose: () => void }) {
  const mayEdit = useMayCall('PATCH /domains/{id}/license');
  const formRef = useEntityForm(
    usePageMachines().groupLicence,
    { id: props.group.id, definition: groupLicenceForm, mayEdit },
    props.onClose,
  );
  return <GroupLicenceDialog formRef={formRef} name={String(props.group.name)} onClose={props.onClose} />;
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
