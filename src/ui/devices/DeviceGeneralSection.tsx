import { useTranslation } from 'react-i18next';
import { DEVICE_PROTOCOLS, DEVICE_TYPES } from '../../contract/constants';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { useDeviceFields } from './device-fields';
import type { VideoLinkPickers } from './VideoLinkSection';

/** The pickers the device form uses. */
export interface DeviceFormPickers extends VideoLinkPickers {
  groups: PickerSpec;
  sipNumbers: PickerSpec;
}

/** Name, type and model, group, protocol and serial, the virtual number, location and description. */
export function DeviceGeneralSection({ formRef, pickers }: { formRef: FormRef; pickers: DeviceFormPickers }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  return (
    <Card title={t('sections.general')}>
      <div className="space-y-3">
        <FormRow columns={3}>
          {f.text('name', { required: true, className: 'lg:col-span-2' })}
          {f.select(
            'type',
            DEVICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          )}
        </FormRow>
        <FormRow columns={3}>
          {f.text('model', { required: true, hint: t('form.modelHint') })}
          {f.text('serial_number', { hint: t('form.serialHint'), autoComplete: 'off' })}
          {f.select(
            'protocol',
            DEVICE_PROTOCOLS.map((p) => ({ value: p, label: t(`protocols.${p}`) })),
          )}
        </FormRow>
        <FormRow>
          <FormPicker
            formRef={formRef}
            field="domain"
            label={t('fields.domain')}
            required
            {...pickerProps(pickers.groups)}
          />
          <FormPicker
            formRef={formRef}
            field="sip_number"
            label={t('fields.sip_number')}
            {...pickerProps(pickers.sipNumbers)}
          />
        </FormRow>
        <FormRow>
          {f.text('location_latitude', { inputMode: 'decimal', hint: t('form.coordinateHint') })}
          {f.text('location_longitude', { inputMode: 'decimal', hint: t('form.coordinateHint') })}
        </FormRow>
        <FormTextArea formRef={formRef} field="description" label={t('fields.description')} rows={2} />
      </div>
    </Card>
  );
}

/** How the server reaches the device: address and port, its credentials, logs and heartbeat. */
export function DeviceConnectionSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  return (
    <Card title={t('sections.connection')}>
      <div className="space-y-3">
        <FormRow columns={3}>
          {f.text('ip_address', { className: 'lg:col-span-2', autoComplete: 'off' })}
          {f.number('port')}
        </FormRow>
        <FormRow columns={3}>
          {f.secret('password')}
          {f.text('device_login', { autoComplete: 'off' })}
          {f.secret('device_password')}
        </FormRow>
        <FormRow columns={3}>{f.secret('mqtt_password')}</FormRow>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {f.check('get_logs')}
          {f.check('management.heartbeat')}
          {f.check('management.realtime_logging')}
        </div>
      </div>
    </Card>
  );
}
