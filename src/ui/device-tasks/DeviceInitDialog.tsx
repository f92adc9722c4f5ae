import { useActorRef } from '@xstate/react';
import type { DeviceBatchAction } from '../../machines/device-init/device-init.types';
import { usePageMachines } from '../app/actor-context';
import { DeviceInitDialogView } from './DeviceInitDialogView';

/** Props of {@link DeviceInitDialog}. */
export interface DeviceInitDialogProps {
  deviceId: number;
  /** Shown in the title ("Initialise Entrance panel"). */
  deviceName: string;
  /** `init` (default): the whole init batch; `settings.apply`: the stored settings only. */
  action?: DeviceBatchAction;
  /** Close, Escape and "Close, keep running": the tasks keep running on the server. */
  onClose: () => void;
}

/**
 * The device init dialog of §2.5 (and the settings apply): mount it while it is open; it
 * checks the device, asks, sends, and follows the tasks live until they are done or one fails.
 * Unmounting stops following (never the tasks).
 */
export function DeviceInitDialog({ deviceId, deviceName, action = 'init', onClose }: DeviceInitDialogProps) {
  const { deviceInit } = usePageMachines();
  const initRef = useActorRef(deviceInit, { input: { deviceId, deviceName, action } });
  return <DeviceInitDialogView initRef={initRef} onClose={onClose} />;
}
