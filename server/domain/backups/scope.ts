import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Row, Value } from '../../db/table-rows';
import type { BackupLayout, BackupTable } from './layout';

/**
 * A project's rows of a backed-up table, found by the scope the layout derived (layout.ts):
 * plain portable SQL, a nested `in (select …)` per step of a parent chain. A shared table's
 * (users) are those its `via` rows name (members), and those the project's rows of the tables
 * `within` point to (a removed member the access rules and call history still name): a backup
 * holds every row its other rows need.
 */
export function inProject(
  layout: BackupLayout,
  table: BackupTable,
  alias: string,
  projectId: number,
  depth = 0,
  within?: ReadonlySet<string>,
): RawBuilder<SqlBool> {
  const at = (column: string) => sql.ref(`${alias}.${column}`);
  const scope = table.scope;
  switch (scope.kind) {
    case 'project':
      return sql<SqlBool>`${at('id')} = ${projectId}`;
    case 'column':
      return sql<SqlBool>`${at(scope.column)} = ${projectId}`;
    case 'parent': {
      const parent = layout.byName.get(scope.parent);
      if (!parent) throw new Error(`${table.name}: its parent ${scope.parent} is not backed up`);
      const inner = `s${depth + 1}`;
      return sql<SqlBool>`${at(scope.column)} in (select ${sql.ref(`${inner}.${scope.references}`)}
        from ${sql.table(parent.name)} as ${sql.id(inner)} where ${inProject(layout, parent, inner, projectId, depth + 1)})`;
    }
    case 'shared': {
      const via = layout.byName.get(scope.via);
      if (!via) throw new Error(`${table.name}: shared via ${scope.via}, which is not backed up`);
      const inner = `s${depth + 1}`;
      const holders = [{ table: via, column: scope.column }];
      for (const ref of scope.referencedBy) {
        const other = layout.byName.get(ref.table);
        if (other && (!within || within.has(other.name))) holders.push({ table: other, column: ref.column });
      }
      return sql.join(
        holders.map(
          (h) => sql<SqlBool>`${at(scope.references)} in (select ${sql.ref(`${inner}.${h.column}`)}
            from ${sql.table(h.table.name)} as ${sql.id(inner)}
            where ${inProject(layout, h.table, inner, projectId, depth + 1)})`,
        ),
        sql` or `,
      ) as RawBuilder<SqlBool>;
    }
  }
}

/** How many rows of the table the project has. */
export async function countProjectRows(
  db: Kysely<Database>,
  layout: BackupLayout,
  table: BackupTable,
  projectId: number,
  within?: ReadonlySet<string>,
): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)} as t
    where (${inProject(layout, table, 't', projectId, 0, within)})`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The project's rows (these columns), in key order; `after` (the key of the last row of the page
 * before) and `limit` page through a big table without skipping rows one by one.
 */
export async function projectRows(
  db: Kysely<Database>,
  layout: BackupLayout,
  table: BackupTable,
  projectId: number,
  columns: readonly string[],
  page?: { after: Value[] | null; limit: number },
  within?: ReadonlySet<string>,
): Promise<Row[]> {
  const key = sql.join(table.key.map((k) => sql.ref(`t.${k}`)));
  const after =
    page?.after && page.after.length > 0
      ? sql`and (${key}) > (${sql.join(page.after.map((value) => sql`${value}`))})`
      : sql``;
  const limit = page ? sql`limit ${page.limit}` : sql``;
  const result = await sql<Record<string, Value>>`select ${sql.join(columns.map((c) => sql.ref(`t.${c}`)))}
    from ${sql.table(table.name)} as t
    where (${inProject(layout, table, 't', projectId, 0, within)}) ${after}
    order by ${key} ${limit}`.execute(db);
  return result.rows.map((row) => columns.map((c) => row[c] ?? null));
}
