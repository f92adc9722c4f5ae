import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type EntityContract, isAllowedFilter, isAllowedSort, SEARCH_FIELD } from '../../src/contract/entity';
import { type Filter, type ListQuery, searchToListQuery } from '../../src/contract/filters';
import type { Auth } from '../domain/auth/auth-context';
import { wrongParameters } from '../domain/errors';

/**
 * The list engine of every resource: turns a checked list query into SQL
 * conditions and an order. Callers give, per contract field, the SQL column
 * (or a condition builder for relations), so the whitelist of the contract is
 * also the only SQL a client can reach.
 */
export interface ListColumns {
  /** Field → qualified column, e.g. `{ name: 'm.name' }`. Used by comparisons, text rules and sorting. */
  columns: Record<string, string>;
  /** Relation fields (kind 'relation'): `has` gets the ids, `is` gets null / not_null. */
  relations?: Record<string, (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null') => Expression<SqlBool>>;
  /** Tie-breaker column that makes paging stable, e.g. `m.id`. */
  idColumn: string;
  /** Computed filter fields: the condition is written by the entity (e.g. users who may administer a group). */
  conditions?: Record<string, (filter: Filter, list: ListContext) => Expression<SqlBool>>;
  /**
   * The name search through an index (users: FTS5 trigram on SQLite), for a value it can
   * serve; null falls back to `lower(column) like '%value%'` on the `search` fields.
   */
  search?: (value: string) => Expression<SqlBool> | null;
}

/** What a computed filter may read besides its own entry: who asks, and the other filters. */
export interface ListContext {
  auth: Auth;
  filters: readonly Filter[];
}

/** Parses and checks the raw query string against the contract's whitelist (400 names the offending part). */
export function parseListQuery(contract: EntityContract, raw: unknown): ListQuery {
  const parsed = searchToListQuery((raw ?? {}) as Record<string, string | undefined>);
  if (!parsed.ok) throw wrongParameters({ [parsed.field]: { code: 'invalid' } });
  const { query } = parsed;
  query.filters.forEach((f, i) => {
    if (!isAllowedFilter(contract, f.field, f.rule)) throw wrongParameters({ [`filters.${i}`]: { code: 'invalid' } });
  });
  for (const s of query.sort) if (!isAllowedSort(contract, s)) throw wrongParameters({ sort: { code: 'invalid' } });
  for (const w of query.with) if (!contract.with.includes(w)) throw wrongParameters({ with: { code: 'invalid' } });
  return query;
}

const escapeLike = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

function likeOf(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** A filter value as the field's kind stores it (booleans are 0/1, numbers must be finite). */
function scalar(contract: EntityContract, f: Filter, index: number): string | number | null {
  const kind = contract.fields[f.field]?.kind;
  const bad = () => wrongParameters({ [`filters.${index}.value`]: { code: 'invalid' } });
  if (f.value === null) return null;
  if (Array.isArray(f.value)) throw bad();
  if (kind === 'boolean') {
    if (f.value === true || f.value === 'true' || f.value === 1) return 1;
    if (f.value === false || f.value === 'false' || f.value === 0) return 0;
    throw bad();
  }
  if (kind === 'number') {
    const n = typeof f.value === 'number' ? f.value : Number(f.value);
    if (typeof f.value === 'boolean' || !Number.isFinite(n)) throw bad();
    return n;
  }
  return String(f.value);
}

const COMPARISONS = {
  equals: '=',
  not_equals: '<>',
  above: '>',
  below: '<',
  equals_above: '>=',
  equals_below: '<=',
} as const;

/** One filter entry as an SQL condition. */
export function filterCondition(
  contract: EntityContract,
  spec: ListColumns,
  f: Filter,
  index: number,
  searchFields: readonly string[],
  list: ListContext,
): Expression<SqlBool> {
  if (f.field === SEARCH_FIELD) {
    const indexed = spec.search?.(String(f.value ?? ''));
    if (indexed) return indexed;
    const pattern = `%${escapeLike(String(f.value ?? ''))}%`;
    const parts = searchFields.map((field) => likeOf(columnOf(spec, field), pattern));
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  const computed = spec.conditions?.[f.field];
  if (computed) return computed(f, list);
  const kind = contract.fields[f.field]?.kind;
  if (kind === 'relation') {
    const build = spec.relations?.[f.field];
    if (!build) throw new Error(`relation filter ${f.field} has no SQL`);
    if (f.rule === 'is') return build('is', f.value === 'not_null' ? 'not_null' : 'null');
    const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(Number);
    if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id))) {
      throw wrongParameters({ [`filters.${index}.value`]: { code: 'invalid' } });
    }
    return build('has', ids);
  }
  const column = columnOf(spec, f.field);
  const ref = sql.ref(column);
  switch (f.rule) {
    case 'is': {
      if (f.value === null || f.value === 'null') return sql<SqlBool>`${ref} is null`;
      if (f.value === 'not_null') return sql<SqlBool>`${ref} is not null`;
      const value = scalar(contract, { ...f, value: f.value }, index);
      return sql<SqlBool>`${ref} = ${value}`;
    }
    case 'begins_with':
      return likeOf(column, `${escapeLike(String(f.value ?? ''))}%`);
    case 'contains':
      return likeOf(column, `%${escapeLike(String(f.value ?? ''))}%`);
    case 'has':
      throw wrongParameters({ [`filters.${index}`]: { code: 'invalid' } });
    default: {
      const value = scalar(contract, f, index);
      if (value === null) {
        if (f.rule === 'equals') return sql<SqlBool>`${ref} is null`;
        if (f.rule === 'not_equals') return sql<SqlBool>`${ref} is not null`;
        throw wrongParameters({ [`filters.${index}.value`]: { code: 'invalid' } });
      }
      const op = sql.raw(COMPARISONS[f.rule]);
      const compared = contract.fields[f.field]?.kind === 'text' ? sql`lower(${ref})` : ref;
      const operand =
        typeof value === 'string' && contract.fields[f.field]?.kind === 'text' ? value.toLowerCase() : value;
      // not_equals keeps rows where the column is null: "not X" includes "nothing".
      if (f.rule === 'not_equals') return sql<SqlBool>`(${ref} is null or ${compared} ${op} ${operand})`;
      return sql<SqlBool>`${compared} ${op} ${operand}`;
    }
  }
}

