import * as v from 'valibot';
import { SEARCH_FIELD } from '../../contract/entity';
import {
  type DeleteAll,
  type Filter,
  FilterSchema,
  LIST_PAGE_SIZE,
  type ListQueryInput,
  MATCH_MODES,
  type MatchMode,
} from '../../contract/filters';

/**
 * The part of a list the user chose: what the view mirrors in the URL so a
 * filtered view can be shared and survives a reload. Plain data only.
 */
export interface ListState {
  page: number;
  size: number;
  /** One entry (single-column sort); a leading `-` sorts descending. Empty = the resource's default. */
  sort: string[];
  filters: Filter[];
  match: MatchMode;
  /** Name search (the `search` pseudo-field, contains). */
  search: string;
}

/** Which rows a bulk action applies to: listed ids, or every row matching the current filter. */
export type Selection = { kind: 'ids'; ids: number[] } | { kind: 'all' };

export const NO_SELECTION: Selection = { kind: 'ids', ids: [] };

export const defaultListState = (size = LIST_PAGE_SIZE): ListState => ({
  page: 1,
  size,
  sort: [],
  filters: [],
  match: 'match_all',
  search: '',
});

/** The filters sent to the server: fixed ones, the user's, and the name search (always AND-ed). */
export function effectiveFilters(state: ListState, baseFilters: readonly Filter[] = []): Filter[] {
  const search = state.search.trim();
  return [
    ...baseFilters,
    ...state.filters,
    ...(search ? [{ field: SEARCH_FIELD, rule: 'contains' as const, value: search }] : []),
  ];
}

/** The list call for one page of the state. */
export function listRequest(
  state: ListState,
  options: {
    page?: number;
    baseFilters?: readonly Filter[];
    with?: readonly string[];
    defaultSort?: readonly string[];
  },
): ListQueryInput {
  return {
    page: options.page ?? state.page,
    size: state.size,
    sort: state.sort.length ? state.sort : [...(options.defaultSort ?? [])],
    filters: effectiveFilters(state, options.baseFilters),
    match: state.match,
    with: [...(options.with ?? [])],
  };
}

/** The body of POST delete-all for a selection (select-all uses the filter, server side). */
export function deleteAllBody(selection: Selection, state: ListState, baseFilters: readonly Filter[] = []): DeleteAll {
  if (selection.kind === 'ids') return { items: selection.ids };
  return { all: true, filters: effectiveFilters(state, baseFilters), match: state.match };
}

/** Next sort when a column header is clicked: ascending → descending → default. */
export function toggledSort(current: readonly string[], field: string): string[] {
  const [first] = current;
  if (first === field) return [`-${field}`];
  if (first === `-${field}`) return [];
  return [field];
}

/** URL search parameters of a list state; defaults are left out so URLs stay short. */
export function listStateToSearch(state: ListState, defaults: ListState = defaultListState()): Record<string, string> {
  const out: Record<string, string> = {};
  if (state.page !== 1) out.page = String(state.page);
  if (state.size !== defaults.size) out.size = String(state.size);
  if (state.sort.length) out.sort = state.sort.join(',');
  if (state.filters.length) out.filters = JSON.stringify(state.filters);
  if (state.match !== 'match_all') out.match = state.match;
  if (state.search.trim()) out.q = state.search.trim();
  return out;
}

const FiltersSchema = v.array(FilterSchema);

/**
 * Restores a list state from URL search parameters. Anything malformed (a
 * hand-edited or stale link) falls back to the default of that part, never throws.
 */
export function searchToListState(
  params: URLSearchParams | Record<string, string | undefined>,
  defaults: ListState = defaultListState(),
): ListState {
  const get = (key: string) => (params instanceof URLSearchParams ? params.get(key) : params[key]) ?? undefined;
  const positive = (raw: string | undefined, fallback: number) => {
    const n = Number(raw);
    return raw !== undefined && Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  let filters = defaults.filters;
  const rawFilters = get('filters');
  if (rawFilters) {
    try {
      const parsed = v.safeParse(FiltersSchema, JSON.parse(rawFilters));
      if (parsed.success) filters = parsed.output;
    } catch {
      // A broken link shows the unfiltered list.
    }
  }
  const match = get('match');
  const sort = get('sort');
  return {
    page: positive(get('page'), defaults.page),
    size: positive(get('size'), defaults.size),
    sort: sort ? sort.split(',').filter((s) => /^-?[a-z_][a-z0-9_.]*$/.test(s)) : defaults.sort,
    filters,
    match: (MATCH_MODES as readonly string[]).includes(match ?? '') ? (match as MatchMode) : defaults.match,
    search: get('q') ?? defaults.search,
  };
}

/** Two list states are the same view (used to avoid URL ↔ state loops). */
export const sameListState = (a: ListState, b: ListState) =>
  JSON.stringify(listStateToSearch(a)) === JSON.stringify(listStateToSearch(b));
