import type { SnapshotFrom } from 'xstate';
import type { InterceptionMachine } from './interception.machine';

type S = SnapshotFrom<InterceptionMachine>;

export const selectInterceptionLoading = (s: S) => s.matches('loading');
export const selectInterceptionFailed = (s: S) => s.matches('failed');
export const selectInterceptionFailure = (s: S) => s.context.failure;
/** Interception is on (or being turned off). */
export const selectIsIntercepting = (s: S) => s.hasTag('intercepting');
/** A start or stop request is in flight. */
export const selectInterceptionSaving = (s: S) => s.hasTag('saving');
export const selectGroupOptions = (s: S) => s.context.options;
export const selectSelectedGroups = (s: S) => s.context.selected;
/** Groups can be toggled only while interception is off (4). */
export const selectGroupsLocked = (s: S) => !s.matches('inactive');
