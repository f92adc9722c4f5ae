import type { SnapshotFrom } from 'xstate';
import type { SystemActionMachine } from './system-action.machine';

type S = SnapshotFrom<SystemActionMachine>;

/** What the open confirmation (or the running call) does; null when nothing is asked. */
export const selectSystemAction = (s: S) => s.context.action;
/** The confirmation is shown (also while the call runs, with a busy button). */
export const selectIsConfirmingAction = (s: S) => s.matches('confirming') || s.matches('acting');
export const selectIsActing = (s: S) => s.matches('acting');
