import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { RemoteControlMachine } from '../../machines/remote-control/remote-control.machine';
import { selectIsActive, selectRefusal } from '../../machines/remote-control/remote-control.selectors';
import { usePageMachines } from '../app/actor-context';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { RefusedDialog } from './RefusedDialog';
import { RemoteControlPanel } from './RemoteControlPanel';

/** What the devices pages know of the device (the list row or the edit form's item). */
export interface RemoteControlTarget {
  serial_number: string | null;
  name: string;
  protocol: string;
  /** `device_info.status`: online, offline or unknown. */
  status: string;
}

/** Props of {@link RemoteControlDialogView}. */
export interface RemoteControlDialogViewProps {
  remoteRef: ActorRefFrom<RemoteControlMachine>;
  onClose: () => void;
}

/** The remote control dialog over an actor (stories freeze it); the 8.3 dialog when refused. */
export function RemoteControlDialogView({ remoteRef, onClose }: RemoteControlDialogViewProps) {
  const { t } = useTranslation('remoteControl');
  const refusal = useSelector(remoteRef, selectRefusal);
  const active = useSelector(remoteRef, selectIsActive);
  if (refusal) return <RefusedDialog reason={refusal} onClose={onClose} />;
  const close = () => {
    // Leaving the dialog ends the session rather than leaving it to expire.
    if (active) remoteRef.send({ type: 'close' });
    onClose();
  };
  return (
    <Dialog open title={t('title')} onClose={close} footer={<Button onClick={close}>{t('closeDialog')}</Button>}>
      <RemoteControlPanel remoteRef={remoteRef} offerWindow />
    </Dialog>
  );
}

export function RemoteControlSession({ device, onClose }: { device: RemoteControlTarget; onClose: () => void }) {
  const { remoteControl } = usePageMachines();
  const remoteRef = useActorRef(remoteControl, {
    input: { serial_number: device.serial_number ?? '', protocol: device.protocol, status: device.status },
  });
  return <RemoteControlDialogView remoteRef={remoteRef} onClose={onClose} />;
}

/**
 * The device pages' "remote control" action (§2.5 device edit actions; §5): a button that
 * opens the session dialog, or the 8.3 dialog straight away for a device that is offline or
 * not on mqtt. Mount it with the device's serial, name, protocol and `device_info.status`;
 * show it to callers that may `PUT /devices/remote-control/sessions` (useMayCall).
 */
export function RemoteControlButton({ device, size = 'md' }: { device: RemoteControlTarget; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('remoteControl');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} disabled={!device.serial_number}>
        {t('open')}
      </Button>
      {open ? <RemoteControlSession device={device} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
