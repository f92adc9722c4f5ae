import type { SnapshotFrom } from 'xstate';
import { type BackupMakeMachine, makeProblem } from './backup-make.machine';

type S = SnapshotFrom<BackupMakeMachine>;
export const selectMakeStep = (s: S) => s.value as 'editing' | 'making' | 'done';
export const selectMakeName = (s: S) => s.context.name;
export const selectMakeEntities = (s: S) => s.context.entities;
export const selectMakePassphrase = (s: S) => s.context.passphrase;
export const selectMakePassphraseAgain = (s: S) => s.context.passphraseAgain;
export const selectMakeProgress = (s: S) => s.context.progress;
export const selectMade = (s: S) => s.context.made;
export const selectMakeFailure = (s: S) => s.context.failure;
/** What keeps Make disabled (shown under the form), or null. */
export const selectMakeProblem = (s: S) => (s.matches('editing') ? makeProblem(s.context) : null);
export const selectCanMake = (s: S) => s.can({ type: 'make.submit' });
