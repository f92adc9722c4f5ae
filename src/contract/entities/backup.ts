import * as v from 'valibot';
import { NAME_LENGTH } from '../constants';
import { defineEntity } from '../entity';

/**
 * Backups (doc 1 §2.1 /backups, §3 "Backup: name, entities list", §4 "can be made, applied from
 * storage or restored from a file"; doc 2 §6.2 backups create / delete / view / apply / apply
 * from file / download, §7.1 timeout class 1 hour, §7.8, §8.2 "invalid backup image").
 *
 * A backup is one project's rows of the chosen entities (and the files under DATA_DIR those rows
 * point to) in an encrypted zip archive (docs/decisions.md, Backups): the key is derived from a
 * passphrase the owner gives when making it, which the server never keeps, so applying one asks
 * for it again. A restore is previewed first (rows added, changed and removed per entity), makes
 * a safety backup of the whole project, and applies everything in one database transaction.
 */

/**
 * The entities a backup can hold (§3 "entities list"): every table of a project belongs to one
 * of them or is excluded for a reason (server/domain/backups/tables.ts; a test fails on a table
 * neither names).
 */
export const BACKUP_ENTITIES = [
  'settings',
  'groups',
  'roles',
  'users',
  'markers',
  'devices',
  'elevators',
  'access',
  'identifiers',
  'telephony',
  'communications',
  'amenities',
  'history',
] as const;
export type BackupEntity = (typeof BACKUP_ENTITIES)[number];

/** Where a stored backup came from: made here, made by a restore before it wrote, or uploaded. */
export const BACKUP_ORIGINS = ['made', 'safety', 'uploaded'] as const;
export type BackupOrigin = (typeof BACKUP_ORIGINS)[number];

/** Our limits (docs/decisions.md, Backups). */
export const BACKUP_LIMITS = {
  /** A passphrase is at least this long when a backup is made (it is all that protects the file). */
  passphraseMin: 12,
  passphraseMax: 256,
  /** The largest archive a restore from file takes. */
  fileMaxBytes: 512 * 1024 * 1024,
} as const;

/**
 * Why an archive is an "invalid backup image" (8.2), in the error body's `code`: not a backup of
 * ours, damaged, opened with another passphrase, made in another project, made by a newer
 * version, or holding rows that belong to another project here.
 */
export const INVALID_BACKUP_REASONS = [
  'not_a_backup',
  'corrupted',
  'wrong_passphrase',
  'other_project',
  'newer_schema',
  'rows_of_another_project',
] as const;
export type InvalidBackupReason = (typeof INVALID_BACKUP_REASONS)[number];

const ref = v.object({ id: v.nullable(v.number()), name: v.string() });

export const BackupSchema = v.object({
  id: v.number(),
  name: v.string(),
  entities: v.array(v.string()),
  origin: v.picklist(BACKUP_ORIGINS),
  /** Bytes of the archive. */
  size: v.number(),
  /** When the archive was made (an upload: when it was made where it came from). */
  made_at: v.string(),
  /** Who made it (the name as it was then; id null when unknown here). */
  made_by: v.nullable(ref),
  /** The last migration of the database it was made from (`0028_backups`). */
  schema_version: v.string(),
  product_version: v.string(),
  /** When it was stored here (made or uploaded). */
  created_at: v.string(),
  /** A safety backup: the backup whose restore made it. */
  restoring: v.nullable(v.object({ id: v.nullable(v.number()), name: v.string() })),
});
export type Backup = v.InferOutput<typeof BackupSchema>;

const ReadOnlySchema = v.object({});

export const backupsEntity = defineEntity({
  name: 'backups',
  path: '/backups',
  access: { view: ['backups.view'], delete: ['backups.delete'] },
  item: BackupSchema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    origin: { kind: 'enum', sortable: true, filterable: true },
    size: { kind: 'number', sortable: true, filterable: true },
    made_at: { kind: 'date', sortable: true, filterable: true },
    schema_version: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['-created_at'],
});

/** Chosen by the console; every progress message of the operation carries it. */
export const OperationIdSchema = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'invalid'));

