import type { SnapshotFrom } from 'xstate';
import type { DeviceTasksMachine } from './device-tasks.machine';

type S = SnapshotFrom<DeviceTasksMachine>;

/** What the open confirmation (or the running call) does; null when nothing is asked. */
export const selectTaskRequest = (s: S) => s.context.request;
/** The confirmation is shown (also while the call runs, with a busy button). */
export const selectIsConfirmingTasks = (s: S) => s.matches('confirming') || s.matches('running');
export const selectIsRunningTasks = (s: S) => s.matches('running');
