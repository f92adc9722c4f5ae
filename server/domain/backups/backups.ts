import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import {
  BACKUP_ENTITIES,
  BACKUPS_TOPIC,
  type Backup,
  type BackupKey,
  type BackupMake,
  type BackupPhase,
  type BackupPreview,
  type BackupProgressEvent,
  type BackupRestoreResult,
} from '../../../src/contract/entities/backup';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import { APP_CHANGES_TOPIC } from '../../../src/contract/realtime';
import type { DatabaseTarget } from '../../db/dialects';
import { readTables } from '../../db/introspect';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../realtime/realtime';
import { VERSION } from '../../version';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { conflict, itemNotFound, prohibited } from '../errors';
import { type ArchiveDescription, ArchiveReader, invalidBackup, type KdfCost, type Manifest } from './archive';
import { archivePath, type BackupRow, backupDir, readBackup, toBackup } from './catalogue';
import { FILE_REFS, SAFE_FILE_NAME } from './files';
import { type BackupLayout, buildLayout, tablesOf } from './layout';
import { writeBackup } from './make';
import { compareSchema, migrateArchive, SCHEMA_VERSION } from './older-schema';
import { type ArchiveTable, planRestore, type RestorePlan, summarise } from './plan';
import { writePlan } from './restore';

/**
 * Making, storing, previewing and applying backups (docs/decisions.md, Backups). One backup
 * operation runs per project at a time on a node (a second is refused: 409 `cannot perform
 * action`). Progress goes to BACKUPS_TOPIC as BackupProgress (percent of the whole operation and
 * its phase), tagged with the console's operation id.
 */
export interface BackupsDeps {
  db: Kysely<Database>;
  target: DatabaseTarget;
  dataDir: string;
  /** scrypt cost of new archives (archive.ts KDF_COSTS): `low` only on test servers. */
  kdfCost: KdfCost;
  realtime: Realtime;
  /** After a restore is committed: what the rest of the server must redo (device sync). */
  afterRestore(projectId: number, plan: RestorePlan): Promise<void>;
  log: { warn(object: unknown, message: string): void };
}

type Kind = BackupProgressEvent['kind'];

/** Where each phase sits in the whole operation's 0–100. */
const SPANS: Record<Kind, Partial<Record<BackupPhase, [number, number]>>> = {
  make: { reading: [0, 90], files: [90, 98], writing: [98, 100] },
  preview: { opening: [0, 40], migrating: [40, 70], planning: [70, 100] },
  restore: {
    opening: [0, 10],
    migrating: [10, 20],
    safety_backup: [20, 50],
    planning: [50, 55],
    restoring: [55, 99],
    finishing: [99, 100],
  },
};

