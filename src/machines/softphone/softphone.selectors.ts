import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DialerMachine } from '../dialer/dialer.machine';
import type { InterceptionMachine } from '../interception/interception.machine';
import type { SipRegistrationMachine } from '../sip-registration/sip-registration.machine';
import type { SoftphoneMachine } from './softphone.machine';

type S = SnapshotFrom<SoftphoneMachine>;

/** The dialer, while the softphone runs. */
export const selectDialerRef = (s: S) => s.children.dialer as ActorRefFrom<DialerMachine> | undefined;
export const selectSipRegistrationRef = (s: S) =>
  s.children.sipRegistration as ActorRefFrom<SipRegistrationMachine> | undefined;
/** Interception, only when the user may intercept calls. */
export const selectInterceptionRef = (s: S) => s.children.interception as ActorRefFrom<InterceptionMachine> | undefined;
export const selectIsSoftphoneAvailable = (s: S) => !s.matches('unavailable');
