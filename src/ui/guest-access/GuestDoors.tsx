import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GuestDoor } from '../../contract/entities/guest-key';
import type { GuestKeyMachine } from '../../machines/guest-key/guest-key.machine';
import {
  selectDoorFailure,
  selectDoors,
  selectNoPassesLeft,
  selectOpenedDoor,
  selectOpeningToken,
} from '../../machines/guest-key/guest-key.selectors';
import { Spinner } from '../kit/Spinner';

/** A door's name for the guest: the device, and the lock when the key opens several of one device. */
const doorName = (door: GuestDoor, doors: GuestDoor[], t: TFunction<['guestAccess', 'errors']>) =>
  doors.filter((d) => d.name === door.name).length > 1
    ? t('guestAccess:page.openLock', { name: door.name, lock: door.lock })
    : t('guestAccess:page.open', { name: door.name });

/** The guest's doors as big buttons (a phone at 375 px), with what the last opening did. */
export function GuestDoors({ keyRef }: { keyRef: ActorRefFrom<GuestKeyMachine> }) {
  const { t } = useTranslation(['guestAccess', 'errors']);
  const doors = useSelector(keyRef, selectDoors);
  const opening = useSelector(keyRef, selectOpeningToken);
  const opened = useSelector(keyRef, selectOpenedDoor);
  const failed = useSelector(keyRef, selectDoorFailure);
  const noPasses = useSelector(keyRef, selectNoPassesLeft);
  return (
    <section aria-labelledby="guest-doors" className="space-y-3">
      {opened ? (
        <p
          role="status"
          className="rounded-lg border border-success-600/30 bg-success-50 px-4 py-3 text-base font-medium text-success-600"
        >
          {t('guestAccess:page.opened', { name: opened.name })}
          {noPasses ? <span className="mt-1 block text-sm font-normal">{t('guestAccess:page.lastPass')}</span> : null}
        </p>
      ) : null}
      {failed ? (
        <p
          role="alert"
          className="rounded-lg border border-danger-600/30 bg-danger-50 px-4 py-3 text-base text-danger-700"
        >
          {t(`guestAccess:doorFailure.${failed.failure?.code ?? ''}`, {
            name: failed.door?.name ?? '',
            defaultValue: t('errors:http.device problem'),
          })}
        </p>
      ) : null}
      {noPasses ? null : (
        <>
          <h2 id="guest-doors" className="text-sm font-semibold uppercase tracking-wide text-muted">
            {t('guestAccess:page.doors')}
          </h2>
          {doors.length === 0 ? <p className="text-base text-muted">{t('guestAccess:page.noDoors')}</p> : null}
          <ul className="grid gap-3 sm:grid-cols-2">
            {doors.map((door) => {
              const busy = opening === door.device_token;
              return (
                <li key={door.device_token}>
                  <button
                    type="button"
                    disabled={opening !== null}
                    aria-busy={busy || undefined}
                    onClick={() => keyRef.send({ type: 'door.open', token: door.device_token })}
                    className="flex min-h-16 w-full items-center justify-between gap-3 rounded-xl bg-brand-600 px-5 py-4 text-left text-lg font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
                  >
                    <span>{doorName(door, doors, t)}</span>
                    {busy ? (
                      <Spinner label={t('guestAccess:page.opening')} />
                    ) : door.online ? null : (
                      <span className="rounded bg-white/20 px-2 py-0.5 text-xs font-medium">
                        {t('guestAccess:page.offline')}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
