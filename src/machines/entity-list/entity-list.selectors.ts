import type { SnapshotFrom } from 'xstate';
import type { EntityListMachine, ListRow } from './entity-list.machine';

type S = SnapshotFrom<EntityListMachine>;

/** Rows loaded so far (all pages of load more). */
export const selectListItems = (s: S): ListRow[] => s.context.items;
/** Rows matching the filter within the caller's scope (server count). */
export const selectListTotal = (s: S) => s.context.total;
/** The user's view of the list: what the URL mirrors. */
export const selectListQuery = (s: S) => s.context.query;
export const selectListFilters = (s: S) => s.context.query.filters;
export const selectListMatch = (s: S) => s.context.query.match;
/** The text in the search box (applied once typing pauses). */
export const selectSearchText = (s: S) => s.context.searchText;
export const selectIsListLoading = (s: S) => s.matches({ browsing: 'loading' });
/** The first load: nothing to show yet. */
export const selectIsFirstLoad = (s: S) => s.matches({ browsing: 'loading' }) && s.context.lastPage === 0;
export const selectIsListFailed = (s: S) => s.matches({ browsing: 'failed' });
export const selectListFailure = (s: S) => s.context.failure;
/** Loaded, and nothing matches. */
export const selectIsListEmpty = (s: S) =>
  !s.matches({ browsing: 'loading' }) && s.context.lastPage > 0 && s.context.total === 0;
export const selectHasMore = (s: S) => s.context.items.length < s.context.total;
export const selectIsLoadingMore = (s: S) => s.matches({ browsing: 'loadingMore' });
/** Whether the query narrows the list (filters or search): the empty state says "nothing matches". */
export const selectIsFiltered = (s: S) => s.context.query.filters.length > 0 || s.context.query.search.trim() !== '';

/** The current sort of a field, as aria-sort says it (the resource's default sort counts). */
export const selectSortOf =
  (field: string) =>
  (s: S): 'ascending' | 'descending' | 'none' => {
    const [first] = s.context.query.sort.length ? s.context.query.sort : s.context.defaultSort;
    if (first === field) return 'ascending';
    if (first === `-${field}`) return 'descending';
    return 'none';
  };

export const selectSelection = (s: S) => s.context.selection;
/** How many rows the selection covers (select-all counts every matching row). */
export const selectSelectedCount = (s: S) =>
  s.context.selection.kind === 'all' ? s.context.total : s.context.selection.ids.length;
export const selectIsAllMatchingSelected = (s: S) => s.context.selection.kind === 'all';
export const selectIsRowSelected = (id: number) => (s: S) =>
  s.context.selection.kind === 'all' || s.context.selection.ids.includes(id);
/** The header checkbox: every loaded row, some of them, or none. */
export const selectPageSelection = (s: S): 'all' | 'some' | 'none' => {
  const { selection, items } = s.context;
  if (selection.kind === 'all') return items.length ? 'all' : 'none';
  const picked = items.filter((i) => selection.ids.includes(i.id)).length;
  if (picked === 0) return 'none';
  return picked === items.length ? 'all' : 'some';
};
/** Offer "select all N matching" once every loaded row is ticked and more rows match. */
export const selectCanSelectAllMatching = (s: S) =>
  s.context.selection.kind === 'ids' &&
  s.context.items.length > 0 &&
  s.context.total > s.context.items.length &&
  s.context.items.every((i) => (s.context.selection as { ids: number[] }).ids.includes(i.id));

export const selectIsConfirmingDelete = (s: S) => s.matches('confirmingDelete');
export const selectIsDeleting = (s: S) => s.matches('deleting');
/** How many rows the open confirmation would delete. */
export const selectPendingDeleteCount = (s: S) => {
  const pending = s.context.pendingDelete;
  if (!pending) return 0;
  return pending.kind === 'all' ? s.context.total : pending.ids.length;
};
export const selectDeleteResult = (s: S) => s.context.deleteResult;
export const selectIsExporting = (s: S) => s.context.exporting;
