import type { Kysely } from 'kysely';
import type { BackupEntityChange, BackupPreview } from '../../../src/contract/entities/backup';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { ForeignKey } from '../../db/introspect';
import type { Database } from '../../db/schema';
import { type Row, rowsWithKeys, type Value } from '../../db/table-rows';
import { conflict } from '../errors';
import { invalidBackup } from './archive';
import type { BackupLayout, BackupTable } from './layout';
import { tablesOf } from './layout';
import { projectRows } from './scope';

/**
 * What a restore does, worked out before anything is written (restore.ts writes it; a preview
 * only counts it). Rows are matched by key between the archive and the project:
 * - **added**: in the archive only; **changed**: in both, some written column differs;
 *   **removed**: in the project only. A shared row (a user) is removed only when no other
 *   project holds it; an archive row already stored outside the project is the same row when
 *   the table is shared, and "rows of another project" (nothing written) when it is not.
 * - A reference of an archive row to something gone (and not in the backup) is treated as the
 *   database treats a delete of what it points to: `set null` clears it, `cascade` (and
 *   `restrict`) drops the row — counted as `dropped`; dropping goes on along references.
 * - Rows of entities the backup does not hold that point to removed rows follow their foreign
 *   keys (`dependents`); a `restrict` there refuses the restore (409 `cannot perform action`,
 *   naming the entity).
 *
 * Writing order (restore.ts), all in one transaction: **early** inserts and updates (parents
 * first), then deletes (children first), then the **late** ones: rows whose unique values are
 * still held by a removed row or by another changed row's old values, or whose not-null
 * reference waits for a late row. A nullable reference to a row not yet written, a self
 * reference and a cycle's breaker are written null first and set at the end.
 */
export interface TablePlan {
  table: BackupTable;
  /** `table.written`. */
  columns: string[];
  keyIndex: number[];
  early: { inserts: Row[]; updates: Row[] };
  late: { inserts: Row[]; updates: Row[] };
  deletes: Row[];
  /** Columns set at the very end, and the rows (key values, then those columns' final values). */
  finalColumns: string[];
  finalRows: Row[];
  counts: { added: number; changed: number; removed: number; dropped: number };
}

export interface DependentChange {
  table: BackupTable;
  removed: number;
  changed: number;
}

export interface RestorePlan {
  tables: TablePlan[];
  dependents: DependentChange[];
  dropped: number;
  callerRemains: boolean;
}

/** The archive's rows of a table, in its own column order. */
export interface ArchiveTable {
  columns: string[];
  rows: Row[];
}

const keyText = (row: Row, index: readonly number[]) => JSON.stringify(index.map((i) => row[i] ?? null));
const sameRow = (a: Row, b: Row) => a.length === b.length && a.every((value, i) => value === b[i]);

interface Working {
  table: BackupTable;
  columns: string[];
  col: Map<string, number>;
  keyIndex: number[];
  /** Archive rows by key (final values; references resolved). */
  archive: Map<string, Row>;
  /** The project's rows now, by key. */
  current: Map<string, Row>;
  /** Rows of a shared table stored outside the project that the archive names (by key). */
  outside: Map<string, Row>;
  /** Keys of a shared table's project rows another project holds too: never deleted. */
  elsewhere: Set<string>;
  dropped: Set<string>;
}

