import type { SnapshotFrom } from 'xstate';
import type { RegistrationStatus, SipRegistrationMachine } from './sip-registration.machine';

type S = SnapshotFrom<SipRegistrationMachine>;

/** The registration status of section 4 (plus the media-access step before it). */
export function selectRegistrationStatus(s: S): RegistrationStatus {
  if (s.matches('requestingMedia')) return 'requestingMedia';
  if (s.matches('mediaDenied')) return 'mediaDenied';
  const running = (s.value as { running: RegistrationStatus }).running;
  return running;
}

export const selectIsRegistered = (s: S) => s.matches({ running: 'registered' });
/** The last SIP cause or media error name, for the panel's status line. */
export const selectRegistrationCause = (s: S) => s.context.cause;
/** The number this softphone registers. */
export const selectSipNumber = (s: S) => s.context.account.number;
/** Whether the user may take it offline (stop) or online (start) now. */
export const selectCanGoOffline = (s: S) => s.can({ type: 'registration.stop' });
export const selectCanGoOnline = (s: S) => s.can({ type: 'registration.start' });
export const selectCanRetryMedia = (s: S) => s.matches('mediaDenied');
