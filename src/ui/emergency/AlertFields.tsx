import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES } from '../../contract/constants';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { AudioField } from './AudioField';

/** The pickers the alert form uses. */
export interface AlertPickers {
  groups: PickerSpec;
  devices: PickerSpec;
}

const picker = (spec: PickerSpec) => ({
  picker: spec.machine,
  pickerTitle: spec.title,
  searchLabel: spec.searchLabel,
  describe: spec.describe,
});

/** The alert (name, device type, audio, duration, locks) and where it plays (groups, devices). */
export function AlertFields({ formRef, pickers }: { formRef: FormRef; pickers: AlertPickers }) {
  const { t } = useTranslation('emergency');
  return (
    <>
      <Card title={t('form.general')}>
        <div className="space-y-3">
          <FormRow>
            <FormText formRef={formRef} field="name" label={t('form.name')} required />
            <FormSelect
              formRef={formRef}
              field="device_type"
              label={t('form.device_type')}
              options={DEVICE_TYPES.map((value) => ({ value, label: t(`deviceType.${value}`) }))}
            />
          </FormRow>
          <AudioField formRef={formRef} />
          <FormRow>
            <FormText
              formRef={formRef}
              field="playback_duration"
              label={t('form.playback_duration')}
              inputMode="numeric"
            />
          </FormRow>
          <FormCheckbox formRef={formRef} field="open_locks" label={t('form.open_locks')} />
        </div>
      </Card>
      <Card title={t('form.targets')}>
        <p className="mb-3 text-[13px] text-muted">{t('form.targetsHint')}</p>
        <div className="space-y-3">
          <FormPicker
            formRef={formRef}
            field="domains"
            label={t('form.domains')}
            multiple
            {...picker(pickers.groups)}
          />
          <FormPicker
            formRef={formRef}
            field="devices"
            label={t('form.devices')}
            multiple
            {...picker(pickers.devices)}
          />
        </div>
      </Card>
    </>
  );
}
