import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import type { PickerSpec } from '../entities/use-pickers';

/** One redirect of a forward group: a heading, its switch, its wait and its rule sets. */
function Redirect(props: { formRef: FormRef; prefix: 'na' | 'err'; ruleSets: PickerSpec }) {
  const { formRef, prefix } = props;
  const { t } = useTranslation('forwarding');
  return (
    <fieldset className="space-y-2 rounded-md border border-line p-3">
      <legend className="px-1 text-[13px] font-semibold text-ink">
        {prefix === 'na' ? t('fields.noAnswer') : t('fields.onError')}
      </legend>
      <FormCheckbox
        formRef={formRef}
        field={prefix === 'na' ? 'na_immediately' : 'err_enabled'}
        label={prefix === 'na' ? t('fields.is_immediately') : t('fields.enabled')}
      />
      <FormText formRef={formRef} field={`${prefix}_timeout`} label={t('fields.waitTimeout')} inputMode="numeric" />
      <FormPicker
        formRef={formRef}
        field={`${prefix}_rules`}
        label={t('fields.forward_rules')}
        multiple
        {...pickerProps(props.ruleSets)}
      />
    </fieldset>
  );
}

/** The forward group add/edit dialog (600 px): name, the no-answer and the failure redirects. */
export function ForwardGroupDialog(props: { formRef: FormRef; ruleSets: PickerSpec; onClose: () => void }) {
  const { formRef } = props;
  const { t } = useTranslation('forwarding');
  const isNew = useSelector(formRef, selectIsNew);
  return (
    <EntityFormDialog
      formRef={formRef}
      title={isNew ? t('groups.dialog.add') : t('groups.dialog.edit')}
      onClose={props.onClose}
    >
      <FormText formRef={formRef} field="name" label={t('fields.name')} required />
      <Redirect formRef={formRef} prefix="na" ruleSets={props.ruleSets} />
      <Redirect formRef={formRef} prefix="err" ruleSets={props.ruleSets} />
    </EntityFormDialog>
  );
}
