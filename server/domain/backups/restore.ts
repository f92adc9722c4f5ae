import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  deleteRows,
  insertRows,
  ROWS_PER_STATEMENT,
  type Row,
  resetIdSequence,
  rowsWithKeys,
  updateRows,
} from '../../db/table-rows';
import type { RestorePlan, TablePlan } from './plan';

/**
 * Writes a restore plan (plan.ts) with `trx`, which the caller holds as ONE transaction: early
 * inserts (parents first), early updates, deletes (children first), late inserts, late updates
 * (a row a delete took with it is inserted instead), the references set last, then PostgreSQL's
 * id sequences. `progress(done, total)` is told after every statement.
 */
export async function writePlan(
  trx: Kysely<Database>,
  plan: RestorePlan,
  progress: (done: number, total: number) => void,
): Promise<void> {
  const statements = (rows: number) => Math.ceil(rows / ROWS_PER_STATEMENT);
  const total = plan.tables.reduce(
    (n, t) =>
      n +
      statements(t.early.inserts.length) +
      statements(t.early.updates.length) +
      statements(t.deletes.length) +
      statements(t.late.inserts.length) +
      2 * statements(t.late.updates.length) +
      statements(t.finalRows.length),
    0,
  );
  let done = 0;
  const step = async (rows: readonly Row[], write: (chunk: readonly Row[]) => Promise<void>) => {
    for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
      await write(rows.slice(from, from + ROWS_PER_STATEMENT));
      progress(++done, total);
    }
  };
  const keyed = (t: TablePlan, rows: readonly Row[]) => {
    const rest = t.columns.map((_, i) => i).filter((i) => !t.keyIndex.includes(i));
    return {
      columns: rest.map((i) => t.columns[i] as string),
      rows: rows.map((row) => [...t.keyIndex.map((i) => row[i] ?? null), ...rest.map((i) => row[i] ?? null)]),
    };
  };
  const update = (t: TablePlan, rows: readonly Row[]) => {
    const { columns, rows: ordered } = keyed(t, rows);
    return step(ordered, (chunk) => updateRows(trx, t.table.name, t.table.key, columns, chunk));
  };

  progress(0, total);
  for (const t of plan.tables) {
    await step(t.early.inserts, (chunk) => insertRows(trx, t.table.name, t.columns, chunk));
  }
  for (const t of plan.tables) await update(t, t.early.updates);
  for (const t of [...plan.tables].reverse()) {
    await step(t.deletes, (chunk) => deleteRows(trx, t.table.name, t.table.key, chunk));
  }
  for (const t of plan.tables) {
    await step(t.late.inserts, (chunk) => insertRows(trx, t.table.name, t.columns, chunk));
  }
  for (const t of plan.tables) {
    if (t.late.updates.length === 0) continue;
    // A delete may have taken a late row with it (a cascade from the row it pointed to before).
    const keys = t.late.updates.map((row) => t.keyIndex.map((i) => row[i] ?? null));
    const still = new Set<string>();
    await step(keys, async (chunk) => {
      for (const row of await rowsWithKeys(trx, t.table.name, t.table.key, t.table.key, chunk)) {
        still.add(JSON.stringify(row));
      }
    });
    const gone = t.late.updates.filter((row) => !still.has(JSON.stringify(t.keyIndex.map((i) => row[i] ?? null))));
    const kept = t.late.updates.filter((row) => still.has(JSON.stringify(t.keyIndex.map((i) => row[i] ?? null))));
    await insertRows(trx, t.table.name, t.columns, gone);
    await update(t, kept);
  }
  for (const t of plan.tables) {
    if (t.finalColumns.length === 0) continue;
    await step(t.finalRows, (chunk) => updateRows(trx, t.table.name, t.table.key, t.finalColumns, chunk));
  }
  for (const t of plan.tables) {
    if (t.table.idKey && (t.early.inserts.length > 0 || t.late.inserts.length > 0)) {
      await resetIdSequence(trx, t.table.name);
    }
  }
  progress(total, total);
}
