import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AppMachine } from '../../machines/app/app.machine';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectPanelOpen } from '../../machines/dialer/dialer.selectors';
import type { InterceptionMachine } from '../../machines/interception/interception.machine';
import type { SipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';
import type { SoftphoneMachine } from '../../machines/softphone/softphone.machine';
import {
  selectDialerRef,
  selectInterceptionRef,
  selectSipRegistrationRef,
} from '../../machines/softphone/softphone.selectors';
import { useAppActor } from '../app/actor-context';

/** The panel's view loads with the softphone (after login), not with the console's first page. */
const loadView = () => import('./DialerPanelView');
const DialerPanelView = lazy(() => loadView().then((m) => ({ default: m.DialerPanelView })));

type AppSnapshot = ReturnType<ActorRefFrom<AppMachine>['getSnapshot']>;

/** The softphone supervisor the root actor runs once the profile is loaded. */
const selectSoftphoneRef = (s: AppSnapshot) =>
  (s.children as Record<string, unknown>).softphone as ActorRefFrom<SoftphoneMachine> | undefined;

/** Renders the dialer panel while the dialer runs and its panel is open (the floating button toggles it). */
export function DialerPanel() {
  const softphoneRef = useSelector(useAppActor(), selectSoftphoneRef);
  // Fetched as soon as the softphone runs, so the panel opens without waiting on the network.
  useEffect(() => {
    if (softphoneRef) void loadView();
  }, [softphoneRef]);
  return softphoneRef ? <SoftphonePanel softphoneRef={softphoneRef} /> : null;
}

/** The panel of one softphone: nothing while it is unavailable; interception only when it runs it. */
export function SoftphonePanel({ softphoneRef }: { softphoneRef: ActorRefFrom<SoftphoneMachine> }) {
  const dialerRef = useSelector(softphoneRef, selectDialerRef);
  const registrationRef = useSelector(softphoneRef, selectSipRegistrationRef);
  const interceptionRef = useSelector(softphoneRef, selectInterceptionRef);
  if (!dialerRef) return null;
  return <OpenPanel dialerRef={dialerRef} registrationRef={registrationRef} interceptionRef={interceptionRef} />;
}

function OpenPanel(props: {
  dialerRef: ActorRefFrom<DialerMachine>;
  registrationRef?: ActorRefFrom<SipRegistrationMachine>;
  interceptionRef?: ActorRefFrom<InterceptionMachine>;
}) {
  const open = useSelector(props.dialerRef, selectPanelOpen);
  return open ? (
    <Suspense fallback={null}>
      <DialerPanelView {...props} />
    </Suspense>
  ) : null;
}
