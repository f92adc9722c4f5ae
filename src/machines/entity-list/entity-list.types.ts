import type { Filter, MatchMode } from '../../contract/filters';
import type { CallFailure } from '../session/session.types';
import type { ListState, Selection } from './entity-list.query';

/** A row of any resource list: the machinery only needs its id. */
export interface ListRow {
  id: number;
  [field: string]: unknown;
}

/** What delete-all answered; roles add the ones kept because users still hold them (gently, 7.3). */
export interface DeleteResult {
  deleted: number;
  /** Rows that were not deleted because something still uses them. */
  dependencies?: Array<{ id: number; name: string; users_count: number }>;
}

/** One page as the `items` call answers it. */
export interface ListPageAnswer {
  data: ListRow[];
  meta: { page: number; size: number; total: number; next?: string | null };
}

export interface EntityListContext {
  /** The user's view of the list (mirrored in the URL). */
  query: ListState;
  /** What is typed in the search box; it becomes `query.search` once typing pauses. */
  searchText: string;
  /** Fixed filters of this list (a scoped list), not shown and not in the URL. */
  baseFilters: Filter[];
  with: string[];
  defaultSort: string[];
  items: ListRow[];
  total: number;
  /** The last page loaded: load more asks for the next one and appends it. */
  lastPage: number;
  /** The server's cursor of the page after the last one loaded (keyset paging): load more passes it as `after`. */
  next?: string | null;
  selection: Selection;
  /** What the open confirmation would delete. */
  pendingDelete: Selection | null;
  deleteResult: DeleteResult | null;
  failure: CallFailure | null;
  exporting: boolean;
}

export interface EntityListInput {
  query?: Partial<ListState>;
  baseFilters?: Filter[];
  with?: string[];
  defaultSort?: string[];
}

export type EntityListEvent =
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  | { type: 'list.pageChanged'; page: number }
  | { type: 'list.loadMore' }
  | { type: 'list.sortToggled'; field: string }
  | { type: 'list.filtersChanged'; filters: Filter[]; match?: MatchMode }
  /** Clears every filter and the search (the empty state's way out). */
  | { type: 'list.filtersCleared' }
  | { type: 'list.searchChanged'; text: string }
  /** Raised by the machine itself once typing pauses. */
  | { type: 'list.searchSettled' }
  /** The URL changed under the list (back/forward, a shared link opened in place). */
  | { type: 'list.queryRestored'; query: ListState }
  | { type: 'list.rowToggled'; id: number }
  | { type: 'list.pageSelectionToggled' }
  | { type: 'list.allMatchingSelected' }
  | { type: 'list.selectionCleared' }
  /** Delete the selection, or the given rows (a row's own delete action). */
  | { type: 'list.deleteRequested'; ids?: number[] }
  | { type: 'list.deleteConfirmed' }
  | { type: 'list.deleteCancelled' }
  | { type: 'list.deleteResultDismissed' }
  | { type: 'list.exportRequested' }
  /**
   * A change the server pushed about one row (a device's live status): merged into the row
   * in place if it is shown, without a reload; a row not shown is ignored.
   */
  | { type: 'list.rowPatched'; id: number; patch: Record<string, unknown> };
