import type { SnapshotFrom } from 'xstate';
import type { GroupDeleteMachine } from './group-delete.machine';

type S = SnapshotFrom<GroupDeleteMachine>;

/** The group of the open confirmation (or the running call); null when nothing is asked. */
export const selectDeleteTarget = (s: S) => s.context.group;
/** The confirmation is shown (also while the call runs, with a busy button). */
export const selectIsConfirmingDelete = (s: S) => s.matches('confirming') || s.matches('deleting');
export const selectIsDeleting = (s: S) => s.matches('deleting');
/** Why the server refused the last try. */
export const selectDeleteFailure = (s: S) => s.context.failure;
