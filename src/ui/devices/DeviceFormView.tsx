import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '../../contract/constants';
import { DeviceSchema } from '../../contract/entities/device';
import { selectFormValue, selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { type DeviceActionHandlers, DeviceActions, type DeviceActionTarget } from './DeviceActions';
import { DeviceConnectionSection, type DeviceFormPickers, DeviceGeneralSection } from './DeviceGeneralSection';
import {
  AdditionalSection,
  AddressSection,
  AlprCameraSection,
  FaceRecognitionSection,
  NetworkSection,
  SipSection,
} from './DeviceSettingsSections';
import { DeviceStatusBadge } from './DeviceStatus';
import { type SettingsSection, sectionsOf } from './device-sections';
import { LiftControllerSection } from './LiftControllerSection';
import { LiveDeviceActions } from './LiveDeviceActions';
import { VideoLinkSection } from './VideoLinkSection';

/** Props of {@link DeviceFormView}. */
export interface DeviceFormViewProps {
  formRef: FormRef;
  pickers: DeviceFormPickers;
  onCancel: () => void;
  /** Init and remote control (2.5), when their workflows are wired; shown on a saved device only. */
  actions?: DeviceActionHandlers;
}

const SECTION_VIEWS: Record<SettingsSection, (props: { formRef: FormRef; pickers: DeviceFormPickers }) => ReactNode> = {
  sip: SipSection,
  address: AddressSection,
  network: NetworkSection,
  additional: AdditionalSection,
  face_recognition: FaceRecognitionSection,
  lift_controller: LiftControllerSection,
  alpr_camera: AlprCameraSection,
  integration_axxon: VideoLinkSection,
};

const selectType = selectFormValue('type');

/** /devices/add and /devices/:id/edit: the device, its connection, and the settings sections of its type. */
export function DeviceFormView({ formRef, pickers, onCancel, actions }: DeviceFormViewProps) {
  const { t } = useTranslation('devices');
  const isNew = useSelector(formRef, selectIsNew);
  const type = useSelector(formRef, selectType) as DeviceType;
  const item = useFormItem(formRef, DeviceSchema);
  const title = isNew ? t('form.addTitle') : item ? item.name : t('form.editTitle');
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={
        isNew ? (
          t('form.addHint')
        ) : item ? (
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{t(`types.${item.type}`)}</span>
            {item.serial_number ? <span className="font-mono text-[13px]">{item.serial_number}</span> : null}
            <DeviceStatusBadge status={item.device_info.status} since={item.device_info.last_seen} />
          </span>
        ) : undefined
      }
      onCancel={onCancel}
      extraActions={
        item ? (
          actions ? (
            <DeviceActions device={targetOf(item)} {...actions} />
          ) : (
            <LiveDeviceActions device={targetOf(item)} />
          )
        ) : null
      }
    >
      <DeviceGeneralSection formRef={formRef} pickers={pickers} />
      <DeviceConnectionSection formRef={formRef} />
      {sectionsOf(type ?? 'panel').map((section) => {
        const View = SECTION_VIEWS[section];
        return <View key={section} formRef={formRef} pickers={pickers} />;
      })}
    </EntityFormPage>
  );
}

/** What the device actions are told about the edited device. */
function targetOf(
  item: Omit<DeviceActionTarget, 'status'> & { device_info: { status: DeviceActionTarget['status'] } },
): DeviceActionTarget {
  return {
    id: item.id,
    name: item.name,
    protocol: item.protocol,
    serial_number: item.serial_number,
    status: item.device_info.status,
  };
}
