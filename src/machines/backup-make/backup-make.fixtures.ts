import { sampleBackup } from '../backup-restore/backup-restore.fixtures';
import { type BackupMakeContext, backupMakeMachine, emptyBackupMakeContext } from './backup-make.machine';

const state = (value: string, context: Partial<BackupMakeContext> = {}) =>
  backupMakeMachine.resolveState({ value, context: { ...emptyBackupMakeContext('Backup 2026-03-05'), ...context } });
const ready = { passphrase: 'correct horse battery', passphraseAgain: 'correct horse battery' };

export const backupMakeFixtures = {
  editing: state('editing'),
  ready: state('editing', { ...ready, entities: ['users', 'groups', 'roles'] }),
  mismatch: state('editing', { passphrase: 'correct horse battery', passphraseAgain: 'correct horse' }),
  failedMake: state('editing', { ...ready, failure: { code: 'timeout' } }),
  making: state('making', { ...ready, progress: { phase: 'reading', percent: 42 } }),
  done: state('done', { ...ready, made: sampleBackup, progress: { phase: 'writing', percent: 100 } }),
};
