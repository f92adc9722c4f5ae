import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../../db/dialects';
import type { Database } from '../../db/schema';
import { type Row, type Value, withSnapshot } from '../../db/table-rows';
import { type ArchiveDescription, ArchiveWriter, type KdfCost, type Manifest, ROWS_PER_PART } from './archive';
import { fileRefsOf, SAFE_FILE_NAME } from './files';
import type { BackupLayout } from './layout';
import { tablesOf } from './layout';
import { countProjectRows, projectRows } from './scope';

/** How far a long step is: `done` of `total` units of the phase. */
export type Progress = (phase: 'reading' | 'files' | 'writing', done: number, total: number) => void;

/**
 * Writes a backup of one project's entities to `path`: every table of those entities read in
 * one consistent snapshot (table-rows.ts withSnapshot; writers are not held up), in parts of
 * ROWS_PER_PART rows, then the files the rows point to. Answers the manifest.
 */
export async function writeBackup(input: {
  db: Kysely<Database>;
  target: DatabaseTarget;
  layout: BackupLayout;
  dataDir: string;
  projectId: number;
  entities: readonly string[];
  path: string;
  description: ArchiveDescription;
  passphrase: string;
  kdfCost?: KdfCost;
  progress: Progress;
}): Promise<Manifest> {
  const { layout, projectId } = input;
  const tables = tablesOf(layout, input.entities);
  const within = new Set(tables.map((t) => t.name));
  const writer = await ArchiveWriter.create(input.path, input.description, input.passphrase, input.kdfCost);
  try {
    const manifest: Manifest = {
      format_version: 1,
      project_id: projectId,
      schema_version: input.description.schema_version,
      entities: [...input.entities],
      tables: [],
      files: [],
      missing_files: [],
    };
    const wanted = new Map<string, { dir: string; files: Set<string> }>();
    await withSnapshot(input.db, input.target, async (reader) => {
      const counts = new Map<string, number>();
      for (const table of tables) {
        counts.set(table.name, await countProjectRows(reader, layout, table, projectId, within));
      }
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      let done = 0;
      input.progress('reading', 0, total);
      for (const table of tables) {
        const columns = table.columns;
        const refs = fileRefsOf(table.name).map((ref) => ({ ref, index: columns.indexOf(ref.column) }));
        const keyIndex = table.key.map((k) => columns.indexOf(k));
        const entry: Manifest['tables'][number] = {
          table: table.name,
          entity: table.entity,
          columns,
          rows: 0,
          parts: [],
        };
        let after: Value[] | null = null;
        for (;;) {
          const rows: Row[] = await projectRows(
            reader,
            layout,
            table,
            projectId,
            columns,
            { after, limit: ROWS_PER_PART },
            within,
          );
          if (rows.length === 0) break;
          entry.parts.push(await writer.addPart(table.name, entry.parts.length + 1, columns, rows));
          entry.rows += rows.length;
          for (const { ref, index } of refs) {
            for (const row of rows) {
              const value = row[index];
              const file = typeof value === 'string' ? ref.fileOf(value) : null;
              if (!file) continue;
              const set = wanted.get(ref.kind) ?? { dir: ref.dir(input.dataDir), files: new Set<string>() };
              set.files.add(file);
              wanted.set(ref.kind, set);
            }
          }
          done += rows.length;
          input.progress('reading', done, total);
          if (rows.length < ROWS_PER_PART) break;
          const last = rows[rows.length - 1] as Row;
          after = keyIndex.map((i) => last[i] ?? null);
        }
        manifest.tables.push(entry);
      }
    });
    const files = [...wanted.entries()].flatMap(([kind, { dir, files }]) =>
      [...files].sort().map((file) => ({ kind, dir, file })),
    );
    let copied = 0;
    for (const { kind, dir, file } of files) {
      const data = SAFE_FILE_NAME.test(file) ? await readFile(join(dir, file)).catch(() => null) : null;
      if (data) manifest.files.push(writer.addFile(kind, file, data));
      else manifest.missing_files.push({ kind, file });
      input.progress('files', ++copied, files.length);
    }
    input.progress('writing', 0, 1);
    await writer.finish(manifest);
    input.progress('writing', 1, 1);
    return manifest;
  } catch (error) {
    writer.abort();
    throw error;
  }
}
