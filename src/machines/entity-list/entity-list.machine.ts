import { assign, cancel, fromCallback, fromPromise, raise, sendTo, setup, spawnChild } from 'xstate';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import type { DeleteAll, ListQueryInput } from '../../contract/filters';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';
import {
  defaultListState,
  deleteAllBody,
  type ListState,
  listRequest,
  NO_SELECTION,
  type Selection,
  toggledSort,
} from './entity-list.query';
import { togglePage, toggleRow } from './entity-list.selection';
import type {
  DeleteResult,
  EntityListContext,
  EntityListEvent,
  EntityListInput,
  ListPageAnswer,
  ListRow,
} from './entity-list.types';

const failureOf = (error: unknown) => error as CallFailure;

export type { DeleteResult, EntityListContext, EntityListEvent, EntityListInput, ListPageAnswer, ListRow };

export type AlertParams = { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> };

/**
 * Any resource list (ARCHITECTURE: the generic `entityList`): load a page,
 * sort, filter, name search (debounced, contains), load more (appending),
 * select rows / the page / everything matching the filter (server side), bulk
 * delete behind a confirmation, refresh, export the current filter.
 * Query changes restart the load and clear the selection. Changes made
 * elsewhere (the `changes` effect) refresh the page in place, or patch one
 * shown row (`list.rowPatched`, a live status) without a reload.
 */