export async function planRestore(input: {
  db: Kysely<Database>;
  layout: BackupLayout;
  projectId: number;
  entities: readonly string[];
  archive: ReadonlyMap<string, ArchiveTable>;
  callerId: number;
}): Promise<RestorePlan> {
  const { db, layout, projectId } = input;
  const restored = tablesOf(layout, input.entities);
  const within = new Set(restored.map((t) => t.name));
  const working = new Map<string, Working>();

  for (const table of restored) {
    const columns = table.written;
    const col = new Map(columns.map((c, i) => [c, i]));
    const keyIndex = table.key.map((k) => col.get(k) ?? -1);
    if (keyIndex.includes(-1)) throw new Error(`${table.name}: a key column is not written`);
    const source = input.archive.get(table.name) ?? { columns, rows: [] };
    const from = columns.map((c) => source.columns.indexOf(c));
    const archive = new Map<string, Row>();
    for (const raw of source.rows) {
      const row = from.map((i) => (i < 0 ? null : (raw[i] ?? null)));
      archive.set(keyText(row, keyIndex), row);
    }
    const current = new Map<string, Row>();
    for (const row of await projectRows(db, layout, table, projectId, columns, undefined, within)) {
      current.set(keyText(row, keyIndex), row);
    }
    const outside = new Map<string, Row>();
    const elsewhere = new Set<string>();
    if (table.idKey) {
      const foreign = [...archive.keys()].filter((k) => !current.has(k)).map((k) => JSON.parse(k) as Row);
      const stored = await rowsWithKeys(db, table.name, table.key, columns, foreign);
      if (stored.length > 0 && !table.shared) throw invalidBackup('rows_of_another_project');
      for (const row of stored) outside.set(keyText(row, keyIndex), row);
    }
    if (table.shared && table.scope.kind === 'shared') {
      const scope = table.scope;
      const via = layout.byName.get(scope.via);
      if (via?.scope.kind !== 'column') throw new Error(`${table.name}: shared via a table without a project column`);
      const holders = await rowsWithKeys(
        db,
        via.name,
        [scope.column],
        [scope.column, via.scope.column],
        [...current.values()].map((row) => [row[col.get(scope.references) ?? 0] ?? null]),
      );
      for (const [id, project] of holders) if (project !== projectId) elsewhere.add(JSON.stringify([id]));
    }
    working.set(table.name, {
      table,
      columns,
      col,
      keyIndex,
      archive,
      current,
      outside,
      elsewhere,
      dropped: new Set(),
    });
  }

  const existing = new ExistingRows(db);
  let cascaded = new Map<string, Set<Value>>();
  let dependents: DependentChange[] = [];
  // Resolve references, find what removals take with them, and again until nothing moves.
  for (let round = 0; ; round++) {
    const before = [...working.values()].reduce((n, w) => n + w.dropped.size, 0);
    await resolveReferences(layout, working, existing, cascaded);
    const found = await dependentsOf(db, layout, working);
    cascaded = found.removedIds;
    dependents = found.changes;
    const after = [...working.values()].reduce((n, w) => n + w.dropped.size, 0);
    if (after === before && round > 0) break;
    if (round > 20) throw new Error('restore plan: references do not settle');
  }

  const tables = phase(layout, working);
  const memberships = working.get('memberships');
  const callerRemains =
    !memberships ||
    [...memberships.archive.entries()].some(
      ([key, row]) =>
        !memberships.dropped.has(key) &&
        row[memberships.col.get('user_id') ?? -1] === input.callerId &&
        row[memberships.col.get('project_id') ?? -1] === projectId,
    );
  return {
    tables,
    dependents,
    dropped: tables.reduce((n, t) => n + t.counts.dropped, 0),
    callerRemains,
  };
}

/** Whether rows of tables the restore does not write exist (cached per table and column). */
class ExistingRows {
  private readonly known = new Map<string, Map<Value, boolean>>();
  constructor(private readonly db: Kysely<Database>) {}
  async load(table: string, column: string, values: Iterable<Value>): Promise<void> {
    const key = `${table}.${column}`;
    let seen = this.known.get(key);
    if (!seen) {
      seen = new Map();
      this.known.set(key, seen);
    }
    const ask = [...new Set(values)].filter((v) => v !== null && !seen.has(v));
    if (ask.length === 0) return;
    const found = await rowsWithKeys(
      this.db,
      table,
      [column],
      [column],
      ask.map((v) => [v]),
    );
    const present = new Set(found.map((r) => r[0]));
    for (const v of ask) seen.set(v, present.has(v));
  }
  has(table: string, column: string, value: Value): boolean {
    return this.known.get(`${table}.${column}`)?.get(value) ?? false;
  }
}

