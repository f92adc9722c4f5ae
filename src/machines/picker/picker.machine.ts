import { assign, cancel, fromPromise, raise, sendTo, setup } from 'xstate';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { SEARCH_FIELD } from '../../contract/entity';
import { type Filter, LIST_PAGE_SIZE, type ListQueryInput } from '../../contract/filters';
import { failureAlert } from '../alerts/failure-alert';
import type { ListPageAnswer, ListRow } from '../entity-list/entity-list.machine';
import type { CallFailure } from '../session/session.types';

export interface PickerContext {
  /** Choose several (checkboxes) or one (radio). */
  multiple: boolean;
  /** Fixed filters of this picker (e.g. group admins: limit_by_domain_id). */
  baseFilters: Filter[];
  sort: string[];
  size: number;
  searchText: string;
  /** The search the loaded rows answer. */
  search: string;
  items: ListRow[];
  total: number;
  lastPage: number;
  /** Chosen rows, whole, so chips can name them even when they are not loaded. */
  selected: ListRow[];
  failure: CallFailure | null;
}

export interface PickerInput {
  multiple?: boolean;
  baseFilters?: Filter[];
  sort?: string[];
  size?: number;
  /** What the field already holds. */
  selected?: ListRow[];
}

export type PickerEvent =
  | { type: 'picker.searchChanged'; text: string }
  /** Raised by the machine once typing pauses. */
  | { type: 'picker.searchSettled' }
  | { type: 'picker.toggle'; item: ListRow }
  | { type: 'picker.clear' }
  | { type: 'picker.loadMore' }
  | { type: 'picker.retry' }
  | { type: 'picker.confirm' }
  | { type: 'picker.cancel' };

const failureOf = (error: unknown) => error as CallFailure;

/** The list call of a picker: name search is the contains rule on the resource's search fields (2.5). */
export function pickerRequest(context: Pick<PickerContext, 'baseFilters' | 'sort' | 'size' | 'search'>, page: number) {
  const search = context.search.trim();
  return {
    page,
    size: context.size,
    sort: context.sort,
    filters: [
      ...context.baseFilters,
      ...(search ? [{ field: SEARCH_FIELD, rule: 'contains' as const, value: search }] : []),
    ],
    match: 'match_all',
  } satisfies ListQueryInput;
}

function toggled(context: PickerContext, item: ListRow): ListRow[] {
  const has = context.selected.some((s) => s.id === item.id);
  if (!context.multiple) return has ? [] : [item];
  return has ? context.selected.filter((s) => s.id !== item.id) : [...context.selected, item];
}

/**
 * A picker dialog of 2.5 (users, roles, markers, groups, …): choose one or
 * several rows of a resource, with name search (contains, debounced) and a
 * load-more button; starts from what the field holds; confirm or cancel.
 */
export const pickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
    input: {} as PickerInput,
    tags: {} as 'closed',
  },
  actors: {
    fetchOptions: fromPromise<ListPageAnswer, ListQueryInput>(() => new Promise(() => {})),
  },
  delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: { kind: 'error'; code: string }) => ({ type: 'alert.show' as const, ...params }),
    ),
    /** The dialog hands the choice to its field; given by the dialog. */
    reportConfirmed: (_, _params: { selected: ListRow[] }) => {},
    reportCancelled: () => {},
    scheduleSearch: raise({ type: 'picker.searchSettled' }, { id: 'searchDebounce', delay: 'searchDebounce' }),
    cancelSearch: cancel('searchDebounce'),
    setSearchText: assign((_, params: { text: string }) => ({ searchText: params.text })),
    applySearch: assign(({ context }) => ({ search: context.searchText.trim() })),
    toggle: assign(({ context }, params: { item: ListRow }) => ({ selected: toggled(context, params.item) })),
    clearSelection: assign({ selected: [] }),
    showPage: assign((_, params: { answer: ListPageAnswer }) => ({
      items: params.answer.data,
      total: params.answer.meta.total,
      lastPage: params.answer.meta.page,
      failure: null,
    })),
    /** Rows already shown are not shown twice; the total never drops below what is shown (rows deleted meanwhile). */
    appendPage: assign(({ context }, params: { answer: ListPageAnswer }) => {
      const seen = new Set(context.items.map((i) => i.id));
      const items = [...context.items, ...params.answer.data.filter((row) => !seen.has(row.id))];
      return { items, total: Math.max(params.answer.meta.total, items.length), lastPage: params.answer.meta.page };
    }),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
  },
  guards: {
    hasMore: ({ context }) => context.items.length < context.total,
    isSearchChanged: ({ context }) => context.searchText.trim() !== context.search,
    /** A row the dialog shows, or one already chosen (its chip can untick it): nothing else can be chosen. */
    isOffered: ({ context }, params: { item: ListRow }) =>
      context.items.some((row) => row.id === params.item.id) ||
      context.selected.some((row) => row.id === params.item.id),
  },
}).createMachine({
  id: 'picker',
  context: ({ input }) => ({
    multiple: input.multiple ?? false,
    baseFilters: input.baseFilters ?? [],
    sort: input.sort ?? ['name'],
    size: input.size ?? LIST_PAGE_SIZE,
    searchText: '',
    search: '',
    items: [],
    total: 0,
    lastPage: 0,
    selected: input.selected ?? [],
    failure: null,
  }),
  initial: 'open',
  states: {
    open: {
      initial: 'loading',
      on: {
        'picker.searchChanged': {
          actions: [
            'cancelSearch',
            { type: 'setSearchText', params: ({ event }) => ({ text: event.text }) },
            'scheduleSearch',
          ],
        },
        'picker.searchSettled': { guard: 'isSearchChanged', target: '.loading', actions: 'applySearch' },
        'picker.toggle': {
          guard: { type: 'isOffered', params: ({ event }) => ({ item: event.item }) },
          actions: { type: 'toggle', params: ({ event }) => ({ item: event.item }) },
        },
        'picker.clear': { actions: 'clearSelection' },
        'picker.confirm': {
          target: 'confirmed',
          actions: { type: 'reportConfirmed', params: ({ context }) => ({ selected: context.selected }) },
        },
        'picker.cancel': { target: 'cancelled', actions: 'reportCancelled' },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchOptions',
            src: 'fetchOptions',
            input: ({ context }) => pickerRequest(context, 1),
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
        ready: { on: { 'picker.loadMore': { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            id: 'fetchMore',
            src: 'fetchOptions',
            input: ({ context }) => pickerRequest(context, context.lastPage + 1),
            onDone: {
              target: 'ready',
              actions: { type: 'appendPage', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: { target: 'ready', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
          },
        },
        failed: { on: { 'picker.retry': 'loading' } },
      },
    },
    // Closed: the dialog unmounts; not final, so a late event is simply ignored.
    confirmed: { tags: 'closed' },
    cancelled: { tags: 'closed' },
  },
});

export type PickerMachine = typeof pickerMachine;
