import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AppMachine } from '../../machines/app/app.machine';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectPanelOpen } from '../../machines/dialer/dialer.selectors';
import type { InterceptionMachine } from '../../machines/interception/interception.machine';
import type { SipRegistrationMachine } from '../../machines/sip-registration/sip-registration.machine';
import { useAppActor } from '../app/actor-context';
import { DialerPanelView } from './DialerPanelView';

type AppSnapshot = ReturnType<ActorRefFrom<AppMachine>['getSnapshot']>;
type Children = Record<string, unknown>;

/** The softphone singletons the root actor runs while logged in (absent when the dialer is not available). */
export const selectDialerRef = (s: AppSnapshot) =>
  (s.children as Children).dialer as ActorRefFrom<DialerMachine> | undefined;
export const selectSipRegistrationRef = (s: AppSnapshot) =>
  (s.children as Children).sipRegistration as ActorRefFrom<SipRegistrationMachine> | undefined;
export const selectInterceptionRef = (s: AppSnapshot) =>
  (s.children as Children).interception as ActorRefFrom<InterceptionMachine> | undefined;

/** Renders the dialer panel while the dialer runs and its panel is open (the floating button toggles it). */
export function DialerPanel() {
  const app = useAppActor();
  const dialerRef = useSelector(app, selectDialerRef);
  const registrationRef = useSelector(app, selectSipRegistrationRef);
  const interceptionRef = useSelector(app, selectInterceptionRef);
  if (!dialerRef) return null;
  return <OpenPanel dialerRef={dialerRef} registrationRef={registrationRef} interceptionRef={interceptionRef} />;
}

function OpenPanel(props: {
  dialerRef: ActorRefFrom<DialerMachine>;
  registrationRef?: ActorRefFrom<SipRegistrationMachine>;
  interceptionRef?: ActorRefFrom<InterceptionMachine>;
}) {
  const open = useSelector(props.dialerRef, selectPanelOpen);
  return open ? <DialerPanelView {...props} /> : null;
}
