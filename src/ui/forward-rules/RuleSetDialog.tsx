import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import type { PickerSpec } from '../entities/use-pickers';
import { FormRow } from '../kit/FormRow';
import { FormDays } from './FormDays';

/** The rule set add/edit dialog (600 px): name, numbers to ring, ring time, days, hours. */
export function RuleSetDialog(props: { formRef: FormRef; numbers: PickerSpec; onClose: () => void }) {
  const { formRef } = props;
  const { t } = useTranslation('forwarding');
  const isNew = useSelector(formRef, selectIsNew);
  return (
    <EntityFormDialog
      formRef={formRef}
      title={isNew ? t('ruleSets.dialog.add') : t('ruleSets.dialog.edit')}
      onClose={props.onClose}
    >
      <FormText formRef={formRef} field="name" label={t('fields.name')} required />
      <FormPicker
        formRef={formRef}
        field="numbers"
        label={t('fields.numbers')}
        multiple
        {...pickerProps(props.numbers)}
      />
      <FormText
        formRef={formRef}
        field="trunk_numbers"
        label={t('fields.trunk_numbers')}
        hint={`${t('hints.trunkNumbers')} ${t('hints.numbers')}`}
      />
      <FormText formRef={formRef} field="timeout" label={t('fields.timeout')} inputMode="numeric" />
      <FormDays formRef={formRef} label={t('fields.days')} hint={t('hints.days')} />
      <FormRow>
        <FormText formRef={formRef} field="from" label={t('fields.from')} type="time" />
        <FormText formRef={formRef} field="to" label={t('fields.to')} type="time" hint={t('hints.period')} />
      </FormRow>
    </EntityFormDialog>
  );
}
