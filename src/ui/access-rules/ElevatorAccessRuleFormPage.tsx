import { useParams } from 'react-router-dom';
import { elevatorAccessRulesEntity } from '../../contract/entities/elevator-access-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { ElevatorAccessRuleFormView } from './ElevatorAccessRuleFormView';
import { elevatorAccessRuleForm } from './elevator-access-rule-form';

const LIST = '/elevators/access-rules';

/** /elevators/access-rules/add and …/:id/edit: the rule's form actor; a save returns to the list. */
export function ElevatorAccessRuleFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <ElevatorAccessRuleForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function ElevatorAccessRuleForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(elevatorAccessRulesEntity);
  const formRef = useEntityForm(
    entities.elevatorAccessRules.form,
    { id, definition: elevatorAccessRuleForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return (
    <ElevatorAccessRuleFormView
      formRef={formRef}
      users={pickers.users}
      elevators={pickers.elevators}
      onCancel={() => closePage(LIST)}
    />
  );
}
