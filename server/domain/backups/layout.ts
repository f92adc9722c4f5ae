import type { BackupEntity } from '../../../src/contract/entities/backup';
import type { ForeignKey, TableShape } from '../../db/introspect';
import { classOf } from './tables';

/**
 * What backups know of every table they hold, derived from the database's own catalogue
 * (server/db/introspect.ts) and the one-line classes of tables.ts:
 * - its **key**: the primary key, else its narrowest unique index, else every column;
 * - its **project scope**: how to find a project's rows: the project itself (`projects`), a
 *   `project_id` that references projects, a foreign key to a table that is scoped (the parent
 *   chosen: a not-null reference to a directly scoped table first), or, for a shared table
 *   (users), the rows a scoped `via` table points to;
 * - its place in the **write order** (parents before children), and the nullable references
 *   written after every row is in (self references, and one edge of each cycle).
 */
export const PROJECTS_TABLE = 'projects';

export type Scope =
  | { kind: 'project' }
  | { kind: 'column'; column: string }
  | { kind: 'parent'; column: string; parent: string; references: string }
  | {
      kind: 'shared';
      via: string;
      column: string;
      references: string;
      /** Backed-up tables whose rows point to it: a project's rows also hold what those point to. */
      referencedBy: { table: string; column: string }[];
    };

export interface BackupTable {
  name: string;
  entity: BackupEntity;
  /** Every column of the table, in order: what a backup holds. */
  columns: string[];
  /** The columns a restore writes (`keep` columns left as they are). */
  written: string[];
  key: string[];
  /** The key is one integer `id` (PostgreSQL's sequence is set after a restore). */
  idKey: boolean;
  notNull: Set<string>;
  foreignKeys: ForeignKey[];
  scope: Scope;
  shared: boolean;
  /** References written after all rows are in (self references, cycle breakers). */
  deferred: Set<string>;
}

export interface BackupLayout {
  /** Backed-up tables in write order (parents first). */
  tables: BackupTable[];
  byName: Map<string, BackupTable>;
  /** Tables no class names (a backup refuses to run while there is one; the test names them). */
  unclassified: string[];
  /** Every table of the database, backed up or not, by name (foreign keys into backed-up tables). */
  all: Map<string, TableShape>;
}

export class LayoutError extends Error {}

export function buildLayout(shapes: readonly TableShape[]): BackupLayout {
  const all = new Map(shapes.map((s) => [s.name, s]));
  const unclassified: string[] = [];
  const chosen: TableShape[] = [];
  for (const shape of shapes) {
    const cls = classOf(shape.name);
    if (!cls) unclassified.push(shape.name);
    else if ('entity' in cls) chosen.push(shape);
  }
  const names = new Set(chosen.map((s) => s.name));
  const scopes = new Map<string, Scope>();
  const scopeOf = (name: string, seen: Set<string>): Scope | null => {
    const known = scopes.get(name);
    if (known) return known;
    if (seen.has(name)) return null;
    seen.add(name);
    const shape = all.get(name);
    const cls = classOf(name);
    if (!shape || !cls || !('entity' in cls)) return null;
    let scope: Scope | null = null;
    if (name === PROJECTS_TABLE) scope = { kind: 'project' };
    else if (cls.shared) {
      const via = all.get(cls.shared.via);
      const link = via?.foreignKeys.find((f) => f.table === name);
      if (!via || !link) throw new LayoutError(`${name}: shared via ${cls.shared.via}, which does not reference it`);
      const referencedBy = chosen
        .filter((other) => other.name !== via.name && !classShared(other.name))
        .flatMap((other) =>
          other.foreignKeys
            .filter((f) => f.table === name && f.references === link.references)
            .map((f) => ({ table: other.name, column: f.column })),
        );
      scope = { kind: 'shared', via: via.name, column: link.column, references: link.references, referencedBy };
    } else {
      const direct = shape.foreignKeys.find((f) => f.table === PROJECTS_TABLE);
      if (direct) scope = { kind: 'column', column: direct.column };
      else {
        const notNull = new Set(shape.columns.filter((c) => c.notNull).map((c) => c.name));
        const sameEntity = (table: string) => {
          const other = classOf(table);
          return other !== null && 'entity' in other && other.entity === cls.entity;
        };
        // A parent of the same entity first (its rows travel in the same backup, so a scratch
        // database holding only the backup finds them), then a not-null reference, then a
        // directly scoped parent; by column name where nothing else decides.
        const candidates = [...shape.foreignKeys]
          .sort((a, b) => a.column.localeCompare(b.column))
          .filter((f) => f.table !== name && names.has(f.table) && !classShared(f.table))
          .map((f) => ({ f, parent: scopeOf(f.table, seen) }))
          .filter((c): c is { f: ForeignKey; parent: Scope } => c.parent !== null)
          .sort(
            (a, b) =>
              Number(sameEntity(b.f.table)) - Number(sameEntity(a.f.table)) ||
              Number(notNull.has(b.f.column)) - Number(notNull.has(a.f.column)) ||
              Number(b.parent.kind === 'column') - Number(a.parent.kind === 'column'),
          );
        const best = candidates[0];
        if (best)
          scope = { kind: 'parent', column: best.f.column, parent: best.f.table, references: best.f.references };
      }
    }
    if (scope) scopes.set(name, scope);
    return scope;
  };

  const tables: BackupTable[] = [];
  for (const shape of chosen) {
    const cls = classOf(shape.name) as Extract<ReturnType<typeof classOf>, { entity: BackupEntity }>;
    const scope = scopeOf(shape.name, new Set());
    if (!scope) throw new LayoutError(`${shape.name}: no way to tell which project its rows belong to`);
    const columns = shape.columns.map((c) => c.name);
    const keep = new Set(Object.keys(cls.keep ?? {}));
    const key = keyOf(shape);
    tables.push({
      name: shape.name,
      entity: cls.entity,
      columns,
      written: columns.filter((c) => !keep.has(c)),
      key,
      idKey: key.length === 1 && key[0] === 'id',
      notNull: new Set(shape.columns.filter((c) => c.notNull).map((c) => c.name)),
      foreignKeys: [...shape.foreignKeys].sort((a, b) => a.column.localeCompare(b.column)),
      scope,
      shared: cls.shared !== undefined,
      deferred: new Set(),
    });
  }
  const ordered = writeOrder(tables);
  return { tables: ordered, byName: new Map(ordered.map((t) => [t.name, t])), unclassified, all };
}

