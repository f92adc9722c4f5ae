import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Replaces every link row of one owner in a join table (delete, then insert what is given): the way
 * a PUT or PATCH writes the lists of a rule. `rows` hold the other columns; duplicates are the
 * caller's to drop.
 */
export async function replaceLinks(
  trx: Transaction<Database>,
  table: keyof Database,
  owner: { column: string; id: number },
  rows: ReadonlyArray<Record<string, number>>,
): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref(owner.column)} = ${owner.id}`.execute(trx);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {});
  await sql`insert into ${sql.table(table)} (${sql.ref(owner.column)}, ${sql.join(columns.map((c) => sql.ref(c)))})
    values ${sql.join(rows.map((row) => sql`(${owner.id}, ${sql.join(columns.map((c) => row[c]))})`))}`.execute(trx);
}
