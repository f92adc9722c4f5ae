import { useTranslation } from 'react-i18next';
import type { DeviceProtocol } from '../../contract/constants';
import type { DeviceStatus } from '../../contract/entities/device';
import { Button } from '../kit/Button';

/** What a device action is told about its device. */
export interface DeviceActionTarget {
  id: number;
  name: string;
  protocol: DeviceProtocol;
  serial_number: string | null;
  status: DeviceStatus;
}

/**
 * The workflows a device page and row offer (2.5: init device, remote control).
 * Each is built elsewhere and wired by the page's owner; an action without a
 * handler is not shown. Remote control's own rules (mqtt and online, 5) are
 * the handler's to apply: it shows its dialog when refused.
 */
export interface DeviceActionHandlers {
  onInit?: (device: DeviceActionTarget) => void;
  onRemoteControl?: (device: DeviceActionTarget) => void;
}

/** Props of {@link DeviceActions}. */
export interface DeviceActionsProps extends DeviceActionHandlers {
  device: DeviceActionTarget;
  /** `row`: small quiet buttons in a table row; `page`: the edit page's header. */
  variant?: 'row' | 'page';
}

/** Init and Remote control for one device, for whichever handlers are given. */
export function DeviceActions({ device, onInit, onRemoteControl, variant = 'page' }: DeviceActionsProps) {
  const { t } = useTranslation('devices');
  if (!onInit && !onRemoteControl) return null;
  const size = variant === 'row' ? 'sm' : 'md';
  const style = variant === 'row' ? 'ghost' : 'secondary';
  return (
    <span className="inline-flex items-center gap-1.5">
      {onInit ? (
        <Button
          size={size}
          variant={style}
          onClick={() => onInit(device)}
          aria-label={variant === 'row' ? t('actions.initNamed', { name: device.name }) : undefined}
        >
          {t('actions.init')}
        </Button>
      ) : null}
      {onRemoteControl ? (
        <Button
          size={size}
          variant={style}
          onClick={() => onRemoteControl(device)}
          aria-label={variant === 'row' ? t('actions.remoteControlNamed', { name: device.name }) : undefined}
        >
          {t('actions.remoteControl')}
        </Button>
      ) : null}
    </span>
  );
}