const passphrase = v.pipe(v.string(), v.maxLength(BACKUP_LIMITS.passphraseMax));

/** POST /backups/make (7.8 "POST make with name and entities"). */
export const BackupMakeSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max)),
  entities: v.pipe(
    v.array(v.picklist(BACKUP_ENTITIES)),
    v.minLength(1),
    v.maxLength(BACKUP_ENTITIES.length),
    v.check((list) => new Set(list).size === list.length, 'not_unique'),
  ),
  passphrase: v.pipe(passphrase, v.minLength(BACKUP_LIMITS.passphraseMin)),
  operation_id: v.optional(OperationIdSchema),
});
export type BackupMake = v.InferOutput<typeof BackupMakeSchema>;

/** POST /backups/{id}/preview and /apply: the passphrase the backup was made with. */
export const BackupKeySchema = v.object({
  passphrase: v.pipe(passphrase, v.minLength(1)),
  operation_id: v.optional(OperationIdSchema),
});
export type BackupKey = v.InferOutput<typeof BackupKeySchema>;

const counts = { added: v.number(), changed: v.number(), removed: v.number() };

/** What a restore would do (or did) to one entity: its rows added, changed and removed, per table. */
export const BackupEntityChangeSchema = v.object({
  entity: v.string(),
  ...counts,
  tables: v.array(v.object({ table: v.string(), ...counts })),
});
export type BackupEntityChange = v.InferOutput<typeof BackupEntityChangeSchema>;

/**
 * The dry run of a restore (nothing written): per entity of the backup, rows added, changed and
 * removed; `dependents`: rows of entities the backup does not hold that go with removed rows
 * (removed, or a reference cleared); `dropped`: rows of the backup that cannot come back because
 * what they point to is gone and is not in the backup.
 */
export const BackupPreviewSchema = v.object({
  backup_id: v.number(),
  schema_version: v.string(),
  /** The archive's schema is older: its rows were migrated to this version's first. */
  migrated: v.boolean(),
  entities: v.array(BackupEntityChangeSchema),
  dependents: v.array(v.object({ entity: v.string(), table: v.string(), removed: v.number(), changed: v.number() })),
  dropped: v.number(),
  /** Files the rows point to that the archive brings back. */
  files: v.number(),
  /** The caller is a member of the project in the backup (else the restore ends their access). */
  caller_remains: v.boolean(),
});
export type BackupPreview = v.InferOutput<typeof BackupPreviewSchema>;

/** POST /backups/{id}/apply: what was done, and the safety backup made first. */
export const BackupRestoreResultSchema = v.object({
  ...BackupPreviewSchema.entries,
  safety_backup: BackupSchema,
});
export type BackupRestoreResult = v.InferOutput<typeof BackupRestoreResultSchema>;

/** Steps of a make and of a restore, in order, as progress messages name them. */
export const BACKUP_PHASES = [
  'reading',
  'files',
  'writing',
  'opening',
  'migrating',
  'planning',
  'safety_backup',
  'restoring',
  'finishing',
] as const;
export type BackupPhase = (typeof BACKUP_PHASES)[number];

/** Realtime (7.10): backups of the project; holders of backups.view may listen. */
export const BACKUPS_TOPIC = 'private-backups';

/** On BACKUPS_TOPIC: how far a make, preview or restore is (percent of its current phase's run). */
export const BackupProgressEventSchema = v.object({
  type: v.literal('BackupProgress'),
  operation_id: v.string(),
  kind: v.picklist(['make', 'preview', 'restore']),
  phase: v.picklist(BACKUP_PHASES),
  /** 0 to 100, of the whole operation. */
  percent: v.number(),
});
export type BackupProgressEvent = v.InferOutput<typeof BackupProgressEventSchema>;

/** On BACKUPS_TOPIC: the list of backups changed (made, uploaded, deleted, a safety backup): lists reload. */
export const BackupsChangedEventSchema = v.object({ type: v.literal('BackupsChanged') });
export type BackupsChangedEvent = v.InferOutput<typeof BackupsChangedEventSchema>;
