import type { Backup, BackupPreview, BackupRestoreResult } from '../../contract/entities/backup';
import { type BackupRestoreContext, backupRestoreMachine, emptyBackupRestoreContext } from './backup-restore.machine';

/** A stored backup as the list shows it (also the backups page's sample). */
export const sampleBackup: Backup = {
  id: 12,
  name: 'Before the spring works',
  entities: ['settings', 'groups', 'roles', 'users', 'markers', 'access', 'identifiers'],
  origin: 'made',
  size: 482_113,
  made_at: '2026-03-02T09:15:00.000Z',
  made_by: { id: 1, name: 'Administrator' },
  schema_version: '0028_backups',
  product_version: '1.0.0',
  created_at: '2026-03-02T09:15:04.000Z',
  restoring: null,
};

export const samplePreview: BackupPreview = {
  backup_id: 12,
  schema_version: '0028_backups',
  migrated: false,
  entities: [
    {
      entity: 'users',
      added: 2,
      changed: 5,
      removed: 1,
      tables: [
        { table: 'users', added: 2, changed: 5, removed: 1 },
        { table: 'memberships', added: 2, changed: 0, removed: 1 },
      ],
    },
    {
      entity: 'groups',
      added: 0,
      changed: 1,
      removed: 0,
      tables: [{ table: 'domains', added: 0, changed: 1, removed: 0 }],
    },
    {
      entity: 'markers',
      added: 0,
      changed: 0,
      removed: 0,
      tables: [{ table: 'markers', added: 0, changed: 0, removed: 0 }],
    },
  ],
  dependents: [{ entity: 'history', table: 'access_events', removed: 0, changed: 3 }],
  dropped: 0,
  files: 4,
  caller_remains: true,
};

export const sampleResult: BackupRestoreResult = {
  ...samplePreview,
  safety_backup: {
    ...sampleBackup,
    id: 13,
    name: 'Safety 2026-03-05 16:40',
    origin: 'safety',
    entities: ['settings', 'groups', 'roles', 'users', 'markers', 'access', 'identifiers', 'history'],
    made_at: '2026-03-05T16:40:00.000Z',
    created_at: '2026-03-05T16:40:02.000Z',
    restoring: { id: 12, name: 'Before the spring works' },
  },
};

const file = typeof File === 'undefined' ? null : new File(['PK'], 'riverside-2026-03-02.zip');
const state = (value: string | Record<string, string>, context: Partial<BackupRestoreContext> = {}) =>
  backupRestoreMachine.resolveState({
    value,
    context: { ...emptyBackupRestoreContext(sampleBackup), ...context },
  });
const keyed = { passphrase: 'correct horse battery' };

export const backupRestoreFixtures = {
  choosing: state('choosing'),
  fromFile: state('choosing', { ...emptyBackupRestoreContext(null), file, ...keyed }),
  failedPreview: state('choosing', {
    ...keyed,
    failure: { code: 'invalid backup image', status: 400, params: { reason: 'wrong_passphrase' } },
  }),
  previewing: state('previewing', keyed),
  preview: state('preview', { ...keyed, preview: samplePreview }),
  confirm: state('confirm', { ...keyed, preview: samplePreview }),
  safetyBackup: state(
    { applying: 'safetyBackup' },
    { ...keyed, preview: samplePreview, progress: { phase: 'safety_backup', percent: 34 } },
  ),
  restoring: state(
    { applying: 'restoring' },
    { ...keyed, preview: samplePreview, progress: { phase: 'restoring', percent: 72 } },
  ),
  failed: state('failed', {
    ...keyed,
    preview: samplePreview,
    progress: { phase: 'restoring', percent: 61 },
    failure: { code: 'timeout' },
  }),
  done: state('done', {
    ...keyed,
    preview: samplePreview,
    result: sampleResult,
    progress: { phase: 'finishing', percent: 100 },
  }),
};
