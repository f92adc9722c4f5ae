import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { USER_FIELD_RULES, UserSchema, usersEntity } from '../../contract/entities/user';
import { UserExplainSection } from '../access-explain/ExplainSections';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useFieldRule, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { MobileClientsDialog } from './MobileClientsDialog';
import type { UserCommand } from './UserAside';
import { UserCommandDialog } from './UserCommandDialog';
import { UserFormView } from './UserFormView';
import { userForm } from './user-form';

const LIST = '/users';

/** /users/add and /users/:id/edit: the user form actor; a save returns to the list it came from. */
export function UserFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <UserForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function UserForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(usersEntity);
  const can = {
    avatar: useMayCall('POST /users/{id}/avatar'),
    removeAvatar: useMayCall('DELETE /users/{id}/avatar'),
    invite: useMayCall('POST /registration/invite/send'),
    password: useMayCall('POST /users/{id}/password'),
    mobileClients: useMayCall('GET /users/{id}/mobile-clients'),
    licences: useFieldRule(USER_FIELD_RULES.licences),
  };
  const [command, setCommand] = useState<UserCommand | null>(null);
  const formRef = useEntityForm(
    entities.users.form,
    { id, definition: userForm, mayEdit: id === null ? access.create : access.edit },
    // Leave once the saved state has rendered, so the unsaved-changes guard sees a clean form.
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  const user = useFormItem(formRef, UserSchema);
  const canExplain = useMayCall('GET /access/explain');

  return (
    <>
      <UserFormView
        formRef={formRef}
        pickers={pickers}
        can={can}
        onCancel={() => closePage(LIST)}
        onCommand={setCommand}
      />
      {user && canExplain ? <UserExplainSection key={user.id} user={user} /> : null}
      {command === 'mobileClients' && user ? (
        <MobileClientsDialog user={user} onClose={() => setCommand(null)} />
      ) : null}
      {command && command !== 'mobileClients' && user ? (
        <UserCommandDialog
          command={command}
          user={user}
          onClose={() => setCommand(null)}
          onDone={(item) => {
            setCommand(null);
            if (item) formRef.send({ type: 'form.itemChanged', item });
          }}
        />
      ) : null}
    </>
  );
}
