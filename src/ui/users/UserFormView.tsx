import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { UserSchema } from '../../contract/entities/user';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
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
  const isNew = useSelector(formRef, selectIsNew);
  const user = useFormItem(formRef, UserSchema);
  const title = isNew ? t('form.addTitle') : user ? t('form.editNamed', { name: user.name }) : t('form.editTitle');
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={isNew ? t('form.addHint') : undefined}
      onCancel={onCancel}
      aside={isNew ? undefined : <UserAside formRef={formRef} can={can} onCommand={onCommand} />}
    >
      <UserFields formRef={formRef} pickers={pickers} />
    </EntityFormPage>
  );
}
