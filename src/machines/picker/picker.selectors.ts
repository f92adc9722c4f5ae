import type { SnapshotFrom } from 'xstate';
import type { PickerMachine } from './picker.machine';

type S = SnapshotFrom<PickerMachine>;

export const selectPickerItems = (s: S) => s.context.items;
export const selectPickerTotal = (s: S) => s.context.total;
export const selectPickerSearchText = (s: S) => s.context.searchText;
export const selectPickerSelected = (s: S) => s.context.selected;
export const selectIsPickerMultiple = (s: S) => s.context.multiple;
export const selectIsPickerLoading = (s: S) => s.matches({ open: 'loading' });
export const selectIsPickerLoadingMore = (s: S) => s.matches({ open: 'loadingMore' });
export const selectIsPickerFailed = (s: S) => s.matches({ open: 'failed' });
export const selectPickerFailure = (s: S) => s.context.failure;
export const selectPickerHasMore = (s: S) => s.context.items.length < s.context.total;
/** Loaded and nothing matches (the search, or an empty resource). */
export const selectIsPickerEmpty = (s: S) => s.matches({ open: 'ready' }) && s.context.items.length === 0;
export const selectIsPicked = (id: number) => (s: S) => s.context.selected.some((row) => row.id === id);
export const selectIsPickerClosed = (s: S) => s.hasTag('closed');
