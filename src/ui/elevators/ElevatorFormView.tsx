import { useTranslation } from 'react-i18next';
import { ElevatorSchema } from '../../contract/entities/elevator';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useFormHeading } from '../entities/use-form-heading';
import type { PickerSpec } from '../entities/use-pickers';
import { Badge } from '../kit/Badge';
import { Card } from '../kit/Card';

/** Props of {@link ElevatorFormView}. */
export interface ElevatorFormViewProps {
  formRef: FormRef;
  groups: PickerSpec;
  /** Lift controllers free, or already this elevator's. */
  controllers: PickerSpec;
  onCancel: () => void;
}

/** /elevators/add and /elevators/:id/edit: name and group, controllers, and the floors they serve. */
export function ElevatorFormView({ formRef, groups, controllers, onCancel }: ElevatorFormViewProps) {
  const { t } = useTranslation('elevators');
  const { item, title, description } = useFormHeading(formRef, ElevatorSchema, {
    add: t('form.addTitle'),
    addHint: t('form.addHint'),
    edit: t('form.editTitle'),
    named: (elevator) => t('form.editNamed', { name: elevator.name }),
  });
  return (
    <EntityFormPage formRef={formRef} title={title} description={description} onCancel={onCancel}>
      <Card title={t('form.sections.general')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="name" label={t('fields.name')} required />
          <FormPicker formRef={formRef} field="domain" label={t('fields.domain')} required {...pickerProps(groups)} />
        </div>
      </Card>
      <Card title={t('form.sections.controllers')}>
        <p className="mb-2 text-[13px] text-muted">{t('form.controllersHint')}</p>
        <FormPicker
          formRef={formRef}
          field="devices"
          label={t('fields.devices')}
          multiple
          required
          {...pickerProps(controllers)}
        />
      </Card>
      {item && item.devices.length > 0 ? (
        <Card title={t('form.sections.floors')}>
          <ul className="space-y-2">
            {item.devices.map((device) => (
              <li key={device.id}>
                <span className="font-medium">{device.name}</span>{' '}
                <Badge tone={device.device_info.status === 'online' ? 'success' : 'neutral'}>
                  {t(`status.${device.device_info.status}`)}
                </Badge>
                <span className="ml-2 text-[13px] text-muted">
                  {device.lift_controller.floor_map.length === 0
                    ? t('form.noFloors')
                    : device.lift_controller.floor_map
                        .map((f) => (f.name ? `${f.floor} (${f.name})` : String(f.floor)))
                        .join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </EntityFormPage>
  );
}
