import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema } from '../call';
import {
  BACKUP_LIMITS,
  BackupKeySchema,
  BackupMakeSchema,
  BackupPreviewSchema,
  BackupRestoreResultSchema,
  BackupSchema,
  backupsEntity,
} from '../entities/backup';
import { entityCalls } from '../entity';

/** Applying reads a stored backup; a backup uploaded from a file is applied by those who may apply files. */
const appliers = anyOf(['backups.apply', 'backups.apply_file']);

/**
 * Backups (6.2, 7.8): the stored backups (list, item, delete); make with name and entities;
 * restore from file (the upload is stored as a backup of origin `uploaded`); preview (a dry
 * run) and apply a stored one; download as zip. Every call that touches an archive has the
 * 1-hour timeout class (7.1). Paths 7.8 does not name are ours (docs/decisions.md, Backups).
 */
export const BACKUP_CALLS = defineCalls({
  ...entityCalls(backupsEntity),
  'POST /backups/make': {
    access: anyOf(['backups.create']),
    body: BackupMakeSchema,
    timeout: 'importExportBackup',
    response: envelope(BackupSchema),
  },
  'POST /backups/restore': {
    access: anyOf(['backups.apply_file']),
    multipart: { fields: v.object({}), files: { file: { maxBytes: BACKUP_LIMITS.fileMaxBytes, required: true } } },
    timeout: 'importExportBackup',
    response: envelope(BackupSchema),
  },
  'POST /backups/{id}/preview': {
    access: appliers,
    params: IdParamsSchema,
    object: { entity: 'backups', action: 'view' },
    body: BackupKeySchema,
    timeout: 'importExportBackup',
    // A dry run changes nothing: it leaves no audit event (the apply that follows does).
    audit: false,
    response: envelope(BackupPreviewSchema),
  },
  'POST /backups/{id}/apply': {
    access: appliers,
    params: IdParamsSchema,
    object: { entity: 'backups', action: 'view' },
    body: BackupKeySchema,
    timeout: 'importExportBackup',
    response: envelope(BackupRestoreResultSchema),
  },
  'GET /backups/{id}/download': {
    access: anyOf(['backups.download']),
    params: IdParamsSchema,
    object: { entity: 'backups', action: 'view' },
    file: 'zip',
    timeout: 'importExportBackup',
    response: v.blob(),
  },
});