function classShared(table: string): boolean {
  const cls = classOf(table);
  return cls !== null && 'entity' in cls && cls.shared !== undefined;
}

function keyOf(shape: TableShape): string[] {
  if (shape.primaryKey.length > 0) return shape.primaryKey;
  const unique = [...shape.uniques].sort((a, b) => a.length - b.length)[0];
  return unique ?? shape.columns.map((c) => c.name);
}

/**
 * Parents before children (Kahn's order over the references between backed-up tables). A self
 * reference is written after all rows are in; a cycle is broken at a nullable reference,
 * which is deferred the same way. A cycle of not-null references cannot be written at all.
 */
function writeOrder(tables: BackupTable[]): BackupTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const edges = (t: BackupTable) =>
    t.foreignKeys.filter((f) => f.table !== t.name && byName.has(f.table) && !t.deferred.has(f.column));
  for (const t of tables) {
    for (const f of t.foreignKeys) {
      if (f.table !== t.name) continue;
      if (t.notNull.has(f.column)) throw new LayoutError(`${t.name}.${f.column}: a not-null reference to itself`);
      t.deferred.add(f.column);
    }
  }
  for (;;) {
    const order: BackupTable[] = [];
    const placed = new Set<string>();
    let progress = true;
    while (progress) {
      progress = false;
      for (const t of tables) {
        if (placed.has(t.name)) continue;
        if (edges(t).every((f) => placed.has(f.table))) {
          order.push(t);
          placed.add(t.name);
          progress = true;
        }
      }
    }
    if (order.length === tables.length) return order;
    // A cycle among the rest: defer one nullable reference in it and try again.
    const rest = tables.filter((t) => !placed.has(t.name));
    const breaker = rest
      .flatMap((t) => edges(t).map((f) => ({ t, f })))
      .find(({ t, f }) => !placed.has(f.table) && !t.notNull.has(f.column));
    if (!breaker) throw new LayoutError(`not-null references in a cycle: ${rest.map((t) => t.name).join(', ')}`);
    breaker.t.deferred.add(breaker.f.column);
  }
}

/** The tables of these entities, in write order. */
export function tablesOf(layout: BackupLayout, entities: readonly string[]): BackupTable[] {
  const wanted = new Set(entities);
  return layout.tables.filter((t) => wanted.has(t.entity));
}
