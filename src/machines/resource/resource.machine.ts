import { assign, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../session/session.types';

export interface ResourceContext<T> {
  data: T | null;
  error: CallFailure | null;
}

export type ResourceEvent = { type: 'resource.reload' };

/**
 * Loads one read-only resource (dashboard counts, terms page, …):
 * loading → loaded | failed, with reload from either end state.
 * The `fetch` actor is provided per use with `provide`.
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext<unknown>,
    events: {} as ResourceEvent,
  },
  actors: {
    fetch: fromPromise<unknown>(() => new Promise(() => {})),
  },
}).createMachine({
  id: 'resource',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetch',
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error as CallFailure }) },
      },
    },
    loaded: { on: { 'resource.reload': 'loading' } },
    failed: { on: { 'resource.reload': 'loading' } },
  },
});

export type ResourceMachine = typeof resourceMachine;
