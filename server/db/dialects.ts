import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  type SqlBool,
  SqliteDialect,
  sql,
} from 'kysely';
import type pg from 'pg';
import { loadPg } from '../lazy-packages';
import type { Database } from './schema';

/**
 * The only module that knows which database it talks to. Everything else
 * writes portable Kysely; what differs between SQLite and PostgreSQL is here.
 */
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseTarget {
  /** `postgres://…`, or null for the SQLite file. */
  databaseUrl: string | null;
  sqliteFile: string;
}

// PostgreSQL returns int8 (count(*), sum) as strings to be safe with huge values;
// our counts are small, and SQLite returns numbers, so both read the same.
const INT8_OID = 20;
const pgTypes = (types: typeof pg.types): pg.CustomTypesConfig => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
});

/** Opens the database the configuration names. */
export function createDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, types: pgTypes(pg.types) });
    // A backend ending an idle connection (restart, failover, admin termination) must not crash the
    // process: the pool drops that client and opens a new one for the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(dirname(target.sqliteFile), { recursive: true });
  const file = new SqliteDatabase(target.sqliteFile);
  // WAL lets readers work while a write is in progress; NORMAL sync is safe with WAL
  // (a power loss may lose the last commits, never corrupt the file).
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(file) }) });
}

/** Statements kept per SQLite file: the server's distinct queries, with room for IN lists of many lengths. */
const KEPT_STATEMENTS = 2000;

/**
 * The file as Kysely's SQLite dialect uses it (prepare, close), with its prepared statements kept:
 * Kysely prepares every query anew, and compiling SQL was about a sixth of a busy server's
 * database time (device task fan-outs, 10,000 devices connecting). The same SQL again reuses its
 * statement (SQLite prepares it again by itself after a schema change); a statement still being
 * iterated (a streamed query) is not shared; the least recently used go beyond KEPT_STATEMENTS.
 */
function keepingStatements(file: SqliteDatabase.Database) {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string): SqliteDatabase.Statement {
      const hit = kept.get(text);
      if (hit && !hit.busy) {
        kept.delete(text);
        kept.set(text, hit);
        return hit;
      }
      const statement = file.prepare(text);
      if (!hit) {
        kept.set(text, statement);
        if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      }
      return statement;
    },
  };
}

/** Which dialect a Kysely instance speaks (migrations need it for the id column). */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key: SQLite `integer primary key autoincrement`, PostgreSQL `serial primary key`. */
export function idColumn<TB extends string, C extends string>(
  db: Kysely<unknown>,
): (table: CreateTableBuilder<TB, C>) => CreateTableBuilder<TB, C | 'id'> {
  const postgres = dialectOf(db) === 'postgres';
  return (table) =>
    table.addColumn('id', postgres ? 'serial' : 'integer', (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    );
}

/**
 * `column in (values)` with the values as ONE JSON parameter (thousands of serials would
 * otherwise be thousands of bound parameters): SQLite `json_each`, PostgreSQL
 * `json_array_elements_text`.
 */
export function inJsonArray(dialect: DialectName, column: string, values: readonly string[]): RawBuilder<SqlBool> {
  const json = JSON.stringify(values);
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} in (select json_array_elements_text(${json}::json))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${json}))`;
}
