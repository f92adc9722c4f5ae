import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceBatchAction } from '../../machines/device-init/device-init.types';
import { useMayCall } from '../entities/use-access';
import { Button, type ButtonVariant } from '../kit/Button';
import { DeviceInitDialog } from './DeviceInitDialog';

/** Props of {@link DeviceInitButton} and {@link SettingsApplyButton}. */
export interface DeviceTaskButtonProps {
  deviceId: number;
  deviceName: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}

function BatchButton({
  action,
  label,
  deviceId,
  deviceName,
  variant = 'secondary',
  size,
}: DeviceTaskButtonProps & { action: DeviceBatchAction; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <DeviceInitDialog deviceId={deviceId} deviceName={deviceName} action={action} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** "Init device" (§2.5 device edit actions): opens the init dialog; hidden without POST /devices/init/{id}. */
export function DeviceInitButton(props: DeviceTaskButtonProps) {
  const { t } = useTranslation('deviceTasks');
  const may = useMayCall('POST /devices/init/{id}');
  return may ? <BatchButton {...props} action="init" label={t('init.open')} /> : null;
}

/**
 * "Apply settings": queues `POST /devices/{id}/settings/apply` and shows its outcome (the
 * settings task followed live until the device took it, or why it did not); hidden without the call.
 */
export function SettingsApplyButton(props: DeviceTaskButtonProps) {
  const { t } = useTranslation('deviceTasks');
  const may = useMayCall('POST /devices/{id}/settings/apply');
  return may ? <BatchButton {...props} action="settings.apply" label={t('apply.action')} /> : null;
}
