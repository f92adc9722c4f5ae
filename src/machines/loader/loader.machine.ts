import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CallFailure } from '../session/session.types';

export interface LoaderContext<T> {
  data: T | null;
  error: CallFailure | null;
}

export type LoaderEvent = { type: 'loader.reload' };

/**
 * Loads one read-only value (dashboard counts, terms page, …):
 * loading → loaded | failed, with reload from either end state. A reload
 * while loading starts the load again (what is in flight may predate the
 * change). The `fetch` actor is provided per use with `provide`; so is
 * `changes`, where the value changes elsewhere and the server says so.
 */
export const loaderMachine = setup({
  types: {
    context: {} as LoaderContext<unknown>,
    events: {} as LoaderEvent,
  },
  actors: {
    fetch: fromPromise<unknown>(() => new Promise(() => {})),
    /**
     * Hears changes of the value made elsewhere (realtime) and sends `loader.reload`.
     * Most values have none; a service gives one where the server pushes changes.
     */
    changes: fromCallback<LoaderEvent>(() => undefined),
  },
  actions: {
    /** The value arrived: keep it and forget the last failure. */
    setData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
    setError: assign((_, params: { error: CallFailure }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'loader',
  context: { data: null, error: null },
  initial: 'loading',
  invoke: { id: 'changes', src: 'changes' },
  states: {
    loading: {
      on: { 'loader.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'fetch',
        src: 'fetch',
        onDone: { target: 'loaded', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error as CallFailure }) },
        },
      },
    },
    loaded: { on: { 'loader.reload': 'loading' } },
    failed: { on: { 'loader.reload': 'loading' } },
  },
});

export type LoaderMachine = typeof loaderMachine;
