import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { DEVICE_DEFAULTS } from '../../contract/constants';
import { SIP_TRANSPORTS } from '../../contract/entities/device';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { useDeviceFields } from './device-fields';

/** Whether a boolean input is on (sections open their details under their switch). */
const useOn = (formRef: FormRef, field: string) => useSelector(formRef, selectFormValue(field)) === true;

/** SIP: on or off; manual settings (proxy, realm, STUN, account) or the platform's; call timeout and transport. */
export function SipSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  const enabled = useOn(formRef, 'sip.enabled');
  const manual = useOn(formRef, 'sip.manual');
  return (
    <Card title={t('sections.sip')}>
      <div className="space-y-3">
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {f.check('sip.enabled')}
          {enabled ? f.check('sip.manual') : null}
          {enabled ? f.check('sip.use_address') : null}
        </div>
        {enabled && manual ? (
          <>
            <FormRow>
              {f.text('sip.proxy_address', { required: true })}
              {f.text('sip.realm_address')}
            </FormRow>
            <FormRow>
              {f.text('sip.stun_address')}
              {f.number('sip.stun_port')}
            </FormRow>
            <FormRow>
              {f.text('sip.login', { required: true, autoComplete: 'off' })}
              {f.secret('sip.password')}
            </FormRow>
          </>
        ) : null}
        {enabled ? (
          <FormRow columns={3}>
            {f.number('sip.talk_timeout', { hint: t('form.seconds') })}
            {f.select(
              'sip.transport',
              SIP_TRANSPORTS.map((x) => ({ value: x, label: x })),
            )}
            {f.text('sip.rtp_profile')}
          </FormRow>
        ) : null}
      </div>
    </Card>
  );
}

/** The device's place in the internal subnetwork (building / unit / floor / apartment / device number). */
export function AddressSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  const noUnit = useOn(formRef, 'address.no_unit');
  const reregister = useOn(formRef, 'address.reregister');
  return (
    <Card title={t('sections.address')}>
      <div className="space-y-3">
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {f.check('address.manual')}
          {f.check('address.no_unit')}
          {f.check('address.sync')}
          {f.check('address.reregister')}
        </div>
        <FormRow columns={3}>
          {f.text('address.mode')}
          {f.text('address.building')}
          {noUnit ? null : f.text('address.unit')}
          {f.number('address.floor')}
          {f.text('address.apartment')}
          {f.text('address.device', { hint: t('form.addressUnique') })}
        </FormRow>
        {reregister ? (
          <FormRow columns={3}>{f.number('address.reregister_interval', { hint: t('form.seconds') })}</FormRow>
        ) : null}
      </div>
    </Card>
  );
}

/** DHCP, or a fixed address, mask, gateway and DNS. */
export function NetworkSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  const dhcp = useOn(formRef, 'network.is_dhcp');
  return (
    <Card title={t('sections.network')}>
      <div className="space-y-3">
        {f.check('network.is_dhcp')}
        {dhcp ? null : (
          <FormRow>
            {f.text('network.ip')}
            {f.text('network.subnet')}
            {f.text('network.gateway')}
            {f.text('network.dns')}
          </FormRow>
        )}
      </div>
    </Card>
  );
}

/** The four call button numbers, plate camera interaction and remote lock opening. */
export function AdditionalSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  return (
    <Card title={t('sections.additional')}>
      <div className="space-y-3">
        <FormRow columns={3} className="lg:grid-cols-4">
          {Array.from({ length: DEVICE_DEFAULTS.buttonNumbers }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons are identified by their position.
            <span key={i}>{f.text(`additional.button_numbers.${i}`, { label: t('fields.button', { n: i + 1 }) })}</span>
          ))}
        </FormRow>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {f.check('additional.alpr_camera_interaction')}
          {f.check('additional.remote_lock_opening')}
        </div>
      </div>
    </Card>
  );
}

/** Face recognition: on or off, mode, similarity threshold (%), start with the device. */
export function FaceRecognitionSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  const enabled = useOn(formRef, 'face_recognition.enabled');
  return (
    <Card title={t('sections.face_recognition')}>
      <div className="space-y-3">
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {f.check('face_recognition.enabled')}
          {enabled ? f.check('face_recognition.autostart') : null}
        </div>
        {enabled ? (
          <FormRow>
            {f.text('face_recognition.mode')}
            {f.text('face_recognition.similarity', { inputMode: 'decimal', hint: t('form.similarityHint') })}
          </FormRow>
        ) : null}
      </div>
    </Card>
  );
}

/** The number-plate camera: used, and whether a read plate may open the lock. */
export function AlprCameraSection({ formRef }: { formRef: FormRef }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  return (
    <Card title={t('sections.alpr_camera')}>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {f.check('alpr_camera.using')}
        {f.check('alpr_camera.allow_remote_opening_lock')}
      </div>
    </Card>
  );
}