/** Will a row of `target` with this value in `column` exist once the restore is written? */
function targetExists(
  working: Map<string, Working>,
  existing: ExistingRows,
  cascaded: Map<string, Set<Value>>,
  fk: ForeignKey,
  value: Value,
): boolean {
  const target = working.get(fk.table);
  if (target && target.table.key.length === 1 && target.table.key[0] === fk.references) {
    const key = JSON.stringify([value]);
    if (target.archive.has(key)) return !target.dropped.has(key);
    // Shared rows outside the archive stay when another project holds them, or when they are
    // not the project's at all.
    if (target.table.shared) {
      if (target.current.has(key)) return target.elsewhere.has(key);
      return existing.has(fk.table, fk.references, value);
    }
    return false;
  }
  if (cascaded.get(fk.table)?.has(value)) return false;
  return existing.has(fk.table, fk.references, value);
}

async function resolveReferences(
  layout: BackupLayout,
  working: Map<string, Working>,
  existing: ExistingRows,
  cascaded: Map<string, Set<Value>>,
): Promise<void> {
  // What must be asked of the database: references to tables the restore does not write, and
  // to shared rows outside the archive.
  for (const w of working.values()) {
    for (const fk of w.table.foreignKeys) {
      const index = w.col.get(fk.column);
      if (index === undefined) continue;
      const target = working.get(fk.table);
      if (target && !target.table.shared) continue;
      await existing.load(
        fk.table,
        fk.references,
        [...w.archive.values()].map((row) => row[index] ?? null),
      );
    }
  }
  let moved = true;
  while (moved) {
    moved = false;
    for (const table of layout.tables) {
      const w = working.get(table.name);
      if (!w) continue;
      for (const [key, row] of w.archive) {
        if (w.dropped.has(key)) continue;
        for (const fk of table.foreignKeys) {
          const index = w.col.get(fk.column);
          if (index === undefined) continue;
          const value = row[index] ?? null;
          if (value === null || targetExists(working, existing, cascaded, fk, value)) continue;
          if (fk.onDelete === 'set null' && !table.notNull.has(fk.column)) {
            row[index] = null;
          } else {
            w.dropped.add(key);
            moved = true;
            break;
          }
        }
      }
    }
  }
}

/** Keys of the rows a restore deletes from a table. */
function removedKeys(w: Working): string[] {
  const out: string[] = [];
  for (const key of w.current.keys()) {
    if (w.archive.has(key) && !w.dropped.has(key)) continue;
    if (w.elsewhere.has(key)) continue;
    out.push(key);
  }
  return out;
}

/**
 * Rows of tables the restore does not write that point to rows it deletes: removed by a
 * cascade (and their own dependents after them), or cleared (`set null`); a `restrict` refuses.
 */
