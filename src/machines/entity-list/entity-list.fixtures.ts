import type { SnapshotFrom } from 'xstate';
import { type EntityListContext, type EntityListMachine, entityListMachine, type ListRow } from './entity-list.machine';
import { defaultListState, NO_SELECTION } from './entity-list.query';

/** Sample rows of a generic list (stories of the kit views; entity pages bring their own). */
export const sampleRows: ListRow[] = [
  { id: 1, name: 'Alex Admin', email: 'admin@riverside.example', role: 'admin' },
  { id: 2, name: 'Sam Staff', email: 'staff@riverside.example', role: 'staff' },
  { id: 3, name: 'Chris Concierge', email: 'concierge@riverside.example', role: 'concierge' },
  { id: 4, name: 'Rita Resident', email: 'resident@riverside.example', role: 'resident' },
];

export const baseListContext: EntityListContext = {
  query: defaultListState(),
  searchText: '',
  baseFilters: [],
  with: [],
  defaultSort: ['name'],
  items: [],
  total: 0,
  lastPage: 0,
  selection: NO_SELECTION,
  pendingDelete: null,
  deleteResult: null,
  failure: null,
  exporting: false,
};

type Value = SnapshotFrom<EntityListMachine>['value'];

/**
 * A list snapshot in a state with the given context: entity pages build their
 * own fixtures with it (their rows, columns and filters).
 */
export function entityListSnapshot(value: Value, context: Partial<EntityListContext> = {}) {
  return entityListMachine.resolveState({ value, context: { ...baseListContext, ...context } });
}

/**
 * A list page's two usual snapshots over its sample rows (one page of them, newest or first by
 * `defaultSort`): `ready` shows them, `empty` shows a list with nothing in it.
 */
export function listPageSnapshots(items: readonly object[], defaultSort: string[]) {
  return {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: items as ListRow[], total: items.length, lastPage: 1, defaultSort },
    ),
    empty: entityListSnapshot({ browsing: 'ready' }, { lastPage: 1, defaultSort, query: defaultListState() }),
  };
}

const loaded = { items: sampleRows, total: 24, lastPage: 1 };

/** One snapshot per reachable state, plus the variants the views show differently. */
export const entityListFixtures = {
  loading: entityListSnapshot({ browsing: 'loading' }),
  ready: entityListSnapshot({ browsing: 'ready' }, loaded),
  /** Loaded, nothing matches the search. */
  empty: entityListSnapshot(
    { browsing: 'ready' },
    { query: { ...defaultListState(), search: 'zz' }, searchText: 'zz', lastPage: 1 },
  ),
  /** Reloading with rows on screen (a sort or filter change). */
  refreshing: entityListSnapshot(
    { browsing: 'loading' },
    { ...loaded, query: { ...defaultListState(), sort: ['-name'] } },
  ),
  filtered: entityListSnapshot(
    { browsing: 'ready' },
    {
      ...loaded,
      total: 4,
      query: { ...defaultListState(), filters: [{ field: 'role', rule: 'has', value: [1] }] },
    },
  ),
  pageSelected: entityListSnapshot({ browsing: 'ready' }, { ...loaded, selection: { kind: 'ids', ids: [1, 2, 3, 4] } }),
  allMatchingSelected: entityListSnapshot({ browsing: 'ready' }, { ...loaded, selection: { kind: 'all' } }),
  exporting: entityListSnapshot({ browsing: 'ready' }, { ...loaded, exporting: true }),
  loadingMore: entityListSnapshot({ browsing: 'loadingMore' }, loaded),
  failed: entityListSnapshot(
    { browsing: 'failed' },
    { failure: { code: 'internal server error', status: 500 }, lastPage: 0 },
  ),
  confirmingDelete: entityListSnapshot('confirmingDelete', {
    ...loaded,
    selection: { kind: 'ids', ids: [2, 3] },
    pendingDelete: { kind: 'ids', ids: [2, 3] },
  }),
  deleting: entityListSnapshot('deleting', {
    ...loaded,
    selection: { kind: 'all' },
    pendingDelete: { kind: 'all' },
  }),
};
