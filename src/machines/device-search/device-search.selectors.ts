import type { SnapshotFrom } from 'xstate';
import type { DeviceSearchMachine } from './device-search.machine';

type S = SnapshotFrom<DeviceSearchMachine>;

export const selectRange = (s: S) => ({ start_ip: s.context.start_ip, end_ip: s.context.end_ip });
export const selectRangeErrors = (s: S) => s.context.errors;
export const selectIsEditing = (s: S) => s.matches('editing');
export const selectIsSearching = (s: S) => s.matches('searching');
export const selectIsStarting = (s: S) => s.matches({ searching: 'starting' });
export const selectFound = (s: S) => s.context.found;
export const selectChosen = (s: S) => s.context.chosen;
export const selectGroup = (s: S) => s.context.domainId;
export const selectAddresses = (s: S) => s.context.addresses;
export const selectShowsResults = (s: S) => !s.matches('editing');
export const selectCanAdd = (s: S) => s.matches('results') && s.can({ type: 'add.submitted' });
export const selectIsAdding = (s: S) => s.matches('adding');
export const selectIsAdded = (s: S) => s.matches('added');
export const selectAdded = (s: S) => s.context.added;
