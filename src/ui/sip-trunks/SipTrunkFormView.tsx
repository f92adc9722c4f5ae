import { useTranslation } from 'react-i18next';
import { SipTrunkSchema } from '../../contract/entities/sip-trunk';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useFormHeading } from '../entities/use-form-heading';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';

/** Props of {@link SipTrunkFormView}. */
export interface SipTrunkFormViewProps {
  formRef: FormRef;
  groups: PickerSpec;
  onCancel: () => void;
}

/** /sip-trunks/add and /sip-trunks/:id/edit: connection, account, groups. */
export function SipTrunkFormView({ formRef, groups, onCancel }: SipTrunkFormViewProps) {
  const { t } = useTranslation('trunks');
  const { isNew, title, description } = useFormHeading(formRef, SipTrunkSchema, {
    add: t('form.addTitle'),
    addHint: t('form.addHint'),
    edit: t('form.editTitle'),
    named: (item) => t('form.editNamed', { name: item.name }),
  });
  return (
    <EntityFormPage formRef={formRef} title={title} description={description} onCancel={onCancel}>
      <Card title={t('form.sections.connection')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="name" label={t('fields.name')} required />
          <FormRow>
            <FormText
              formRef={formRef}
              field="outgoing_number"
              label={t('fields.outgoing_number')}
              required
              hint={t('form.numberHint')}
            />
            <FormText
              formRef={formRef}
              field="termination_uri"
              label={t('fields.termination_uri')}
              required
              hint={t('form.uriHint')}
            />
          </FormRow>
        </div>
      </Card>
      <Card title={t('form.sections.account')}>
        <FormRow>
          <FormText formRef={formRef} field="login" label={t('fields.login')} autoComplete="off" />
          <FormText
            formRef={formRef}
            field="password"
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            hint={isNew ? undefined : t('form.passwordHint')}
          />
        </FormRow>
      </Card>
      <Card title={t('form.sections.groups')}>
        <FormPicker
          formRef={formRef}
          field="domains"
          label={t('fields.domains')}
          multiple
          required
          {...pickerProps(groups)}
        />
      </Card>
    </EntityFormPage>
  );
}
