import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Backup, BackupOrigin } from '../../../src/contract/entities/backup';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';

/**
 * The stored backups of a project (`backups`, migration 0028) and where their archives live:
 * DATA_DIR/backups/<project id>/<random>.zip. Every holder of backups.view sees all of the
 * project's backups (they are the project's, not their maker's).
 */
export const backupDir = (dataDir: string, projectId: number) => join(dataDir, 'backups', String(projectId));
/** The archive's file name as the row stores it: random hex and `.zip`, nothing else. */
export const ARCHIVE_FILE = /^[0-9a-f]{32}\.zip$/;

export function archivePath(dataDir: string, projectId: number, file: string): string {
  if (!ARCHIVE_FILE.test(file)) throw new Error(`not an archive name: ${file}`);
  return join(backupDir(dataDir, projectId), file);
}

export function scopedBackups(db: Kysely<Database>, auth: Pick<Auth, 'projectId'>) {
  return db.selectFrom('backups as b').where('b.project_id', '=', auth.projectId);
}

export const BACKUP_COLUMNS = {
  id: 'b.id',
  name: 'b.name',
  origin: 'b.origin',
  size: 'b.size',
  made_at: 'b.made_at',
  schema_version: 'b.schema_version',
  created_at: 'b.created_at',
} as const;

export function selectBackups(q: ReturnType<typeof scopedBackups>) {
  return q.select([
    'b.id',
    'b.project_id',
    'b.name',
    'b.entities',
    'b.origin',
    'b.file',
    'b.size',
    'b.made_at',
    'b.made_by_user_id',
    'b.made_by_name',
    'b.schema_version',
    'b.product_version',
    'b.restoring_backup_id',
    'b.restoring_name',
    'b.created_at',
  ]);
}
export type BackupRow = RowOf<ReturnType<typeof selectBackups>>;

export function toBackup(row: BackupRow): Backup {
  let entities: string[] = [];
  try {
    entities = JSON.parse(row.entities) as string[];
  } catch {
    entities = [];
  }
  return {
    id: Number(row.id),
    name: row.name,
    entities,
    origin: row.origin as BackupOrigin,
    size: Number(row.size),
    made_at: row.made_at,
    made_by: row.made_by_name
      ? { id: row.made_by_user_id === null ? null : Number(row.made_by_user_id), name: row.made_by_name }
      : null,
    schema_version: row.schema_version,
    product_version: row.product_version,
    created_at: row.created_at,
    restoring: row.restoring_name
      ? {
          id: row.restoring_backup_id === null ? null : Number(row.restoring_backup_id),
          name: row.restoring_name,
        }
      : null,
  };
}

export async function readBackup(db: Kysely<Database>, projectId: number, id: number): Promise<BackupRow | undefined> {
  return selectBackups(scopedBackups(db, { projectId })).where('b.id', '=', id).executeTakeFirst();
}

/** Deletes the rows, then their archives (a file left by a crash between the two is only space). */
export async function deleteBackups(db: Kysely<Database>, dataDir: string, projectId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom('backups')
    .select(['id', 'file'])
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
  await db.deleteFrom('backups').where('project_id', '=', projectId).where('id', 'in', ids).execute();
  for (const row of rows) {
    if (ARCHIVE_FILE.test(row.file)) await unlink(archivePath(dataDir, projectId, row.file)).catch(() => undefined);
  }
  return rows.length;
}
