import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AmenitySchema } from '../../contract/entities/amenity';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useFormItem } from '../entities/use-form-item';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { AmenityFilesField } from './AmenityFilesField';
import { DURATIONS } from './amenity-form';
import { WeekGrid } from './WeekGrid';

/** Props of {@link AmenityFormView}. */
export interface AmenityFormViewProps {
  formRef: FormRef;
  groups: PickerSpec;
  accessRules: PickerSpec;
  onCancel: () => void;
}

/** /amenities/add and /amenities/:id/edit: what and where, who books and which doors, places, slots on a week grid, files. */
export function AmenityFormView({ formRef, groups, accessRules, onCancel }: AmenityFormViewProps) {
  const { t } = useTranslation('amenities');
  const isNew = useSelector(formRef, selectIsNew);
  const item = useFormItem(formRef, AmenitySchema);
  const title = isNew ? t('form.addTitle') : item ? t('form.editNamed', { name: item.name }) : t('form.editTitle');
  const durations = DURATIONS.map((d) => ({ value: String(d), label: t('form.duration', { minutes: d / 60 }) }));
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={isNew ? t('form.addHint') : undefined}
      onCancel={onCancel}
    >
      <Card title={t('form.sections.general')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="name" label={t('fields.name')} required />
          <FormText formRef={formRef} field="address" label={t('fields.address')} />
          <FormTextArea formRef={formRef} field="description" label={t('fields.description')} />
        </div>
      </Card>
      <Card title={t('form.sections.access')}>
        <div className="space-y-3">
          <FormPicker
            formRef={formRef}
            field="domains"
            label={t('fields.domains')}
            multiple
            required
            {...pickerProps(groups)}
          />
          <p className="text-[13px] text-muted">{t('form.domainsHint')}</p>
          <FormPicker
            formRef={formRef}
            field="access_rules"
            label={t('fields.access_rules')}
            multiple
            required
            {...pickerProps(accessRules)}
          />
          <p className="text-[13px] text-muted">{t('form.rulesHint')}</p>
        </div>
      </Card>
      <Card title={t('form.sections.places')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormText formRef={formRef} field="persons_min" label={t('fields.persons_min')} inputMode="numeric" />
          <FormText formRef={formRef} field="persons_max" label={t('fields.persons_max')} inputMode="numeric" />
        </div>
      </Card>
      <Card title={t('form.sections.slots')}>
        <div className="space-y-3">
          <FormSelect
            formRef={formRef}
            field="duration"
            label={t('fields.duration')}
            options={durations}
            className="max-w-60"
          />
          <WeekGrid formRef={formRef} />
        </div>
      </Card>
      <Card title={t('form.sections.files')}>
        <AmenityFilesField formRef={formRef} />
      </Card>
    </EntityFormPage>
  );
}
