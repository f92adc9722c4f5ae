import SqliteDatabase from 'better-sqlite3';
import { Kysely, type RawBuilder, SqliteDialect, sql } from 'kysely';
import { type DatabaseTarget, dialectOf } from './dialects';
import type { Database } from './schema';

/**
 * Rows of any table by name, many at a time, for backups (server/domain/backups): the few
 * statements whose SQL differs between the dialects. Values travel as ONE JSON parameter per
 * statement (SQLite `json_each`, PostgreSQL `json_populate_recordset` typed by the table's own
 * row type), so a chunk of thousands of rows is one statement with no bound-parameter limit.
 * Rows are arrays of values in the order of the `columns` given.
 */
export type Value = string | number | null;
export type Row = Value[];

/** Rows per statement: big enough to amortise a round trip, small enough for one JSON text. */
export const ROWS_PER_STATEMENT = 2_000;

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
const list = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql`, `);

/** `json_extract(value, '$[i]')` of each column (SQLite), as the column's name. */
function sqliteSource(columns: readonly string[], json: string) {
  const picks = columns.map((c, i) => sql`json_extract(value, ${sql.lit(`$[${i}]`)}) as ${sql.id(c)}`);
  return sql`(select ${list(picks)} from json_each(${json}))`;
}

/** The rows as a typed record set of the table (PostgreSQL). */
function postgresSource(table: string, columns: readonly string[], rows: readonly Row[]) {
  const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])));
  return sql`json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(objects)}::json)`;
}

function source(db: Kysely<Database>, table: string, columns: readonly string[], rows: readonly Row[]) {
  return dialectOf(db) === 'postgres'
    ? postgresSource(table, columns, rows)
    : sqliteSource(columns, JSON.stringify(rows));
}

async function chunked(rows: readonly Row[], each: (chunk: readonly Row[]) => Promise<void>): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    await each(rows.slice(from, from + ROWS_PER_STATEMENT));
  }
}

/** Inserts rows as they are (ids included). */
export async function insertRows(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
) {
  const names = list(columns.map((c) => sql.id(c)));
  const picked = list(columns.map((c) => ref('v', c)));
  await chunked(rows, async (chunk) => {
    await sql`insert into ${sql.table(table)} (${names})
      select ${picked} from ${source(db, table, columns, chunk)} as v`.execute(db);
  });
}

/** Sets `columns` of the rows whose key matches; each row holds the key's values first, then the columns'. */
export async function updateRows(
  db: Kysely<Database>,
  table: string,
  key: readonly string[],
  columns: readonly string[],
  rows: readonly Row[],
) {
  if (columns.length === 0) return;
  const all = [...key, ...columns];
  const sets = list(columns.map((c) => sql`${sql.id(c)} = ${ref('v', c)}`));
  const match = sql.join(
    key.map((k) => sql`${ref('t', k)} = ${ref('v', k)}`),
    sql` and `,
  );
  await chunked(rows, async (chunk) => {
    await sql`update ${sql.table(table)} as t set ${sets}
      from ${source(db, table, all, chunk)} as v where ${match}`.execute(db);
  });
}

/** Deletes the rows whose key is one of `keys`. */
export async function deleteRows(db: Kysely<Database>, table: string, key: readonly string[], keys: readonly Row[]) {
  await chunked(keys, async (chunk) => {
    await sql`delete from ${sql.table(table)} where (${list(key.map((k) => sql.id(k)))}) in
      (select ${list(key.map((k) => ref('v', k)))} from ${source(db, table, key, chunk)} as v)`.execute(db);
  });
}

/** The rows (these columns) whose key is one of `keys`. */
export async function rowsWithKeys(
  db: Kysely<Database>,
  table: string,
  key: readonly string[],
  columns: readonly string[],
  keys: readonly Row[],
): Promise<Row[]> {
  const out: Row[] = [];
  await chunked(keys, async (chunk) => {
    const found = await sql<Record<string, Value>>`select ${list(columns.map((c) => ref('t', c)))}
      from ${sql.table(table)} as t where (${list(key.map((k) => ref('t', k)))}) in
      (select ${list(key.map((k) => ref('v', k)))} from ${source(db, table, key, chunk)} as v)`.execute(db);
    for (const row of found.rows) out.push(columns.map((c) => row[c] ?? null));
  });
  return out;
}

/** The values of `column` among `values` that some row of `table` holds in it (existence of references). */
export async function existingValues(
  db: Kysely<Database>,
  table: string,
  column: string,
  values: readonly Value[],
): Promise<Set<Value>> {
  const found = new Set<Value>();
  const rows = await rowsWithKeys(
    db,
    table,
    [column],
    [column],
    values.map((value) => [value]),
  );
  for (const [value] of rows) found.add(value ?? null);
  return found;
}

/**
 * After rows were written with their own ids: PostgreSQL's sequence of the id moves past the
 * highest (SQLite's AUTOINCREMENT follows by itself).
 */
export async function resetIdSequence(db: Kysely<Database>, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // Never backwards: an id once handed out is not handed out again (older archives name it).
  await sql`select setval(s.seq, greatest(coalesce((select max(id) from ${sql.table(table)}), 0),
      coalesce(pg_sequence_last_value(s.seq::regclass), 0), 1), true)
    from (select pg_get_serial_sequence(${table}, 'id') as seq) as s`.execute(db);
}

/**
 * Runs `read` over one consistent view of the database while writers go on: PostgreSQL a
 * read-only repeatable-read transaction; SQLite (one connection, which a transaction would hold
 * against every request) a second, read-only connection to the same file, whose transaction
 * sees the file as it was at its first read (WAL).
 */
export async function withSnapshot<T>(
  db: Kysely<Database>,
  target: DatabaseTarget,
  read: (reader: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialectOf(db) === 'postgres') {
    return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  }
  const file = new SqliteDatabase(target.sqliteFile, { readonly: true, fileMustExist: true });
  file.pragma('busy_timeout = 5000');
  const reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  try {
    return await reader.transaction().execute(read);
  } finally {
    await reader.destroy();
  }
}