export const entityListMachine = setup({
  types: {
    context: {} as EntityListContext,
    events: {} as EntityListEvent,
    input: {} as EntityListInput,
  },
  actors: {
    fetchPage: fromPromise<ListPageAnswer, ListQueryInput>(() => new Promise(() => {})),
    deleteItems: fromPromise<DeleteResult, DeleteAll>(() => new Promise(() => {})),
    /** Downloads the current filter as a file (the service saves it). */
    exportFile: fromPromise<void, ListQueryInput>(() => new Promise(() => {})),
    /**
     * Hears changes of the resource made elsewhere (realtime) and sends `list.refresh`.
     * Most resources have none; a service gives one where the server pushes changes.
     */
    changes: fromCallback<EntityListEvent>(() => undefined),
  },
  delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setQuery: assign(({ context }, params: { query: Partial<ListState> }) => ({
      query: { ...context.query, page: 1, ...params.query },
      selection: NO_SELECTION,
    })),
    /** The URL changed under the list: take its view whole, search box included. */
    restoreQuery: assign((_, params: { query: ListState }) => ({
      query: params.query,
      searchText: params.query.search,
      selection: NO_SELECTION,
    })),
    setSearchText: assign((_, params: { text: string }) => ({ searchText: params.text })),
    scheduleSearch: raise({ type: 'list.searchSettled' }, { id: 'searchDebounce', delay: 'searchDebounce' }),
    cancelSearch: cancel('searchDebounce'),
    showPage: assign((_, params: { answer: ListPageAnswer }) => ({
      items: params.answer.data,
      total: params.answer.meta.total,
      lastPage: params.answer.meta.page,
      next: params.answer.meta.next ?? null,
      failure: null,
    })),
    /**
     * Rows that moved between pages since the first load are not shown twice. Rows deleted
     * elsewhere meanwhile make the server count fewer than are shown: the total never drops below them.
     */
    appendPage: assign(({ context }, params: { answer: ListPageAnswer }) => {
      const seen = new Set(context.items.map((row) => row.id));
      const items = [...context.items, ...params.answer.data.filter((row) => !seen.has(row.id))];
      return {
        items,
        total: Math.max(params.answer.meta.total, items.length),
        lastPage: params.answer.meta.page,
        next: params.answer.meta.next ?? null,
      };
    }),
    patchRow: assign(({ context }, params: { id: number; patch: Record<string, unknown> }) => ({
      items: context.items.map((row) => (row.id === params.id ? { ...row, ...params.patch, id: row.id } : row)),
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    toggleRow: assign(({ context }, params: { id: number }) => ({ selection: toggleRow(context, params.id) })),
    togglePage: assign(({ context }) => ({ selection: togglePage(context) })),
    selectAllMatching: assign({ selection: { kind: 'all' } }),
    clearSelection: assign({ selection: NO_SELECTION }),
    askDelete: assign((_, params: { pending: Selection }) => ({ pendingDelete: params.pending })),
    forgetDelete: assign({ pendingDelete: null }),
    setDeleted: assign((_, params: { result: DeleteResult }) => ({
      deleteResult: params.result,
      selection: NO_SELECTION,
      pendingDelete: null,
    })),
    dismissDeleteResult: assign({ deleteResult: null }),
    startExport: spawnChild('exportFile', {
      id: 'exportFile',
      input: ({ context }) => listRequest(context.query, { ...context, page: 1 }),
    }),
    setExporting: assign((_, params: { exporting: boolean }) => ({ exporting: params.exporting })),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.total,
    hasSelection: ({ context }) => context.selection.kind === 'all' || context.selection.ids.length > 0,
    isSearchChanged: ({ context }) => context.searchText.trim() !== context.query.search.trim(),
    isIdle: ({ context }) => !context.exporting,
    hasRequestedIds: (_, params: { ids: number[] | undefined }) => (params.ids?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'entityList',
  context: ({ input }) => {
    const query = { ...defaultListState(), ...input.query };
    return {
      query,
      searchText: query.search,
      baseFilters: input.baseFilters ?? [],
      with: input.with ?? [],
      defaultSort: input.defaultSort ?? [],
      items: [],
      total: 0,
      lastPage: 0,
      selection: NO_SELECTION,
      pendingDelete: null,
      deleteResult: null,
      failure: null,
      exporting: false,
    };
  },
  initial: 'browsing',
  invoke: { id: 'changes', src: 'changes' },
  on: {
    'list.rowPatched': {
      actions: { type: 'patchRow', params: ({ event }) => ({ id: event.id, patch: event.patch }) },
    },
    'list.searchChanged': {
      actions: [
        'cancelSearch',
        { type: 'setSearchText', params: ({ event }) => ({ text: event.text }) },
        'scheduleSearch',
      ],
    },
    'list.exportRequested': {
      guard: 'isIdle',
      actions: ['startExport', { type: 'setExporting', params: { exporting: true } }],
    },
    'xstate.done.actor.exportFile': { actions: { type: 'setExporting', params: { exporting: false } } },
    'xstate.error.actor.exportFile': {
      actions: [
        { type: 'setExporting', params: { exporting: false } },
        // A spawned child's error event is not in the event union: read it as what it is.
        { type: 'alert', params: ({ event }: { event: { error?: unknown } }) => failureAlert(event.error) },
      ],
    },
  },
  states: {
    /** Showing the list; every change of the query restarts the load from page 1. */
    browsing: {
      initial: 'loading',
      on: {
        'list.refresh': '.loading',
        'list.searchSettled': {
          guard: 'isSearchChanged',
          target: '.loading',
          actions: { type: 'setQuery', params: ({ context }) => ({ query: { search: context.searchText.trim() } }) },
        },
        'list.pageChanged': {
          target: '.loading',
          actions: { type: 'setQuery', params: ({ event }) => ({ query: { page: event.page } }) },
        },
        'list.sortToggled': {
          target: '.loading',
          actions: {
            type: 'setQuery',
            params: ({ context, event }) => ({
              query: {
                sort: toggledSort(context.query.sort.length ? context.query.sort : context.defaultSort, event.field),
              },
            }),
          },
        },
        'list.filtersChanged': {
          target: '.loading',
          actions: {
            type: 'setQuery',
            params: ({ context, event }) => ({
              query: { filters: event.filters, match: event.match ?? context.query.match },
            }),
          },
        },
        'list.deleteResultDismissed': { actions: 'dismissDeleteResult' },
        'list.filtersCleared': {
          target: '.loading',
          actions: [
            'cancelSearch',
            { type: 'setQuery', params: { query: { filters: [], search: '' } } },
            { type: 'setSearchText', params: { text: '' } },
          ],
        },
        'list.queryRestored': {
          target: '.loading',
          actions: ['cancelSearch', { type: 'restoreQuery', params: ({ event }) => ({ query: event.query }) }],
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => listRequest(context.query, context),
            onDone: {
              target: 'ready',
              actions: { type: 'showPage', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
            },
          },
        },
        ready: {
          on: {
            'list.loadMore': { guard: 'hasMore', target: 'loadingMore' },
            'list.rowToggled': { actions: { type: 'toggleRow', params: ({ event }) => ({ id: event.id }) } },
            'list.pageSelectionToggled': { actions: 'togglePage' },
            'list.allMatchingSelected': { actions: 'selectAllMatching' },
            'list.selectionCleared': { actions: 'clearSelection' },
            'list.deleteRequested': [
              {
                guard: { type: 'hasRequestedIds', params: ({ event }) => ({ ids: event.ids }) },
                target: '#entityList.confirmingDelete',
                actions: {
                  type: 'askDelete',
                  params: ({ event }) => ({ pending: { kind: 'ids' as const, ids: event.ids ?? [] } }),
                },
              },
              {
                guard: 'hasSelection',
                target: '#entityList.confirmingDelete',
                actions: { type: 'askDelete', params: ({ context }) => ({ pending: context.selection }) },
              },
            ],
          },
        },
        loadingMore: {
          invoke: {
            id: 'fetchMore',
            src: 'fetchPage',
            // The cursor of the page after (when the server gave one) spares it skipping the rows before.
            input: ({ context }) => ({
              ...listRequest(context.query, { ...context, page: context.lastPage + 1 }),
              ...(context.next ? { after: context.next } : {}),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'appendPage', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: { target: 'ready', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
          },
        },
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    confirmingDelete: {
      on: {
        'list.deleteConfirmed': 'deleting',
        'list.deleteCancelled': { target: 'browsing.ready', actions: 'forgetDelete' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteItems',
        src: 'deleteItems',
        input: ({ context }) =>
          deleteAllBody(context.pendingDelete ?? NO_SELECTION, context.query, context.baseFilters),
        onDone: {
          target: 'browsing.loading',
          actions: [
            { type: 'setDeleted', params: ({ event }) => ({ result: event.output }) },
            {
              type: 'alert',
              params: ({ event }) => ({
                kind: 'success',
                code: 'lists:deleted',
                params: { count: event.output.deleted },
              }),
            },
          ],
        },
        onError: {
          target: 'browsing.ready',
          actions: ['forgetDelete', { type: 'alert', params: ({ event }) => failureAlert(event.error) }],
        },
      },
    },
  },
});

export type EntityListMachine = typeof entityListMachine;
