import type { SnapshotFrom } from 'xstate';
import type { IpUnbanMachine } from './ip-unban.machine';

type S = SnapshotFrom<IpUnbanMachine>;

/** What the open confirmation (or the running call) lifts; null when nothing is asked. */
export const selectUnbanTarget = (s: S) => s.context.target;
/** The confirmation is shown (also while the call runs, with a busy button). */
export const selectIsConfirmingUnban = (s: S) => s.matches('confirming') || s.matches('unbanning');
export const selectIsUnbanning = (s: S) => s.matches('unbanning');
