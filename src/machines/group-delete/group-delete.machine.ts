import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { CallFailure } from '../session/session.types';

/** The group a delete asks about: its name for the confirmation, its parent for the refresh. */
export interface DeleteTarget {
  id: number;
  name: string;
  parentId: number | null;
}

export interface GroupDeleteContext {
  /** The group of the open confirmation (or of the running call); null when idle. */
  group: DeleteTarget | null;
  /** The server's refusal of the last try (409 users must be moved, ...), shown in the confirmation. */
  failure: CallFailure | null;
}

export type GroupDeleteEvent =
  /** A row's Delete: the confirmation opens first. */
  { type: 'delete.requested'; group: DeleteTarget } | { type: 'delete.confirmed' } | { type: 'delete.cancelled' };

type AlertParams = { kind: 'success'; code: string; params: { name: string } };

/**
 * Deleting one group of /groups with its subgroups (the server deletes the
 * subtree, or refuses while users would be left without a group). idle →
 * confirming → deleting → idle with a success alert and the `deleted` effect
 * (the page refreshes the tree, the parent kept open); a refusal goes back to
 * the confirmation with the server's message, nothing deleted.
 */
export const groupDeleteMachine = setup({
  types: { context: {} as GroupDeleteContext, events: {} as GroupDeleteEvent },
  actors: {
    remove: fromPromise<unknown, { id: number }>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    /** The group went: whoever shows the tree reloads it (the page provides this). */
    deleted: (_, _params: DeleteTarget) => {},
    setGroup: assign((_, params: { group: DeleteTarget }) => ({ group: params.group, failure: null })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    forget: assign({ group: null, failure: null }),
  },
}).createMachine({
  id: 'groupDelete',
  context: { group: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delete.requested': {
          target: 'confirming',
          actions: { type: 'setGroup', params: ({ event }) => ({ group: event.group }) },
        },
      },
    },
    /** The confirmation names the group (and a refusal of the last try, if any). */
    confirming: {
      on: {
        'delete.confirmed': { target: 'deleting', actions: 'clearFailure' },
        'delete.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      invoke: {
        id: 'remove',
        src: 'remove',
        // Only `confirming` leads here, and it always holds a group.
        input: ({ context }) => ({ id: (context.group as DeleteTarget).id }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'alert',
              params: ({ context }) => ({
                kind: 'success' as const,
                code: 'groups:delete.done',
                params: { name: (context.group as DeleteTarget).name },
              }),
            },
            { type: 'deleted', params: ({ context }) => context.group as DeleteTarget },
            'forget',
          ],
        },
        onError: {
          target: 'confirming',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
  },
});

export type GroupDeleteMachine = typeof groupDeleteMachine;