async function dependentsOf(
  db: Kysely<Database>,
  layout: BackupLayout,
  working: Map<string, Working>,
): Promise<{ removedIds: Map<string, Set<Value>>; changes: DependentChange[] }> {
  const removedIds = new Map<string, Set<Value>>();
  const changes = new Map<string, DependentChange>();
  const queue: { table: string; column: string; values: Value[] }[] = [];
  for (const w of working.values()) {
    if (w.table.key.length !== 1) continue;
    const values = removedKeys(w).map((k) => (JSON.parse(k) as Value[])[0] ?? null);
    if (values.length > 0) queue.push({ table: w.table.name, column: w.table.key[0] as string, values });
  }
  while (queue.length > 0) {
    const gone = queue.shift() as (typeof queue)[number];
    for (const child of layout.tables) {
      if (working.has(child.name)) continue;
      for (const fk of child.foreignKeys) {
        if (fk.table !== gone.table || fk.references !== gone.column) continue;
        const keyColumn = child.key.length === 1 ? (child.key[0] as string) : null;
        const rows = await rowsWithKeys(
          db,
          child.name,
          [fk.column],
          keyColumn ? [keyColumn] : [fk.column],
          gone.values.map((v) => [v]),
        );
        if (rows.length === 0) continue;
        const change = changes.get(child.name) ?? { table: child, removed: 0, changed: 0 };
        changes.set(child.name, change);
        if (fk.onDelete === 'set null' || fk.onDelete === 'set default') {
          change.changed += rows.length;
          continue;
        }
        if (fk.onDelete === 'restrict' || fk.onDelete === 'no action') {
          throw conflict(ERROR_CODES.cannotPerformAction, { code: 'in_use', entities: [child.entity] });
        }
        change.removed += rows.length;
        if (keyColumn) {
          const ids = removedIds.get(child.name) ?? new Set<Value>();
          removedIds.set(child.name, ids);
          const fresh = rows.map((r) => r[0] ?? null).filter((id) => !ids.has(id));
          for (const id of fresh) ids.add(id);
          if (fresh.length > 0) queue.push({ table: child.name, column: keyColumn, values: fresh });
        }
      }
    }
  }
  return { removedIds, changes: [...changes.values()] };
}

/** Unique value sets of a row (for the unique indexes of its table), as texts. */
function uniqueTexts(w: Working, row: Row, uniques: readonly string[][]): string[] {
  const out: string[] = [];
  uniques.forEach((columns, n) => {
    const values = columns.map((c) => row[w.col.get(c) ?? -1] ?? null);
    // NULL is never equal to NULL in a unique index.
    if (values.every((value) => value !== null)) out.push(`${n}:${JSON.stringify(values)}`);
  });
  return out;
}

