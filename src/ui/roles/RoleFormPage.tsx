import { useParams } from 'react-router-dom';
import { rolesEntity } from '../../contract/entities/role';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { RoleFormView } from './RoleFormView';
import { roleForm } from './role-form';

const LIST = '/roles';

/** /roles/add and /roles/:id/edit: the role form actor; a save returns to the list it came from. */
export function RoleFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <RoleForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function RoleForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(rolesEntity);
  const formRef = useEntityForm(
    entities.roles.form,
    { id, definition: roleForm, mayEdit: id === null ? access.create : access.edit },
    // Leave once the saved state has rendered, so the unsaved-changes guard sees a clean form.
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return <RoleFormView formRef={formRef} roles={pickers.roles} onCancel={() => closePage(LIST)} />;
}
