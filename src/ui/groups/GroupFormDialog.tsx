import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import type { PickerSpec } from '../entities/use-pickers';

const picker = (spec: PickerSpec) => ({
  picker: spec.machine,
  pickerTitle: spec.title,
  searchLabel: spec.searchLabel,
  describe: spec.describe,
});

/** The group dialog (600 px): name, parent group, type, logical address, description. */
export function GroupFormDialog(props: {
  formRef: FormRef;
  groups: PickerSpec;
  types: PickerSpec;
  onClose: () => void;
}) {
  const { t } = useTranslation('groups');
  const { formRef } = props;
  const isNew = useSelector(formRef, selectIsNew);
  return (
    <EntityFormDialog formRef={formRef} title={isNew ? t('dialog.add') : t('dialog.edit')} onClose={props.onClose}>
      <FormText formRef={formRef} field="name" label={t('fields.name')} required />
      <FormPicker formRef={formRef} field="parent" label={t('fields.parent')} {...picker(props.groups)} />
      <FormPicker formRef={formRef} field="domain_type" label={t('fields.type')} required {...picker(props.types)} />
      <FormText
        formRef={formRef}
        field="logic_address"
        label={t('fields.logic_address')}
        hint={t('hints.logic_address')}
      />
      <FormTextArea formRef={formRef} field="description" label={t('fields.description')} />
    </EntityFormDialog>
  );
}
