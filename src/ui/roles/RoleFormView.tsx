import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { RoleSchema } from '../../contract/entities/role';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { PermissionEditor } from './PermissionEditor';

/** Props of {@link RoleFormView}. */
export interface RoleFormViewProps {
  formRef: FormRef;
  roles: PickerSpec;
  onCancel: () => void;
}

/** /roles/add and /roles/:id/edit: name, description, available roles and the permission editor. */
export function RoleFormView({ formRef, roles, onCancel }: RoleFormViewProps) {
  const { t } = useTranslation('roles');
  const isNew = useSelector(formRef, selectIsNew);
  const role = useFormItem(formRef, RoleSchema);
  return (
    <EntityFormPage
      formRef={formRef}
      title={isNew ? t('form.addTitle') : role ? t('form.editNamed', { name: role.name }) : t('form.editTitle')}
      description={role?.is_admin ? t('adminHint') : undefined}
      onCancel={onCancel}
    >
      <Card>
        <div className="space-y-3">
          <FormRow>
            <FormText formRef={formRef} field="name" label={t('fields.name')} required />
            <FormText formRef={formRef} field="description" label={t('fields.description')} />
          </FormRow>
          <FormPicker
            formRef={formRef}
            field="available_roles"
            label={t('fields.available_roles')}
            multiple
            picker={roles.machine}
            pickerTitle={roles.title}
            searchLabel={roles.searchLabel}
            describe={roles.describe}
          />
          <p className="-mt-2 text-xs text-muted">{t('hints.available_roles')}</p>
        </div>
      </Card>
      <Card title={t('fields.permissions')}>
        <PermissionEditor formRef={formRef} />
      </Card>
    </EntityFormPage>
  );
}
