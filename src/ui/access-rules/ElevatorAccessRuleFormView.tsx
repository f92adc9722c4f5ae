import { useTranslation } from 'react-i18next';
import { ElevatorAccessRuleSchema } from '../../contract/entities/elevator-access-rule';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useFormHeading } from '../entities/use-form-heading';
import type { PickerSpec } from '../entities/use-pickers';
import { Badge } from '../kit/Badge';
import { Card } from '../kit/Card';
import { ElevatorFloors } from './ElevatorFloors';

/** Props of {@link ElevatorAccessRuleFormView}. */
export interface ElevatorAccessRuleFormViewProps {
  formRef: FormRef;
  users: PickerSpec;
  elevators: PickerSpec;
  onCancel: () => void;
}

/** /elevators/access-rules/add and …/:id/edit: name, users, elevators with the floors each grants. */
export function ElevatorAccessRuleFormView({ formRef, users, elevators, onCancel }: ElevatorAccessRuleFormViewProps) {
  const { t } = useTranslation('accessRules');
  const { item, title, description } = useFormHeading(formRef, ElevatorAccessRuleSchema, {
    add: t('elevator.form.addTitle'),
    addHint: t('elevator.form.addHint'),
    edit: t('elevator.form.editTitle'),
    named: (rule) => t('elevator.form.editNamed', { name: rule.name }),
  });
  const disabled = item?.users.filter((u) => u.elevator_access_disabled) ?? [];
  return (
    <EntityFormPage formRef={formRef} title={title} description={description} onCancel={onCancel}>
      <Card title={t('elevator.form.sections.general')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="name" label={t('elevator.fields.name')} required />
          <FormTextArea formRef={formRef} field="description" label={t('elevator.fields.description')} />
        </div>
      </Card>
      <Card title={t('elevator.form.sections.users')}>
        <FormPicker
          formRef={formRef}
          field="users"
          label={t('elevator.fields.users')}
          multiple
          required
          {...pickerProps(users)}
        />
        {disabled.length > 0 ? (
          <ul className="mt-2 space-y-1 text-[13px]" title={t('elevator.accessDisabledHint')}>
            {disabled.map((u) => (
              <li key={u.id}>
                {u.name} <Badge tone="warning">{t('elevator.accessDisabled')}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card title={t('elevator.form.sections.elevators')}>
        <FormPicker
          formRef={formRef}
          field="elevators"
          label={t('elevator.fields.elevators')}
          multiple
          required
          {...pickerProps(elevators)}
        />
        <ElevatorFloors formRef={formRef} labels={elevators.labels} />
      </Card>
    </EntityFormPage>
  );
}
