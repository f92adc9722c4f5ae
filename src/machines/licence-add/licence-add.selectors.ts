import type { SnapshotFrom } from 'xstate';
import type { LicenceAddMachine } from './licence-add.machine';

type S = SnapshotFrom<LicenceAddMachine>;
/** The step the dialog shows: the machine's state. */
export const selectLicenceStep = (s: S) =>
  s.value as 'choosing' | 'checking' | 'preview' | 'applying' | 'failed' | 'done';
export const selectLicenceSource = (s: S) => s.context.source;
export const selectLicenceFile = (s: S) => s.context.file;
export const selectLicenceKey = (s: S) => s.context.key;
export const selectLicencePreview = (s: S) => s.context.preview;
export const selectLicenceFailure = (s: S) => s.context.failure;
export const selectLicencesAdded = (s: S) => s.context.added.length;
/** Whether Check may be pressed: a file chosen, or a key that can be one. */
export const selectCanCheck = (s: S) => s.can({ type: 'licence.check' });
/** A call is in flight. */
export const selectLicenceBusy = (s: S) => s.matches('checking') || s.matches('applying');