/** Which rows are written early and which late (see the top of this file). */
function phase(layout: BackupLayout, working: Map<string, Working>): TablePlan[] {
  /** Keys of the rows present once the early writes are done (now, or inserted early). */
  const presentEarly = new Map<string, Set<string>>();
  const plans: TablePlan[] = [];
  for (const table of layout.tables) {
    const w = working.get(table.name);
    if (!w) continue;
    const uniques = (layout.all.get(table.name)?.uniques ?? []).filter(
      (u) => u.join() !== table.key.join() && u.every((c) => w.col.has(c)),
    );
    const removed = removedKeys(w);
    const removedSet = new Set(removed);
    // Unique values still held while the early writes run: removed rows', and changed rows' old ones.
    const held = new Map<string, string>();
    const changedKeys: string[] = [];
    const addedKeys: string[] = [];
    for (const [key, row] of w.archive) {
      if (w.dropped.has(key)) continue;
      const now = w.current.get(key) ?? w.outside.get(key);
      if (!now) addedKeys.push(key);
      else if (!sameRow(now, row)) changedKeys.push(key);
    }
    for (const key of removed) for (const u of uniqueTexts(w, w.current.get(key) as Row, uniques)) held.set(u, key);
    for (const key of changedKeys) {
      const now = (w.current.get(key) ?? w.outside.get(key)) as Row;
      for (const u of uniqueTexts(w, now, uniques)) held.set(u, key);
    }
    const blocked = (key: string, row: Row) =>
      uniqueTexts(w, row, uniques).some((u) => {
        const holder = held.get(u);
        return holder !== undefined && holder !== key;
      });

    const present = new Set<string>();
    presentEarly.set(table.name, present);
    for (const key of w.current.keys()) if (!removedSet.has(key)) present.add(key);
    for (const key of w.outside.keys()) present.add(key);

    const finalColumns = new Set(table.deferred);
    const nulled = new Set<string>();
    /**
     * The row as written early, or null when it must wait. An insert writes its deferred
     * references null (set at the end); a nullable reference to a row not there yet is written
     * null and set at the end too; a not-null one makes the row wait.
     */
    const early = (key: string, row: Row, inserting: boolean): Row | null => {
      const out = [...row];
      for (const fk of table.foreignKeys) {
        const index = w.col.get(fk.column);
        if (index === undefined || row[index] === null) continue;
        if (inserting && table.deferred.has(fk.column)) {
          out[index] = null;
          continue;
        }
        const target = working.get(fk.table);
        if (!target) continue;
        const targetKey = JSON.stringify([row[index]]);
        if (presentEarly.get(fk.table)?.has(targetKey)) continue;
        if (target.table.shared && !target.archive.has(targetKey)) continue;
        if (table.notNull.has(fk.column)) return null;
        out[index] = null;
        finalColumns.add(fk.column);
        nulled.add(key);
      }
      return out;
    };

    const plan: TablePlan = {
      table,
      columns: w.columns,
      keyIndex: w.keyIndex,
      early: { inserts: [], updates: [] },
      late: { inserts: [], updates: [] },
      deletes: removed.map((k) => JSON.parse(k) as Row),
      finalColumns: [],
      finalRows: [],
      counts: { added: addedKeys.length, changed: changedKeys.length, removed: removed.length, dropped: 0 },
    };
    plan.counts.dropped = [...w.dropped].filter((k) => !w.current.has(k) && !w.outside.has(k)).length;
    // Rows whose final-columns are set at the end: every insert (its deferred references), and
    // early updates that wrote a reference null.
    const needsFinal: string[] = [];
    for (const key of addedKeys) {
      const row = w.archive.get(key) as Row;
      const written = blocked(key, row) ? null : early(key, row, true);
      if (written) {
        plan.early.inserts.push(written);
        present.add(key);
      } else plan.late.inserts.push(deferredNull(table, w, row));
      needsFinal.push(key);
    }
    for (const key of changedKeys) {
      const row = w.archive.get(key) as Row;
      const written = blocked(key, row) ? null : early(key, row, false);
      if (written) {
        plan.early.updates.push(written);
        if (nulled.has(key)) needsFinal.push(key);
      } else {
        // Late updates run once every insert is in: nothing they point to is missing then.
        plan.late.updates.push(row);
      }
    }
    plan.finalColumns = [...finalColumns];
    if (plan.finalColumns.length > 0) {
      const index = plan.finalColumns.map((c) => w.col.get(c) as number);
      for (const key of needsFinal) {
        const row = w.archive.get(key) as Row;
        plan.finalRows.push([...w.keyIndex.map((i) => row[i] ?? null), ...index.map((i) => row[i] ?? null)]);
      }
    }
    plans.push(plan);
  }
  return plans;
}

/** A row with its deferred references (self references, cycle breakers) written null first. */
function deferredNull(table: BackupTable, w: Working, row: Row): Row {
  if (table.deferred.size === 0) return row;
  const out = [...row];
  for (const column of table.deferred) out[w.col.get(column) as number] = null;
  return out;
}

/** The counts a preview and a restore answer, per entity (in the order of BACKUP_ENTITIES given). */
export function summarise(
  plan: RestorePlan,
  entities: readonly string[],
): Pick<BackupPreview, 'entities' | 'dependents' | 'dropped' | 'caller_remains'> {
  const byEntity: BackupEntityChange[] = entities.map((entity) => ({
    entity,
    added: 0,
    changed: 0,
    removed: 0,
    tables: [],
  }));
  for (const t of plan.tables) {
    const entry = byEntity.find((e) => e.entity === t.table.entity);
    if (!entry) continue;
    entry.added += t.counts.added;
    entry.changed += t.counts.changed;
    entry.removed += t.counts.removed;
    entry.tables.push({
      table: t.table.name,
      added: t.counts.added,
      changed: t.counts.changed,
      removed: t.counts.removed,
    });
  }
  return {
    entities: byEntity,
    dependents: plan.dependents.map((d) => ({
      entity: d.table.entity,
      table: d.table.name,
      removed: d.removed,
      changed: d.changed,
    })),
    dropped: plan.dropped,
    caller_remains: plan.callerRemains,
  };
}
