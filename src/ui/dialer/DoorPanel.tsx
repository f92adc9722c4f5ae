import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DoorDevice } from '../../contract/entities/calls';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import {
  selectCanOpenDoor,
  selectDoorDevicesRef,
  selectIsOpeningDoor,
  selectSelectedDoor,
} from '../../machines/dialer/dialer.selectors';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoadFailed, selectIsLoading, selectLoadedData } from '../../machines/loader/loader.selectors';
import { Button } from '../kit/Button';
import { inputClasses } from '../kit/TextField';
import { DialerIcon } from './dialer-icons';

const NONE: DoorDevice[] = [];
/** The concierge's door devices. */
const selectDoors = (s: Parameters<typeof selectLoadedData>[0]) => selectLoadedData<DoorDevice[]>(s);

/**
 * Door management (2.6): pick a door device and open it. Open is disabled
 * without a selected device that has a token (5); in a call with the door's
 * own panel it sends DTMF # instead (7.11).
 */
export function DoorPanel({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const devicesRef = useSelector(dialerRef, selectDoorDevicesRef);
  return devicesRef ? <DoorPicker dialerRef={dialerRef} devicesRef={devicesRef} /> : null;
}

function DoorPicker({
  dialerRef,
  devicesRef,
}: {
  dialerRef: ActorRefFrom<DialerMachine>;
  devicesRef: ActorRefFrom<LoaderMachine>;
}) {
  const { t } = useTranslation('dialer');
  const devices = useSelector(devicesRef, selectDoors) ?? NONE;
  const loading = useSelector(devicesRef, selectIsLoading);
  const failed = useSelector(devicesRef, selectIsLoadFailed);
  const door = useSelector(dialerRef, selectSelectedDoor);
  const canOpen = useSelector(dialerRef, selectCanOpenDoor);
  const opening = useSelector(dialerRef, selectIsOpeningDoor);
  const index = door ? devices.findIndex((d) => d.token === door.token && d.sip_number === door.sipNumber) : -1;
  return (
    <section aria-labelledby="dialer-door" className="border-b border-line p-3">
      <h3 id="dialer-door" className="text-[13px] font-semibold text-ink">
        {t('door.title')}
      </h3>
      <label htmlFor="dialer-door-device" className="sr-only">
        {t('door.device')}
      </label>
      <select
        id="dialer-door-device"
        className={`${inputClasses(false)} mt-2 h-8`}
        value={index}
        disabled={loading || devices.length === 0}
        onChange={(event) => {
          const device = devices[Number(event.target.value)];
          dialerRef.send({
            type: 'door.select',
            door: device ? { token: device.token, sipNumber: device.sip_number } : null,
          });
        }}
      >
        <option value={-1}>
          {loading
            ? t('door.loading')
            : failed
              ? t('door.failed')
              : devices.length === 0
                ? t('door.noDevices')
                : t('door.choose')}
        </option>
        {devices.map((device, i) => (
          <option key={`${device.token ?? 'none'}-${device.sip_number ?? i}`} value={i}>
            {device.sip_number ? `${device.name} · ${device.sip_number}` : device.name}
          </option>
        ))}
      </select>
      {door && !door.token ? <p className="mt-1 text-[11px] text-warning-600">{t('door.noToken')}</p> : null}
      <Button
        size="sm"
        className="mt-2 w-full"
        icon={<DialerIcon name="door" />}
        disabled={!canOpen}
        loading={opening}
        onClick={() => dialerRef.send({ type: 'door.open' })}
      >
        {t('door.open')}
      </Button>
    </section>
  );
}