function columnOf(spec: ListColumns, field: string): string {
  const column = spec.columns[field];
  if (!column) throw new Error(`field ${field} has no column`);
  return column;
}

/**
 * The WHERE condition of a list query: the search AND the filters combined by
 * `match`. Null when there is nothing to filter.
 */
export function whereOf(
  contract: EntityContract,
  spec: ListColumns,
  query: Pick<ListQuery, 'filters' | 'match'>,
  auth: Auth,
): Expression<SqlBool> | null {
  const list: ListContext = { auth, filters: query.filters };
  const search = query.filters.filter((f) => f.field === SEARCH_FIELD);
  const rest = query.filters.filter((f) => f.field !== SEARCH_FIELD);
  const parts: Expression<SqlBool>[] = search.map((f) =>
    filterCondition(contract, spec, f, query.filters.indexOf(f), contract.search, list),
  );
  if (rest.length > 0) {
    const conditions = rest.map((f) =>
      filterCondition(contract, spec, f, query.filters.indexOf(f), contract.search, list),
    );
    const joiner = query.match === 'match_any' ? sql` or ` : sql` and `;
    parts.push(sql<SqlBool>`(${sql.join(conditions, joiner)})`);
  }
  if (parts.length === 0) return null;
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * ORDER BY terms: the requested sort (or the contract's default), then the id for stable
 * pages, in the direction of the last term (one index walk serves both; keyset paging).
 */
export function orderOf(contract: EntityContract, spec: ListColumns, sort: readonly string[]): RawBuilder<unknown>[] {
  const requested = sort.length > 0 ? sort : contract.defaultSort;
  const terms = requested.map((s) => {
    const desc = s.startsWith('-');
    const ref = sql.ref(columnOf(spec, s.replace(/^-/, '')));
    return desc ? sql`${ref} desc` : sql`${ref} asc`;
  });
  const lastDesc = requested.at(-1)?.startsWith('-') ?? false;
  terms.push(lastDesc ? sql`${sql.ref(spec.idColumn)} desc` : sql`${sql.ref(spec.idColumn)} asc`);
  return terms;
}
