import { useState } from 'react';
import { DeviceInitDialog, SettingsApplyButton } from '../device-tasks';
import { useMayCall } from '../entities/use-access';
import { RemoteControlSession } from '../remote-control/RemoteControlDialog';
import { DeviceActions, type DeviceActionTarget } from './DeviceActions';

/**
 * The device actions wired to their workflows (2.5 device edit actions): Init opens the device
 * init dialog (its tasks followed live), Remote control the session dialog (or the 8.3 dialog for
 * a device that is offline or not on mqtt), and on the edit page Apply settings. Each shows only
 * to callers who may make its call.
 */
export function LiveDeviceActions({
  device,
  variant = 'page',
}: {
  device: DeviceActionTarget;
  variant?: 'row' | 'page';
}) {
  const mayInit = useMayCall('POST /devices/init/{id}');
  const mayRemote = useMayCall('PUT /devices/remote-control/sessions');
  const [open, setOpen] = useState<'init' | 'remote' | null>(null);
  const close = () => setOpen(null);
  return (
    <span className="inline-flex items-center gap-1.5">
      <DeviceActions
        device={device}
        variant={variant}
        onInit={mayInit ? () => setOpen('init') : undefined}
        onRemoteControl={mayRemote && device.serial_number ? () => setOpen('remote') : undefined}
      />
      {variant === 'page' ? <SettingsApplyButton deviceId={device.id} deviceName={device.name} /> : null}
      {open === 'init' ? <DeviceInitDialog deviceId={device.id} deviceName={device.name} onClose={close} /> : null}
      {open === 'remote' ? <RemoteControlSession device={device} onClose={close} /> : null}
    </span>
  );
}
