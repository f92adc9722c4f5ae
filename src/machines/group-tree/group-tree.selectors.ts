import type { SnapshotFrom } from 'xstate';
import type { GroupTreeMachine } from './group-tree.machine';
import { type TreeRow, visibleRows } from './group-tree.model';

type S = SnapshotFrom<GroupTreeMachine>;

/** The rows on screen: the search answer while searching, else the browsing forest. */
export function selectRows(s: S): TreeRow[] {
  const { context } = s;
  const browse = context.browse ?? { roots: [], children: {} };
  return visibleRows({
    nodes: context.nodes,
    forest: context.found ?? browse,
    loaded: browse.children,
    expanded: context.found ? context.foundExpanded : context.expanded,
    pending: context.pending,
    matches: context.found?.matches ?? [],
  });
}
export const selectSearchText = (s: S) => s.context.searchText;
export const selectIsSearching = (s: S) => s.context.found !== null;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectFailure = (s: S) => (s.matches('failed') ? s.context.failure : null);
/** A call runs for the whole tree (search, expand all, refresh): the tree says it is busy. */
export const selectIsBusy = (s: S) =>
  s.matches({ ready: 'searching' }) || s.matches({ ready: 'expandingAll' }) || s.matches({ ready: 'refreshing' });
export const selectIsExpandingAll = (s: S) => s.matches({ ready: 'expandingAll' });
