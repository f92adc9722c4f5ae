import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import type { InterceptionMachine } from '../../machines/interception/interception.machine';
import type { SipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';
import { ApprovalDialog } from './ApprovalDialog';
import { CallArea } from './CallArea';
import { DialerHeader } from './DialerHeader';
import { DoorPanel } from './DoorPanel';
import { InterceptionPanel } from './InterceptionPanel';
import { Keypad } from './Keypad';
import { PeopleColumn } from './PeopleColumn';

/** Props of {@link DialerPanelView}. */
export interface DialerPanelViewProps {
  dialerRef: ActorRefFrom<DialerMachine>;
  registrationRef?: ActorRefFrom<SipRegistrationMachine>;
  /** Present only when the user may intercept calls (6.4). */
  interceptionRef?: ActorRefFrom<InterceptionMachine>;
}

/**
 * The web dialer panel (2.6): contacts and recents on the left, the calls in
 * the centre, interception (if permitted), door and keypad on the right. It
 * sits beside the page (not modal); Escape closes it.
 */
export function DialerPanelView({ dialerRef, registrationRef, interceptionRef }: DialerPanelViewProps) {
  const { t } = useTranslation('dialer');
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="dialer-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) dialerRef.send({ type: 'panel.close' });
      }}
      className="fixed top-12 right-0 bottom-0 z-30 flex w-[min(1180px,100vw)] flex-col border-l border-line bg-surface shadow-2xl"
    >
      <DialerHeader dialerRef={dialerRef} registrationRef={registrationRef} />
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(220px,280px)_minmax(0,1fr)_minmax(240px,290px)]">
        <PeopleColumn dialerRef={dialerRef} />
        <CallArea dialerRef={dialerRef} />
        <section aria-label={t('panel.columns.tools')} className="min-h-0 overflow-y-auto border-l border-line pb-20">
          {interceptionRef ? <InterceptionPanel interceptionRef={interceptionRef} /> : null}
          <DoorPanel dialerRef={dialerRef} />
          <Keypad dialerRef={dialerRef} />
        </section>
      </div>
      <ApprovalDialog dialerRef={dialerRef} />
    </div>
  );
}
