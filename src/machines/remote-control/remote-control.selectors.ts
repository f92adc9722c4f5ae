import type { SnapshotFrom } from 'xstate';
import type { RemoteControlMachine } from './remote-control.machine';

type S = SnapshotFrom<RemoteControlMachine>;

export const selectSession = (s: S) => s.context.session;
export const selectRefusal = (s: S) => (s.matches('refused') ? s.context.refusal : null);
export const selectIsOpening = (s: S) => s.matches('opening') || s.matches('resuming') || s.matches('starting');
export const selectIsActive = (s: S) => s.matches('active') || s.matches('commanding');
export const selectPending = (s: S) => (s.matches('commanding') ? s.context.pending : null);
export const selectIsClosing = (s: S) => s.matches('closing');
export const selectIsClosed = (s: S) => s.matches('closed');
export const selectIsExpired = (s: S) => s.matches('expired');
export const selectIsFailed = (s: S) => s.matches('failed');
export const selectSerial = (s: S) => s.context.serial;
