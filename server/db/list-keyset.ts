import { type Expression, type SqlBool, sql } from 'kysely';
import type { EntityContract } from '../../src/contract/entity';
import { wrongParameters } from '../domain/errors';
import type { DialectName } from './dialects';
import type { ListColumns } from './list-sql';

/**
 * Keyset paging (docs/decisions.md, Lists). A page answers, in `meta.next`, a cursor: the
 * sort value and id of its last row. Asking for the following page with `after=<cursor>`
 * starts right after that row through the sort's index instead of skipping every row
 * before it (OFFSET), so page 150 costs what page 1 costs. Page numbers keep working
 * without a cursor. A cursor is offered for a sort on one field (plus the id, which
 * follows the field's direction), when the last row's value is not null.
 */
export interface Keyset {
  field: string;
  desc: boolean;
  value: string | number;
  id: number;
}

/** The single sort field of a query (the contract's default when none is asked), or null. */
export function keysetSort(contract: EntityContract, sort: readonly string[]): { field: string; desc: boolean } | null {
  const terms = sort.length > 0 ? sort : contract.defaultSort;
  if (terms.length !== 1) return null;
  const term = terms[0]!;
  return { field: term.replace(/^-/, ''), desc: term.startsWith('-') };
}

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.field, keyset.desc ? 1 : 0, keyset.value, keyset.id])).toString(
    'base64url',
  );
}

/** The cursor of `after`, checked against the query's sort (400 `wrong parameters` when it does not fit). */
export function decodeCursor(cursor: string, sort: { field: string; desc: boolean } | null): Keyset {
  const bad = () => wrongParameters({ after: { code: 'invalid' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || !sort) throw bad();
  const [field, desc, value, id] = parsed as unknown[];
  if (field !== sort.field || desc !== (sort.desc ? 1 : 0)) throw bad();
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) throw bad();
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw bad();
  return { field, desc: sort.desc, value, id };
}

/**
 * Rows after the cursor's row in the list's order: a row-value comparison the index of
 * the sort field serves. Nulls sort first ascending on SQLite and last on PostgreSQL; where
 * they come after a value in this direction, they follow the cursor too.
 */
export function afterCondition(spec: ListColumns, keyset: Keyset, dialect: DialectName): Expression<SqlBool> {
  const column = spec.columns[keyset.field];
  if (!column) throw wrongParameters({ after: { code: 'invalid' } });
  const ref = sql.ref(column);
  const op = sql.raw(keyset.desc ? '<' : '>');
  const after = sql<SqlBool>`(${ref}, ${sql.ref(spec.idColumn)}) ${op} (${keyset.value}, ${keyset.id})`;
  const nullsFollow = keyset.desc ? dialect === 'sqlite' : dialect === 'postgres';
  return nullsFollow ? sql<SqlBool>`(${after} or ${ref} is null)` : after;
}
