import type { SnapshotFrom } from 'xstate';
import type { BackupRestoreMachine } from './backup-restore.machine';

type S = SnapshotFrom<BackupRestoreMachine>;
export type BackupRestoreStep =
  | 'choosing'
  | 'previewing'
  | 'preview'
  | 'confirm'
  | 'safetyBackup'
  | 'restoring'
  | 'failed'
  | 'done';
/** The step the dialog shows (the applying sub-state for a running restore). */
export const selectRestoreStep = (s: S): BackupRestoreStep => {
  if (s.matches({ applying: 'safetyBackup' })) return 'safetyBackup';
  if (s.matches({ applying: 'restoring' })) return 'restoring';
  return s.value as BackupRestoreStep;
};
export const selectRestoreSource = (s: S) => s.context.source;
export const selectRestoreBackup = (s: S) => s.context.backup;
export const selectRestoreFile = (s: S) => s.context.file;
export const selectRestorePassphrase = (s: S) => s.context.passphrase;
export const selectRestorePreview = (s: S) => s.context.preview;
export const selectRestoreProgress = (s: S) => s.context.progress;
export const selectRestoreResult = (s: S) => s.context.result;
export const selectRestoreFailure = (s: S) => s.context.failure;
/** Whether Preview may be pressed: a passphrase, and a backup or a file. */
export const selectCanPreview = (s: S) => s.can({ type: 'restore.preview' });
/** A call is in flight: the dialog cannot be closed. */
export const selectRestoreBusy = (s: S) => s.matches('previewing') || s.matches('applying');
