import type { SnapshotFrom } from 'xstate';
import type { DeviceInitMachine } from './device-init.machine';
import { deletableTasks } from './device-init.machine';

type S = SnapshotFrom<DeviceInitMachine>;

/** Which step the dialog shows. */
export type InitStep =
  | 'checking'
  | 'refused'
  | 'confirming'
  | 'sending'
  | 'following'
  | 'cancelling'
  | 'cancelled'
  | 'done'
  | 'failed';

export const selectInitStep = (s: S): InitStep => {
  const value = s.value;
  return (typeof value === 'string' ? value : 'following') as InitStep;
};
export const selectInitDevice = (s: S) => s.context.device;
export const selectInitAction = (s: S) => s.context.action;
export const selectInitTasks = (s: S) => s.context.tasks;
export const selectInitFailure = (s: S) => s.context.failure;
export const selectDeletedCount = (s: S) => s.context.deleted;
/** Completed tasks of the batch, for the progress bar. */
export const selectInitProgress = (s: S) => ({
  done: s.context.tasks.filter((t) => t.status === 'completed').length,
  total: s.context.tasks.length,
});
/** How many tasks a cancel would delete now. */
export const selectDeletableCount = (s: S) => deletableTasks(s.context.tasks).length;
/** The batch is being read again (a live change or the poll). */
export const selectIsReading = (s: S) => s.matches({ following: 'reading' });
