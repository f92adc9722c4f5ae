import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DEVICE_RELAYS } from '../../contract/entities/device';
import { REMOTE_CONTROL } from '../../contract/remote-control';
import type { RemoteControlMachine } from '../../machines/remote-control/remote-control.machine';
import {
  selectIsActive,
  selectIsClosed,
  selectIsClosing,
  selectIsExpired,
  selectIsFailed,
  selectIsOpening,
  selectPending,
  selectSession,
} from '../../machines/remote-control/remote-control.selectors';
import { Button } from '../kit/Button';
import { Spinner } from '../kit/Spinner';

/** Relay buttons offered: the type's relays, at most four (a lift controller's 32 stay on its page). */
const relaysOf = (type: string) => Math.min((DEVICE_RELAYS as Record<string, number>)[type] ?? 1, 4);
const BUTTONS = [1, 2, 3, 4] as const;

/** Props of {@link RemoteControlPanel}. */
export interface RemoteControlPanelProps {
  remoteRef: ActorRefFrom<RemoteControlMachine>;
  /** Offer "open in a new window" (not on the standalone page itself). */
  offerWindow?: boolean;
}

/** The session: the device's screen, its commands, the end; or why there is none. */
export function RemoteControlPanel({ remoteRef, offerWindow = false }: RemoteControlPanelProps) {
  const { t } = useTranslation('remoteControl');
  const session = useSelector(remoteRef, selectSession);
  const opening = useSelector(remoteRef, selectIsOpening);
  const active = useSelector(remoteRef, selectIsActive);
  const pending = useSelector(remoteRef, selectPending);
  const closing = useSelector(remoteRef, selectIsClosing);
  const closed = useSelector(remoteRef, selectIsClosed);
  const expired = useSelector(remoteRef, selectIsExpired);
  const failed = useSelector(remoteRef, selectIsFailed);
  const busy = pending !== null;
  if (opening)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> {t('opening')}
      </p>
    );
  if (closed || expired || failed)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-ink">
          {closed ? t('closed') : expired ? t('expired') : t('failed')}
        </p>
        {closed ? null : <Button onClick={() => remoteRef.send({ type: 'retry' })}>{t('retry')}</Button>}
      </div>
    );
  if (!session || !(active || closing)) return null;
  const isPending = (command: string, n?: number) =>
    pending?.command === command && (n === undefined || pending.relay === n || pending.button === n);
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-ink">
        {t('device', { name: session.device_name, serial: session.serial_number })}
      </p>
      <p role="status" aria-label={t('title')} className="rounded-md bg-canvas px-3 py-2 font-mono text-sm text-ink">
        {t('screen', { screen: session.screen })}
      </p>
      <fieldset className="flex flex-wrap gap-2" aria-label={t('commands.label')} disabled={busy || closing}>
        {Array.from({ length: relaysOf(session.device_type) }, (_, i) => i + 1).map((relay) => (
          <Button
            key={`relay-${relay}`}
            variant="primary"
            loading={isPending('relay.open', relay)}
            onClick={() => remoteRef.send({ type: 'command', command: 'relay.open', relay })}
          >
            {t('commands.relay', { relay })}
          </Button>
        ))}
        {session.device_type === 'panel' || session.device_type === ''
          ? BUTTONS.map((button) => (
              <Button
                key={`button-${button}`}
                loading={isPending('call.button', button)}
                onClick={() => remoteRef.send({ type: 'command', command: 'call.button', button })}
              >
                {t('commands.button', { button })}
              </Button>
            ))
          : null}
        <Button
          loading={isPending('screen.state')}
          onClick={() => remoteRef.send({ type: 'command', command: 'screen.state' })}
        >
          {t('commands.refresh')}
        </Button>
        <Button
          variant="danger"
          loading={isPending('reboot')}
          onClick={() => remoteRef.send({ type: 'command', command: 'reboot' })}
        >
          {t('commands.reboot')}
        </Button>
      </fieldset>
      <p className="text-[13px] text-muted">{t('expires')}</p>
      <div className="flex flex-wrap gap-2">
        {offerWindow ? (
          <a
            className="text-sm text-brand-700 underline"
            href={`/devices/remote-control?${REMOTE_CONTROL.payloadParam}=${encodeURIComponent(session.payload)}`}
            target="_blank"
            rel="noopener"
          >
            {t('openWindow')}
          </a>
        ) : null}
        <Button loading={closing} onClick={() => remoteRef.send({ type: 'close' })}>
          {t('close')}
        </Button>
      </div>
    </div>
  );
}
