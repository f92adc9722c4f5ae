import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialects';

/**
 * The database as it is, read from its own catalogue (not from schema.ts): every table with
 * its columns, primary key, unique indexes and foreign keys. Backups derive from it which
 * rows belong to a project and in which order tables are written (server/domain/backups);
 * a table a later migration adds is seen here without anyone listing its columns.
 */
export type OnDelete = 'cascade' | 'set null' | 'restrict' | 'no action' | 'set default';

export interface ForeignKey {
  column: string;
  /** The table referenced. */
  table: string;
  /** The column referenced (always the parent's key here). */
  references: string;
  onDelete: OnDelete;
}

export interface TableColumn {
  name: string;
  notNull: boolean;
}

export interface TableShape {
  name: string;
  columns: TableColumn[];
  /** Columns of the primary key, in key order (empty: none). */
  primaryKey: string[];
  /** Column sets of unique indexes and constraints without a condition and without expressions. */
  uniques: string[][];
  foreignKeys: ForeignKey[];
  /** A SQLite virtual table (the users' FTS5 search): not rows anyone writes. */
  virtual: boolean;
}

/** Every table of the database (migration bookkeeping included; the caller decides what to skip). */
export async function readTables<DB>(db: Kysely<DB>): Promise<TableShape[]> {
  return dialectOf(db) === 'postgres' ? readPostgres(db) : readSqlite(db);
}

const ON_DELETE: Record<string, OnDelete> = {
  CASCADE: 'cascade',
  'SET NULL': 'set null',
  RESTRICT: 'restrict',
  'NO ACTION': 'no action',
  'SET DEFAULT': 'set default',
  c: 'cascade',
  n: 'set null',
  r: 'restrict',
  a: 'no action',
  d: 'set default',
};

async function readSqlite<DB>(db: Kysely<DB>): Promise<TableShape[]> {
  const tables = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(
    db,
  );
  const shapes: TableShape[] = [];
  for (const { name, sql: ddl } of tables.rows) {
    const columns = await sql<{ name: string; notnull: number; pk: number }>`
      select name, "notnull", pk from pragma_table_info(${name}) order by cid`.execute(db);
    const keys = await sql<{ table: string; from: string; to: string | null; on_delete: string }>`
      select "table", "from", "to", on_delete from pragma_foreign_key_list(${name}) order by id, seq`.execute(db);
    const indexes = await sql<{ name: string; unique: number; partial: number }>`
      select name, "unique", partial from pragma_index_list(${name})`.execute(db);
    const uniques: string[][] = [];
    for (const index of indexes.rows) {
      if (index.unique !== 1 || index.partial === 1) continue;
      const parts = await sql<{ name: string | null }>`
        select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      if (parts.rows.some((p) => p.name === null)) continue;
      uniques.push(parts.rows.map((p) => p.name as string));
    }
    const primaryKey = columns.rows
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    shapes.push({
      name,
      columns: columns.rows.map((c) => ({ name: c.name, notNull: c.notnull === 1 || c.pk > 0 })),
      primaryKey,
      uniques,
      foreignKeys: keys.rows.map((k) => ({
        column: k.from,
        table: k.table,
        // A reference without a column names the parent's primary key (ours are all `id`).
        references: k.to ?? 'id',
        onDelete: ON_DELETE[k.on_delete.toUpperCase()] ?? 'no action',
      })),
      virtual: /^\s*create\s+virtual\s+table/i.test(ddl ?? ''),
    });
  }
  return shapes;
}

async function readPostgres<DB>(db: Kysely<DB>): Promise<TableShape[]> {
  const columns = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    select table_name, column_name, is_nullable from information_schema.columns
    where table_schema = current_schema()
      and table_name in (select table_name from information_schema.tables
                         where table_schema = current_schema() and table_type = 'BASE TABLE')
    order by table_name, ordinal_position`.execute(db);
  const indexes = await sql<{ table_name: string; primary: boolean; columns: string[] | string }>`
    select t.relname as table_name, ix.indisprimary as "primary",
           array(select a.attname from unnest(ix.indkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
                 order by k.n)::text[] as columns
    from pg_index ix
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = current_schema() and ix.indisunique and ix.indpred is null
      and not (0 = any(ix.indkey::int2[]))`.execute(db);
  const keys = await sql<{
    table_name: string;
    column_name: string;
    target: string;
    target_column: string;
    action: string;
  }>`
    select src.relname as table_name, sa.attname as column_name, dst.relname as target,
           da.attname as target_column, c.confdeltype as action
    from pg_constraint c
    join pg_class src on src.oid = c.conrelid
    join pg_class dst on dst.oid = c.confrelid
    join pg_namespace ns on ns.oid = src.relnamespace
    join pg_attribute sa on sa.attrelid = c.conrelid and sa.attnum = c.conkey[1]
    join pg_attribute da on da.attrelid = c.confrelid and da.attnum = c.confkey[1]
    where c.contype = 'f' and ns.nspname = current_schema()
    order by src.relname, c.conname`.execute(db);
  const byTable = new Map<string, TableShape>();
  for (const c of columns.rows) {
    let shape = byTable.get(c.table_name);
    if (!shape) {
      shape = { name: c.table_name, columns: [], primaryKey: [], uniques: [], foreignKeys: [], virtual: false };
      byTable.set(c.table_name, shape);
    }
    shape.columns.push({ name: c.column_name, notNull: c.is_nullable === 'NO' });
  }
  for (const index of indexes.rows) {
    const shape = byTable.get(index.table_name);
    if (!shape) continue;
    const list = Array.isArray(index.columns) ? index.columns : parsePgArray(index.columns);
    if (index.primary) shape.primaryKey = list;
    else shape.uniques.push(list);
  }
  for (const k of keys.rows) {
    byTable.get(k.table_name)?.foreignKeys.push({
      column: k.column_name,
      table: k.target,
      references: k.target_column,
      onDelete: ON_DELETE[k.action] ?? 'no action',
    });
  }
  return [...byTable.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** `{a,b}` → ['a', 'b'] (a driver that does not parse text[] answers the literal). */
function parsePgArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}