export function createBackups(deps: BackupsDeps) {
  const { db } = deps;
  let layout: Promise<BackupLayout> | null = null;
  const busy = new Map<number, Kind>();

  /** The layout of this database (read once: the schema changes only with a new build). */
  async function currentLayout(): Promise<BackupLayout> {
    layout ??= readTables(db).then(buildLayout);
    const known = await layout.catch((error: unknown) => {
      layout = null;
      throw error;
    });
    if (known.unclassified.length > 0) {
      deps.log.warn({ tables: known.unclassified }, 'backups: tables no entity or exclusion names');
      throw conflict(ERROR_CODES.cannotPerformAction, { code: 'unclassified_tables' });
    }
    return known;
  }

  function reporter(auth: Auth, operationId: string | undefined, kind: Kind) {
    const id = operationId ?? `${kind}-${randomBytes(6).toString('hex')}`;
    let last = '';
    return (phase: BackupPhase, done: number, total: number) => {
      const [from, to] = SPANS[kind][phase] ?? [0, 100];
      const share = total > 0 ? Math.min(1, done / total) : 1;
      const percent = Math.floor(from + (to - from) * share);
      const mark = `${phase}:${percent}`;
      if (mark === last) return;
      last = mark;
      const event: BackupProgressEvent = { type: 'BackupProgress', operation_id: id, kind, phase, percent };
      deps.realtime.publish(BACKUPS_TOPIC, event, { projectId: auth.projectId });
    };
  }

  async function exclusive<T>(projectId: number, kind: Kind, run: () => Promise<T>): Promise<T> {
    if (busy.has(projectId)) throw conflict(ERROR_CODES.cannotPerformAction, { code: 'busy' });
    busy.set(projectId, kind);
    try {
      return await run();
    } finally {
      busy.delete(projectId);
    }
  }

  const changed = (projectId: number) =>
    deps.realtime.publish(BACKUPS_TOPIC, { type: 'BackupsChanged' }, { projectId });

  /** A new archive of the project, stored and listed; `restoring` makes it a safety backup. */
  async function store(
    auth: Auth,
    input: { name: string; entities: readonly string[]; passphrase: string; restoring: BackupRow | null },
    progress: (phase: 'reading' | 'files' | 'writing', done: number, total: number) => void,
  ): Promise<Backup> {
    const known = await currentLayout();
    const dir = backupDir(deps.dataDir, auth.projectId);
    await mkdir(dir, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.zip`;
    const partial = join(dir, `${file}.part`);
    const madeBy = await db.selectFrom('users').select('name').where('id', '=', auth.userId).executeTakeFirst();
    const description: ArchiveDescription = {
      name: input.name,
      entities: [...input.entities],
      made_at: nowIso(),
      made_by: { id: auth.userId, name: madeBy?.name ?? '' },
      project: { id: auth.projectId, name: auth.projectName },
      schema_version: SCHEMA_VERSION,
      product_version: VERSION,
      restoring: input.restoring ? { id: Number(input.restoring.id), name: input.restoring.name } : null,
    };
    try {
      await writeBackup({
        db,
        target: deps.target,
        layout: known,
        dataDir: deps.dataDir,
        projectId: auth.projectId,
        entities: input.entities,
        path: partial,
        description,
        passphrase: input.passphrase,
        kdfCost: deps.kdfCost,
        progress,
      });
      await rename(partial, join(dir, file));
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      throw error;
    }
    const size = (await stat(join(dir, file))).size;
    const inserted = await db
      .insertInto('backups')
      .values({
        project_id: auth.projectId,
        name: input.name,
        entities: JSON.stringify(input.entities),
        origin: input.restoring ? 'safety' : 'made',
        file,
        size,
        made_at: description.made_at,
        made_by_user_id: auth.userId,
        made_by_name: description.made_by?.name ?? null,
        schema_version: SCHEMA_VERSION,
        product_version: VERSION,
        restoring_backup_id: input.restoring ? Number(input.restoring.id) : null,
        restoring_name: input.restoring?.name ?? null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    changed(auth.projectId);
    const row = await readBackup(db, auth.projectId, Number(inserted.id));
    if (!row) throw itemNotFound();
    return toBackup(row);
  }

  /** The stored backup, if the caller may apply it: made ones need backups.apply, uploads backups.apply_file. */
  async function applicable(auth: Auth, id: number): Promise<BackupRow> {
    const row = await readBackup(db, auth.projectId, id);
    if (!row) throw itemNotFound();
    const needs = row.origin === 'uploaded' ? 'backups.apply_file' : 'backups.apply';
    if (!hasPermission(auth.role.permissions, needs)) throw prohibited();
    return row;
  }

  /**
   * Opens a stored archive with the passphrase and reads its rows in this build's schema
   * (migrated when older): "invalid backup image" for anything that is not this project's
   * archive intact.
   */
  async function load(
    auth: Auth,
    row: BackupRow,
    passphrase: string,
    progress: (phase: BackupPhase, done: number, total: number) => void,
  ) {
    const known = await currentLayout();
    const reader = await ArchiveReader.open(archivePath(deps.dataDir, auth.projectId, row.file));
    try {
      if (reader.header.project.id !== auth.projectId) throw invalidBackup('other_project');
      if (compareSchema(reader.header.schema_version) === 1) throw invalidBackup('newer_schema');
      const manifest = await reader.unlock(passphrase);
      if (manifest.project_id !== auth.projectId) throw invalidBackup('other_project');
      const entities = manifest.entities.filter((e) => (BACKUP_ENTITIES as readonly string[]).includes(e));
      if (entities.length !== manifest.entities.length || manifest.schema_version !== reader.header.schema_version) {
        throw invalidBackup('corrupted');
      }
      const rows = new Map<string, ArchiveTable>();
      const parts = manifest.tables.reduce((n, t) => n + t.parts.length, 0);
      let read = 0;
      progress('opening', 0, parts);
      for (const table of manifest.tables) {
        rows.set(table.table, { columns: table.columns, rows: await reader.tableRows(table) });
        read += table.parts.length;
        progress('opening', read, parts);
      }
      const older = compareSchema(manifest.schema_version) === -1;
      let tables: Map<string, ArchiveTable>;
      if (older) {
        tables = await migrateArchive({
          version: manifest.schema_version,
          projectId: auth.projectId,
          entities,
          tables: rows,
          layout: known,
          progress: (done, total) => progress('migrating', done, total),
        });
      } else {
        for (const name of rows.keys()) if (!known.byName.has(name)) throw invalidBackup('corrupted');
        tables = rows;
      }
      return { reader, manifest, entities, tables, older, layout: known };
    } catch (error) {
      reader.close();
      throw error;
    }
  }

  /** Puts back the files the restored rows point to (before the transaction: a rollback only leaves spare files). */
  async function restoreFiles(
    reader: ArchiveReader,
    manifest: Manifest,
    entities: readonly string[],
    known: BackupLayout,
  ) {
    const tables = new Set(tablesOf(known, entities).map((t) => t.name));
    const kinds = new Map(FILE_REFS.filter((ref) => tables.has(ref.table)).map((ref) => [ref.kind, ref]));
    let count = 0;
    for (const entry of manifest.files) {
      const ref = kinds.get(entry.kind);
      if (!ref || !SAFE_FILE_NAME.test(entry.file)) continue;
      const dir = ref.dir(deps.dataDir);
      const path = join(dir, entry.file);
      const data = await reader.file(entry);
      const there = await readFile(path).catch(() => null);
      if (!there?.equals(data)) {
        await mkdir(dir, { recursive: true });
        await writeFile(path, data);
      }
      count++;
    }
    return count;
  }

  const fileCount = (manifest: Manifest, entities: readonly string[], known: BackupLayout) => {
    const tables = new Set(tablesOf(known, entities).map((t) => t.name));
    const kinds = new Set(FILE_REFS.filter((ref) => tables.has(ref.table)).map((ref) => ref.kind));
    return manifest.files.filter((f) => kinds.has(f.kind)).length;
  };

  return {
    /** POST /backups/make. */
    make(auth: Auth, body: BackupMake): Promise<Backup> {
      const progress = reporter(auth, body.operation_id, 'make');
      const entities = BACKUP_ENTITIES.filter((e) => body.entities.includes(e));
      return exclusive(auth.projectId, 'make', () =>
        store(auth, { name: body.name, entities, passphrase: body.passphrase, restoring: null }, progress),
      );
    },

    /** POST /backups/restore: keeps an uploaded archive of this project (its header is checked now). */
    async upload(auth: Auth, data: Buffer): Promise<Backup> {
      const dir = backupDir(deps.dataDir, auth.projectId);
      await mkdir(dir, { recursive: true });
      const file = `${randomBytes(16).toString('hex')}.zip`;
      const partial = join(dir, `${file}.part`);
      await writeFile(partial, data);
      try {
        const reader = await ArchiveReader.open(partial);
        const header = reader.header;
        reader.close();
        if (header.project.id !== auth.projectId) throw invalidBackup('other_project');
        if (compareSchema(header.schema_version) === 1) throw invalidBackup('newer_schema');
        await rename(partial, join(dir, file));
        const inserted = await db
          .insertInto('backups')
          .values({
            project_id: auth.projectId,
            name: header.name.slice(0, 200),
            entities: JSON.stringify(header.entities.filter((e) => (BACKUP_ENTITIES as readonly string[]).includes(e))),
            origin: 'uploaded',
            file,
            size: data.length,
            made_at: header.made_at,
            made_by_user_id: null,
            made_by_name: header.made_by?.name ?? null,
            schema_version: header.schema_version,
            product_version: header.product_version,
            restoring_backup_id: null,
            restoring_name: header.restoring?.name ?? null,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        changed(auth.projectId);
        const row = await readBackup(db, auth.projectId, Number(inserted.id));
        if (!row) throw itemNotFound();
        return toBackup(row);
      } catch (error) {
        await unlink(partial).catch(() => undefined);
        throw error;
      }
    },

    /** POST /backups/{id}/preview: the dry run; nothing is written. */
    async preview(auth: Auth, id: number, body: BackupKey): Promise<BackupPreview> {
      const row = await applicable(auth, id);
      const progress = reporter(auth, body.operation_id, 'preview');
      const loaded = await load(auth, row, body.passphrase, progress);
      try {
        progress('planning', 0, 1);
        const plan = await planRestore({
          db,
          layout: loaded.layout,
          projectId: auth.projectId,
          entities: loaded.entities,
          archive: loaded.tables,
          callerId: auth.userId,
        });
        progress('planning', 1, 1);
        return {
          backup_id: id,
          schema_version: loaded.manifest.schema_version,
          migrated: loaded.older,
          ...summarise(plan, loaded.entities),
          files: fileCount(loaded.manifest, loaded.entities, loaded.layout),
        };
      } finally {
        loaded.reader.close();
      }
    },

    /**
     * POST /backups/{id}/apply: a safety backup of the whole project first (same passphrase),
     * then the plan worked out and written in ONE transaction: all of it or none of it.
     */
    apply(auth: Auth, id: number, body: BackupKey): Promise<BackupRestoreResult> {
      return exclusive(auth.projectId, 'restore', async () => {
        const row = await applicable(auth, id);
        const progress = reporter(auth, body.operation_id, 'restore');
        const loaded = await load(auth, row, body.passphrase, progress);
        try {
          const safety = await store(
            auth,
            {
              name: `Before ${row.name}`.slice(0, 200),
              entities: BACKUP_ENTITIES,
              passphrase: body.passphrase,
              restoring: row,
            },
            (phase, done, total) => {
              // The make's own phases, one after the other, inside the safety backup's span.
              const [from, to] = SPANS.make[phase] ?? [0, 100];
              const share = total > 0 ? Math.min(1, done / total) : 1;
              progress('safety_backup', from + (to - from) * share, 100);
            },
          );
          const files = await restoreFiles(loaded.reader, loaded.manifest, loaded.entities, loaded.layout);
          progress('planning', 0, 1);
          const plan = await db.transaction().execute(async (trx) => {
            const worked = await planRestore({
              db: trx,
              layout: loaded.layout,
              projectId: auth.projectId,
              entities: loaded.entities,
              archive: loaded.tables,
              callerId: auth.userId,
            });
            progress('planning', 1, 1);
            await writePlan(trx, worked, (done, total) => progress('restoring', done, total));
            return worked;
          });
          progress('finishing', 0, 1);
          await deps
            .afterRestore(auth.projectId, plan)
            .catch((error: unknown) => deps.log.warn({ err: error }, 'backups: after the restore'));
          const roles = await db.selectFrom('roles').select('id').where('project_id', '=', auth.projectId).execute();
          for (const role of roles) {
            deps.realtime.publish(
              APP_CHANGES_TOPIC,
              { type: 'RoleChangedEvent', roleId: Number(role.id) },
              { projectId: auth.projectId },
            );
          }
          for (const t of plan.tables) {
            if (t.table.name !== 'users') continue;
            for (const [userId] of t.deletes) deps.realtime.endSessions({ userId: Number(userId) });
          }
          changed(auth.projectId);
          progress('finishing', 1, 1);
          return {
            backup_id: id,
            schema_version: loaded.manifest.schema_version,
            migrated: loaded.older,
            ...summarise(plan, loaded.entities),
            files,
            safety_backup: safety,
          };
        } finally {
          loaded.reader.close();
        }
      });
    },

    /** The archive's path, for download. */
    async archiveOf(auth: Auth, id: number): Promise<{ path: string; row: BackupRow }> {
      const row = await readBackup(db, auth.projectId, id);
      if (!row) throw itemNotFound();
      return { path: archivePath(deps.dataDir, auth.projectId, row.file), row };
    },

    currentLayout,
  };
}
export type Backups = ReturnType<typeof createBackups>;
