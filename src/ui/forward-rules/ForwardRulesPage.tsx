import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../../contract/entities/forward-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useEntityList } from '../entities/use-entity-list';
import { usePickers } from '../entities/use-pickers';
import { ForwardGroupDialog } from './ForwardGroupDialog';
import { ForwardListView } from './ForwardListView';
import { type ForwardTab, forwardTabPath } from './ForwardTabs';
import { forwardGroupForm } from './forward-group-form';
import { RuleSetDialog } from './RuleSetDialog';
import { ruleSetForm } from './rule-set-form';

/** Which dialog is open: a new entity (id null) or an existing one. */
type Open = { id: number | null } | null;

/**
 * /forward-rules (rule sets) and /forward-rules?tab=groups (forward groups).
 * /forward-rules/add and /forward-rules/:id/edit open the tab's dialog over its list.
 */
export function ForwardRulesPage() {
  const [params] = useSearchParams();
  const { id } = useParams();
  const adding = useLocation().pathname.endsWith('/add');
  const tab: ForwardTab = params.get('tab') === 'groups' ? 'groups' : 'ruleSets';
  const fromRoute: Open = adding ? { id: null } : id && /^\d+$/.test(id) ? { id: Number(id) } : null;
  return <ForwardPanel key={tab} tab={tab} fromRoute={fromRoute} />;
}

function ForwardPanel({ tab, fromRoute }: { tab: ForwardTab; fromRoute: Open }) {
  const { entities } = usePageMachines();
  const { closePage } = usePageStack();
  const kit = tab === 'groups' ? entities.forwardGroups : entities.forwardRuleSets;
  const contract = tab === 'groups' ? forwardGroupsEntity : forwardRuleSetsEntity;
  const listRef = useEntityList(kit.list, { defaultSort: [...contract.defaultSort] });
  const [open, setOpen] = useState<Open>(fromRoute);
  const can = useEntityAccess(contract);
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) listRef.send({ type: 'list.refresh' });
    // A dialog opened from its own route goes back to the list's route.
    if (fromRoute) closePage(forwardTabPath(tab));
  };
  return (
    <ForwardListView
      tab={tab}
      listRef={listRef}
      can={can}
      onAdd={() => setOpen({ id: null })}
      onOpen={(row) => setOpen({ id: row.id })}
    >
      {open ? (
        <ForwardDialog tab={tab} id={open.id} mayEdit={open.id === null ? can.create : can.edit} onClose={close} />
      ) : null}
    </ForwardListView>
  );
}

function ForwardDialog(props: {
  tab: ForwardTab;
  id: number | null;
  mayEdit: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const groups = props.tab === 'groups';
  const formRef = useEntityForm(
    groups ? entities.forwardGroups.form : entities.forwardRuleSets.form,
    { id: props.id, definition: groups ? forwardGroupForm : ruleSetForm, mayEdit: props.mayEdit },
    () => props.onClose(true),
  );
  return groups ? (
    <ForwardGroupDialog formRef={formRef} ruleSets={pickers.forwardRuleSets} onClose={() => props.onClose(false)} />
  ) : (
    <RuleSetDialog formRef={formRef} numbers={pickers.sipNumbers} onClose={() => props.onClose(false)} />
  );
}
