import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FORWARD_MODES, type ForwardMode } from '../../contract/entities/sip-number';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';

const selectMode = selectFormValue('forward_mode');

/** Forwarding of unanswered calls: off, by the number's own rule sets, or by a forward group. */
export function ForwardingSection(props: {
  formRef: FormRef;
  pickers: { forwardRuleSets: PickerSpec; forwardGroups: PickerSpec };
}) {
  const { formRef, pickers } = props;
  const { t } = useTranslation('numbers');
  const mode = useSelector(formRef, selectMode) as ForwardMode;
  return (
    <Card title={t('form.sections.forwarding')}>
      <div className="space-y-3">
        <FormSelect
          formRef={formRef}
          field="forward_mode"
          label={t('fields.forward_mode')}
          options={FORWARD_MODES.map((m) => ({ value: m, label: t(`forwardModes.${m}`) }))}
        />
        {mode === 'manual' ? (
          <>
            <FormPicker
              formRef={formRef}
              field="forward_rules"
              label={t('fields.forward_rules')}
              multiple
              required
              {...pickerProps(pickers.forwardRuleSets)}
            />
            <p className="text-xs text-muted">{t('form.manualHint')}</p>
          </>
        ) : null}
        {mode === 'picked' ? (
          <>
            <FormPicker
              formRef={formRef}
              field="forward_group"
              label={t('fields.forward_group')}
              required
              {...pickerProps(pickers.forwardGroups)}
            />
            <p className="text-xs text-muted">{t('form.pickedHint')}</p>
          </>
        ) : null}
      </div>
    </Card>
  );
}
