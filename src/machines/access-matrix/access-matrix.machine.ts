import { assign, cancel, fromPromise, raise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import {
  ACCESS_MATRIX_PAGE_SIZE,
  type AccessMatrixDoor,
  type AccessMatrixPage,
  type AccessMatrixRow,
  type AccessMatrixRule,
} from '../../contract/entities/access-matrix';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

/** The group the matrix is narrowed to (its users and those of the groups below it). */
export interface MatrixGroup {
  id: number;
  name: string;
}

/** What one page asks (GET /access-matrix/items). */
export interface MatrixPageRequest {
  page: number;
  size: number;
  domain_id?: number;
  search?: string;
}

/** What the download asks (GET /access-matrix/download): the filter, every user of it. */
export interface MatrixDownloadRequest {
  domain_id?: number;
  search?: string;
}

export interface AccessMatrixContext {
  group: MatrixGroup | null;
  /** The search as typed. */
  search: string;
  /** The search the rows are of (the typed one once typing pauses). */
  searched: string;
  /** The columns. */
  doors: AccessMatrixDoor[];
  /** Every rule the loaded cells name, by id. */
  rules: Record<number, AccessMatrixRule>;
  /** The users loaded so far, page after page. */
  rows: AccessMatrixRow[];
  /** Users of the filter in all. */
  total: number;
  /** Pages loaded. */
  page: number;
  size: number;
  failure: CallFailure | null;
  /** A download runs. */
  downloading: boolean;
}

export type AccessMatrixEvent =
  | { type: 'matrix.groupChanged'; group: MatrixGroup | null }
  | { type: 'matrix.searchChanged'; text: string }
  | { type: 'matrix.searchSettled' }
  | { type: 'matrix.moreRequested' }
  | { type: 'matrix.retry' }
  | { type: 'matrix.reload' }
  | { type: 'matrix.downloadRequested' };

type AlertParams = { kind: 'error'; code: string; params?: Record<string, string | number> };

const filterOf = (c: Pick<AccessMatrixContext, 'group' | 'searched'>): MatrixDownloadRequest => ({
  ...(c.group ? { domain_id: c.group.id } : {}),
  ...(c.searched.trim() ? { search: c.searched.trim() } : {}),
});

/**
 * /access-matrix (7.5): users down, doors across, loaded a page of users at a time as the grid
 * scrolls. loading (the first page of a filter) → ready; more requested near the end →
 * loadingMore → ready (rows appended), or moreFailed (what is loaded stays; retry). A new group
 * or a search (once typing pauses) starts over; so does a reload. The download of the whole
 * filter runs beside (a child, `downloading`), its failure an alert.
 */
export const accessMatrixMachine = setup({
  types: {
    context: {} as AccessMatrixContext,
    events: {} as AccessMatrixEvent,
    input: {} as { size?: number },
  },
  actors: {
    fetchPage: fromPromise<AccessMatrixPage, MatrixPageRequest>(() => new Promise(() => {})),
    downloadMatrix: fromPromise<unknown, MatrixDownloadRequest>(() => new Promise(() => {})),
  },
  delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  guards: {
    hasMore: ({ context }) => context.rows.length < context.total,
    isSearchNew: ({ context }) => context.search.trim() !== context.searched.trim(),
    isIdle: ({ context }) => !context.downloading,
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setGroup: assign((_, params: { group: MatrixGroup | null }) => ({ group: params.group })),
    setSearch: assign((_, params: { text: string }) => ({ search: params.text })),
    applySearch: assign(({ context }) => ({ searched: context.search })),
    scheduleSearch: raise({ type: 'matrix.searchSettled' }, { id: 'searchDebounce', delay: 'searchDebounce' }),
    cancelSearch: cancel('searchDebounce'),
    /** A first page: it replaces everything shown. */
    takeFirst: assign((_, params: { answer: AccessMatrixPage }) => ({
      doors: params.answer.data.doors,
      rules: Object.fromEntries(params.answer.data.rules.map((r) => [r.id, r])),
      rows: params.answer.data.items,
      total: params.answer.meta.total,
      page: params.answer.meta.page,
      failure: null,
    })),
    /** A further page: its rows after the others (a user already shown, moved by a change meanwhile, once). */
    takeMore: assign(({ context }, params: { answer: AccessMatrixPage }) => {
      const known = new Set(context.rows.map((r) => r.id));
      return {
        doors: params.answer.data.doors,
        rules: { ...context.rules, ...Object.fromEntries(params.answer.data.rules.map((r) => [r.id, r])) },
        rows: [...context.rows, ...params.answer.data.items.filter((r) => !known.has(r.id))],
        total: params.answer.meta.total,
        page: params.answer.meta.page,
        failure: null,
      };
    }),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
    startDownload: spawnChild('downloadMatrix', { id: 'download', input: ({ context }) => filterOf(context) }),
    markDownloading: assign({ downloading: true }),
    /** The download ended: its child goes (a settled spawned child is not removed by itself). */
    endDownload: stopChild('download'),
    markDownloaded: assign({ downloading: false }),
  },
}).createMachine({
  id: 'accessMatrix',
  context: ({ input }) => ({
    group: null,
    search: '',
    searched: '',
    doors: [],
    rules: {},
    rows: [],
    total: 0,
    page: 0,
    size: input.size ?? ACCESS_MATRIX_PAGE_SIZE,
    failure: null,
    downloading: false,
  }),
  initial: 'loading',
  on: {
    'matrix.groupChanged': {
      target: '.loading',
      reenter: true,
      actions: [
        'cancelSearch',
        'applySearch',
        'clearFailure',
        { type: 'setGroup', params: ({ event }) => ({ group: event.group }) },
      ],
    },
    'matrix.searchChanged': {
      actions: [{ type: 'setSearch', params: ({ event }) => ({ text: event.text }) }, 'cancelSearch', 'scheduleSearch'],
    },
    'matrix.searchSettled': {
      guard: 'isSearchNew',
      target: '.loading',
      reenter: true,
      actions: ['applySearch', 'clearFailure'],
    },
    'matrix.reload': { target: '.loading', reenter: true, actions: ['cancelSearch', 'applySearch', 'clearFailure'] },
    'matrix.downloadRequested': { guard: 'isIdle', actions: ['startDownload', 'markDownloading'] },
    'xstate.done.actor.download': { actions: ['endDownload', 'markDownloaded'] },
    'xstate.error.actor.download': {
      actions: [
        'markDownloaded',
        { type: 'alert', params: ({ event }: { event: { error?: unknown } }) => failureAlert(event.error) },
      ],
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ page: 1, size: context.size, ...filterOf(context) }),
        onDone: { target: 'ready', actions: { type: 'takeFirst', params: ({ event }) => ({ answer: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    failed: { on: { 'matrix.retry': { target: 'loading', actions: 'clearFailure' } } },
    ready: { on: { 'matrix.moreRequested': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      invoke: {
        id: 'fetchMore',
        src: 'fetchPage',
        input: ({ context }) => ({ page: context.page + 1, size: context.size, ...filterOf(context) }),
        onDone: { target: 'ready', actions: { type: 'takeMore', params: ({ event }) => ({ answer: event.output }) } },
        onError: {
          target: 'moreFailed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    moreFailed: { on: { 'matrix.retry': { target: 'loadingMore', actions: 'clearFailure' } } },
  },
});

export type AccessMatrixMachine = typeof accessMatrixMachine;
