import { useTranslation } from 'react-i18next';
import { ANNOUNCE_SEND_VIA } from '../../contract/entities/announce';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { PollFields } from './PollFields';

/** The pickers the announce form uses. */
export interface AnnouncePickers {
  users: PickerSpec;
  groups: PickerSpec;
}

const picker = (spec: PickerSpec) => ({
  picker: spec.machine,
  pickerTitle: spec.title,
  searchLabel: spec.searchLabel,
  describe: spec.describe,
});

/** Every section of the announce form: content, type and poll, delivery, recipients. */
export function AnnounceFields({ formRef, pickers }: { formRef: FormRef; pickers: AnnouncePickers }) {
  const { t } = useTranslation('announces');
  return (
    <>
      <Card title={t('form.content')}>
        <div className="space-y-3">
          <FormRow>
            <FormText formRef={formRef} field="name" label={t('form.name')} required />
            <FormText formRef={formRef} field="subject" label={t('form.subject')} required />
          </FormRow>
          <FormTextArea formRef={formRef} field="body" label={t('form.body')} rows={6} />
          <FormTextArea formRef={formRef} field="description" label={t('form.description')} rows={2} />
        </div>
      </Card>
      <PollFields formRef={formRef} />
      <Card title={t('form.recipients')}>
        <p className="mb-3 text-[13px] text-muted">{t('form.recipientsHint')}</p>
        <div className="space-y-3">
          <FormPicker formRef={formRef} field="users" label={t('form.users')} multiple {...picker(pickers.users)} />
          <FormPicker
            formRef={formRef}
            field="domains"
            label={t('form.domains')}
            multiple
            {...picker(pickers.groups)}
          />
        </div>
      </Card>
      <Card title={t('form.delivery')}>
        <div className="space-y-3">
          <FormRow>
            <FormSelect
              formRef={formRef}
              field="send_via"
              label={t('form.send_via')}
              options={ANNOUNCE_SEND_VIA.map((value) => ({ value, label: t(`sendVia.${value}`) }))}
            />
            <FormText
              formRef={formRef}
              field="execute_at"
              type="datetime-local"
              label={t('form.execute_at')}
              hint={t('form.executeHint')}
            />
          </FormRow>
          <FormCheckbox formRef={formRef} field="use_owner_info" label={t('form.use_owner_info')} />
        </div>
      </Card>
    </>
  );
}
