import { useTranslation } from 'react-i18next';
import { AccessRuleSchema } from '../../contract/entities/access-rule';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useFormHeading } from '../entities/use-form-heading';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { DoorLocks } from './DoorLocks';

/** Props of {@link AccessRuleFormView}. */
export interface AccessRuleFormViewProps {
  formRef: FormRef;
  /** Devices with a lock or barrier (permit devices). */
  devices: PickerSpec;
  users: PickerSpec;
  groups: PickerSpec;
  /** Schedules (time rules). */
  schedules: PickerSpec;
  onCancel: () => void;
}

/** /access-rules/add and /access-rules/:id/edit: name, doors with their locks, who, prohibition and sharing. */
export function AccessRuleFormView({ formRef, devices, users, groups, schedules, onCancel }: AccessRuleFormViewProps) {
  const { t } = useTranslation('accessRules');
  const { title, description } = useFormHeading(formRef, AccessRuleSchema, {
    add: t('form.addTitle'),
    addHint: t('form.addHint'),
    edit: t('form.editTitle'),
    named: (item) => t('form.editNamed', { name: item.name }),
  });
  return (
    <EntityFormPage formRef={formRef} title={title} description={description} onCancel={onCancel}>
      <Card title={t('form.sections.general')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="name" label={t('fields.name')} required />
          <FormTextArea formRef={formRef} field="description" label={t('fields.description')} />
          <FormCheckbox
            formRef={formRef}
            field="prohibition"
            label={
              <span>
                {t('fields.prohibition')} <span className="text-muted">— {t('form.prohibitionHint')}</span>
              </span>
            }
          />
          <FormCheckbox
            formRef={formRef}
            field="is_shareable"
            label={
              <span>
                {t('fields.is_shareable')} <span className="text-muted">— {t('form.shareableHint')}</span>
              </span>
            }
          />
        </div>
      </Card>
      <Card title={t('form.sections.doors')}>
        <p className="mb-2 text-[13px] text-muted">{t('form.doorsHint')}</p>
        <FormPicker
          formRef={formRef}
          field="devices"
          label={t('fields.devices')}
          multiple
          required
          {...pickerProps(devices)}
        />
        <DoorLocks formRef={formRef} />
      </Card>
      <Card title={t('form.sections.who')}>
        <div className="space-y-3">
          <FormPicker formRef={formRef} field="users" label={t('fields.users')} multiple {...pickerProps(users)} />
          <FormPicker formRef={formRef} field="domains" label={t('fields.domains')} multiple {...pickerProps(groups)} />
        </div>
      </Card>
      <Card title={t('form.sections.when')}>
        <p className="mb-2 text-[13px] text-muted">{t('form.whenHint')}</p>
        <FormPicker
          formRef={formRef}
          field="time_rules"
          label={t('fields.time_rules')}
          multiple
          {...pickerProps(schedules)}
        />
      </Card>
    </EntityFormPage>
  );
}
