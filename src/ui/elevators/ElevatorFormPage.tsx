import { useParams } from 'react-router-dom';
import { elevatorsEntity } from '../../contract/entities/elevator';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { ElevatorFormView } from './ElevatorFormView';
import { elevatorForm } from './elevator-form';

const LIST = '/elevators';

/** /elevators/add and /elevators/:id/edit: the elevator's form actor; a save returns to the list. */
export function ElevatorFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <ElevatorForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function ElevatorForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(elevatorsEntity);
  const formRef = useEntityForm(
    entities.elevators.form,
    { id, definition: elevatorForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return (
    <ElevatorFormView
      formRef={formRef}
      groups={pickers.groups}
      controllers={pickers.elevatorControllers(id)}
      onCancel={() => closePage(LIST)}
    />
  );
}
