import { useParams } from 'react-router-dom';
import { accessRulesEntity } from '../../contract/entities/access-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { AccessRuleFormView } from './AccessRuleFormView';
import { accessRuleForm } from './access-rule-form';

const LIST = '/access-rules';

/** /access-rules/add and /access-rules/:id/edit: the rule's form actor; a save returns to the list. */
export function AccessRuleFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <AccessRuleForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function AccessRuleForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(accessRulesEntity);
  const formRef = useEntityForm(
    entities.accessRules.form,
    { id, definition: accessRuleForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return (
    <AccessRuleFormView
      formRef={formRef}
      devices={pickers.permitDevices}
      users={pickers.users}
      groups={pickers.groups}
      schedules={pickers.timeRules}
      onCancel={() => closePage(LIST)}
    />
  );
}
