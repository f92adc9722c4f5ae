import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectMyNumber, selectRegistration } from '../../machines/dialer/dialer.selectors';
import type { SipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';
import {
  selectCanGoOffline,
  selectCanGoOnline,
  selectCanRetryMedia,
} from '../../machines/sip-registration/sip-registration.selectors';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';
import { IconButton } from './IconButton';

const DOT: Record<string, string> = {
  registered: 'bg-success-600',
  error: 'bg-danger-600',
  invalid_registration: 'bg-danger-600',
  unregistered: 'bg-warning-600',
  mediaDenied: 'bg-warning-600',
};

/** Props of {@link DialerHeader}. */
export interface DialerHeaderProps {
  dialerRef: ActorRefFrom<DialerMachine>;
  /** Absent in stories that show the panel alone. */
  registrationRef?: ActorRefFrom<SipRegistrationMachine>;
}

/** The panel's title bar: the user's number, the registration status, online/offline, close. */
export function DialerHeader({ dialerRef, registrationRef }: DialerHeaderProps) {
  const { t } = useTranslation('dialer');
  const number = useSelector(dialerRef, selectMyNumber);
  const status = useSelector(dialerRef, selectRegistration);
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-line px-4">
      <h2 id="dialer-title" className="text-sm font-semibold text-ink">
        {t('panel.title')}
      </h2>
      <span className="text-xs text-muted">{t('panel.myNumber', { number })}</span>
      <span role="status" className="flex min-w-0 items-center gap-1.5 text-xs text-ink">
        <span
          aria-hidden="true"
          className={cx('size-2 shrink-0 rounded-full', DOT[status] ?? 'animate-pulse bg-info-600')}
        />
        <span className="truncate">{t(`registration.${status}`)}</span>
      </span>
      <span className="flex-1" />
      {registrationRef ? <RegistrationSwitch registrationRef={registrationRef} /> : null}
      <IconButton
        icon="close"
        size="sm"
        label={t('panel.close')}
        onClick={() => dialerRef.send({ type: 'panel.close' })}
      />
    </header>
  );
}

function RegistrationSwitch({ registrationRef }: { registrationRef: ActorRefFrom<SipRegistrationMachine> }) {
  const { t } = useTranslation('dialer');
  const canStop = useSelector(registrationRef, selectCanGoOffline);
  const canStart = useSelector(registrationRef, selectCanGoOnline);
  const mediaDenied = useSelector(registrationRef, selectCanRetryMedia);
  if (mediaDenied)
    return (
      <Button size="sm" onClick={() => registrationRef.send({ type: 'media.retry' })}>
        {t('panel.allowMicrophone')}
      </Button>
    );
  if (canStart)
    return (
      <Button size="sm" onClick={() => registrationRef.send({ type: 'registration.start' })}>
        {t('panel.goOnline')}
      </Button>
    );
  if (canStop)
    return (
      <Button size="sm" variant="ghost" onClick={() => registrationRef.send({ type: 'registration.stop' })}>
        {t('panel.goOffline')}
      </Button>
    );
  return null;
}
