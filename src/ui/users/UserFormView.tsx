import { useTranslation } from 'react-i18next';
import { UserSchema } from '../../contract/entities/user';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormHeading } from '../entities/use-form-heading';
import { UserAside, type UserAsideProps } from './UserAside';
import { UserFields, type UserPickers } from './UserFields';

/** Props of {@link UserFormView}. */
export interface UserFormViewProps {
  formRef: FormRef;
  pickers: UserPickers;
  can: UserAsideProps['can'];
  onCancel: () => void;
  onCommand: UserAsideProps['onCommand'];
}

/** /users/add and /users/:id/edit: every field, and beside an existing user its avatar, status and licences. */
export function UserFormView({ formRef, pickers, can, onCancel, onCommand }: UserFormViewProps) {
  const { t } = useTranslation('users');
  const { isNew, title, description } = useFormHeading(formRef, UserSchema, {
    add: t('form.addTitle'),
    addHint: t('form.addHint'),
    edit: t('form.editTitle'),
    named: (user) => t('form.editNamed', { name: user.name }),
  });
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={description}
      onCancel={onCancel}
      aside={isNew ? undefined : <UserAside formRef={formRef} can={can} onCommand={onCommand} />}
    >
      <UserFields formRef={formRef} pickers={pickers} />
    </EntityFormPage>
  );
}
