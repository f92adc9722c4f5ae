import { assign, cancel, fromPromise, raise, sendTo, setup } from 'xstate';
import { GROUP_SEARCH_MIN_LENGTH, LIST_SEARCH_DEBOUNCE_MS } from '../../contract/constants';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';
import { byId, type Forest, type Found, forestOf, foundOf, parentsIn, type TreeNode } from './group-tree.model';

/**
 * The groups tree of /groups (2.x, Groups): the top of the caller's visible
 * forest first, then children one level at a time as groups are opened
 * (lazily, from the branch call), "expand all" as one call for the whole
 * visible forest, and a name search that shows the matches with their
 * ancestors open. What is open and the search are kept here, so a refresh
 * after a save (or a dialog over the tree) keeps the operator's place.
 */
export interface GroupTreeContext {
  nodes: Record<number, TreeNode>;
  /** The browsing forest (null before the first answer). */
  browse: Forest | null;
  /** Open groups while browsing. */
  expanded: number[];
  /** The browsing forest was loaded whole (expand all): a refresh reloads it whole. */
  whole: boolean;
  /** The text in the search box. */
  searchText: string;
  /** The search answer shown instead of the browsing forest (null: browsing). */
  found: Found | null;
  /** Open groups of the search answer. */
  foundExpanded: number[];
  /** Groups opened whose children are still to be fetched, oldest first. */
  pending: number[];
  /** The group a running refresh opens, with its ancestors (a new group's parent). */
  reveal: number | null;
  failure: CallFailure | null;
}

export type GroupTreeEvent =
  | { type: 'tree.expand'; id: number }
  | { type: 'tree.collapse'; id: number }
  | { type: 'tree.expandAll' }
  | { type: 'tree.collapseAll' }
  | { type: 'tree.search'; text: string }
  | { type: 'tree.searchSettled' }
  /** Something changed (a save, an import): reload what is shown, opening `reveal` (a new group's parent). */
  | { type: 'tree.refresh'; reveal?: number | null }
  | { type: 'tree.retry' };

/** What a refresh reloads: the whole forest, or the top and each open group's children; and the search. */

export interface ReloadInput {
  whole: boolean;
  open: number[];
  search: string | null;
  /** Open this group and its ancestors too (the answer's `open` says which ones that was). */
  reveal: number | null;
}
export interface ReloadAnswer extends ReloadInput {
  /** The top (or, when whole, the whole forest in tree order). */
  top: TreeNode[];
  /** Children per open group (not when whole). */
  children: Record<number, TreeNode[]>;
  found: TreeNode[] | null;
}

/** Past this many open groups a refresh reloads the whole forest in one call instead of one call each. */
export const RELOAD_BRANCH_LIMIT = 20;

type AlertParams = ReturnType<typeof failureAlert>;
const uniq = (ids: number[]) => [...new Set(ids)];
const searchable = (text: string) => text.trim().length >= GROUP_SEARCH_MIN_LENGTH;

export const groupTreeMachine = setup({
  types: { context: {} as GroupTreeContext, events: {} as GroupTreeEvent },
  delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  actors: {
    loadTop: fromPromise<TreeNode[]>(() => new Promise(() => {})),
    loadChildren: fromPromise<TreeNode[], { id: number }>(() => new Promise(() => {})),
    loadAll: fromPromise<TreeNode[]>(() => new Promise(() => {})),
    search: fromPromise<TreeNode[], { text: string }>(() => new Promise(() => {})),
    reload: fromPromise<ReloadAnswer, ReloadInput>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    takeTop: assign((_, params: { nodes: TreeNode[] }) => ({
      nodes: byId(params.nodes),
      browse: { roots: params.nodes.map((n) => n.id), children: {} },
      failure: null,
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** Opens a group; its children are fetched unless known (in the search answer or loaded before). */
    expand: assign(({ context }, params: { id: number }) => {
      const known = context.browse?.children[params.id] ?? context.found?.children[params.id];
      const pending = known ? context.pending : uniq([...context.pending, params.id]);
      return context.found
        ? { foundExpanded: uniq([...context.foundExpanded, params.id]), pending }
        : { expanded: uniq([...context.expanded, params.id]), pending };
    }),
    collapse: assign(({ context }, params: { id: number }) =>
      context.found
        ? { foundExpanded: context.foundExpanded.filter((id) => id !== params.id) }
        : { expanded: context.expanded.filter((id) => id !== params.id) },
    ),
    collapseAll: assign(({ context }) => (context.found ? { foundExpanded: [] } : { expanded: [] })),
    /** Expand all within a search answer: it is all loaded, so everything it holds opens. */
    expandAllFound: assign(({ context }) => ({ foundExpanded: context.found ? parentsIn(context.found) : [] })),
    takeChildren: assign(({ context }, params: { id: number; nodes: TreeNode[] }) => ({
      nodes: { ...context.nodes, ...byId(params.nodes) },
      browse: context.browse && {
        ...context.browse,
        children: { ...context.browse.children, [params.id]: params.nodes.map((n) => n.id) },
      },
      pending: context.pending.filter((id) => id !== params.id),
    })),
    /** The children could not be fetched: the group closes again (the alert says why). */
    dropChildren: assign(({ context }, params: { id: number }) => ({
      pending: context.pending.filter((id) => id !== params.id),
      expanded: context.expanded.filter((id) => id !== params.id),
      foundExpanded: context.foundExpanded.filter((id) => id !== params.id),
    })),
    takeAll: assign(({ context }, params: { nodes: TreeNode[] }) => {
      const browse = forestOf(params.nodes);
      return {
        nodes: { ...context.nodes, ...byId(params.nodes) },
        browse,
        whole: true,
        expanded: parentsIn(browse),
        pending: [],
      };
    }),
    setSearchText: assign((_, params: { text: string }) => ({ searchText: params.text })),
    scheduleSearch: raise({ type: 'tree.searchSettled' }, { id: 'searchDebounce', delay: 'searchDebounce' }),
    cancelSearch: cancel('searchDebounce'),
    /** Back to browsing, where the operator left it. */
    clearFound: assign(({ context }) => ({
      found: null,
      foundExpanded: [],
      pending: context.pending.filter((id) => context.expanded.includes(id)),
    })),
    /** A search answer: every group in it that has children in it opens, so the matches show. */
    takeFound: assign(({ context }, params: { text: string; nodes: TreeNode[] }) => {
      const found = foundOf(params.text, params.nodes);
      return { nodes: { ...context.nodes, ...byId(params.nodes) }, found, foundExpanded: parentsIn(found) };
    }),
    takeReload: assign(({ context }, params: { answer: ReloadAnswer }) => {
      const { answer } = params;
      const input = answer;
      const all = [...answer.top, ...Object.values(answer.children).flat(), ...(answer.found ?? [])];
      const nodes = byId(all);
      const browse: Forest = input.whole
        ? forestOf(answer.top)
        : {
            roots: answer.top.map((n) => n.id),
            children: Object.fromEntries(
              Object.entries(answer.children).map(([id, kids]) => [id, kids.map((n) => n.id)]),
            ),
          };
      // Groups that went away (or lost their children) close; the rest stay as they were.
      const stillOpen = (id: number) => nodes[id]?.has_children === true;
      const found = answer.found && context.found ? foundOf(context.found.text, answer.found) : null;
      return {
        nodes,
        browse,
        whole: input.whole,
        expanded: input.open.filter(stillOpen),
        found,
        foundExpanded: found ? uniq([...context.foundExpanded, ...parentsIn(found)]).filter(stillOpen) : [],
        pending: [],
        reveal: null,
        failure: null,
      };
    }),
    /** The refresh opens this group and its ancestors (not within a search), so a new child shows under its parent. */
    reveal: assign(({ context }, params: { id: number | null | undefined }) => ({
      reveal: params.id != null && !context.found ? params.id : null,
    })),
  },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
    canExpand: ({ context }, params: { id: number }) => context.nodes[params.id]?.has_children === true,
    isSearching: ({ context }) => context.found !== null,
    searchable: (_, params: { text: string }) => searchable(params.text),
    /** The settled text is still worth a search (and is not the one shown). */
    searchDue: ({ context }) => searchable(context.searchText) && context.found?.text !== context.searchText,
  },
}).createMachine({
  id: 'groupTree',
  context: {
    nodes: {},
    browse: null,
    expanded: [],
    whole: false,
    searchText: '',
    found: null,
    foundExpanded: [],
    pending: [],
    reveal: null,
    failure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTop',
        src: 'loadTop',
        onDone: { target: 'ready', actions: { type: 'takeTop', params: ({ event }) => ({ nodes: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    /** The top could not be loaded: the page shows the error with Try again. */
    failed: { on: { 'tree.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'tree.expand': {
          guard: { type: 'canExpand', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'expand', params: ({ event }) => ({ id: event.id }) },
        },
        'tree.collapse': { actions: { type: 'collapse', params: ({ event }) => ({ id: event.id }) } },
        'tree.collapseAll': { actions: 'collapseAll' },
        'tree.expandAll': [
          { guard: 'isSearching', actions: 'expandAllFound' },
          { target: '.expandingAll', reenter: true },
        ],
        'tree.search': [
          {
            guard: { type: 'searchable', params: ({ event }) => ({ text: event.text }) },
            actions: [
              { type: 'setSearchText', params: ({ event }) => ({ text: event.text }) },
              'cancelSearch',
              'scheduleSearch',
            ],
          },
          {
            // Too short (or cleared): back to browsing at once, a running search forgotten.
            target: '.idle',
            actions: [
              { type: 'setSearchText', params: ({ event }) => ({ text: event.text }) },
              'cancelSearch',
              'clearFound',
            ],
          },
        ],
        'tree.searchSettled': { guard: 'searchDue', target: '.searching', reenter: true },
        'tree.refresh': {
          target: '.refreshing',
          reenter: true,
          actions: { type: 'reveal', params: ({ event }) => ({ id: event.reveal }) },
        },
      },
      states: {
        idle: { always: { guard: 'hasPending', target: 'fetching' } },
        /** The children of the oldest opened group are on their way. */
        fetching: {
          invoke: {
            id: 'loadChildren',
            src: 'loadChildren',
            input: ({ context }) => ({ id: context.pending[0] as number }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'takeChildren',
                params: ({ context, event }) => ({ id: context.pending[0] as number, nodes: event.output }),
              },
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'dropChildren', params: ({ context }) => ({ id: context.pending[0] as number }) },
                { type: 'alert', params: ({ event }) => failureAlert(event.error) },
              ],
            },
          },
        },
        searching: {
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ text: context.searchText }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'takeFound',
                params: ({ context, event }) => ({ text: context.searchText, nodes: event.output }),
              },
            },
            onError: { target: 'idle', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
          },
        },
        expandingAll: {
          invoke: {
            id: 'loadAll',
            src: 'loadAll',
            onDone: { target: 'idle', actions: { type: 'takeAll', params: ({ event }) => ({ nodes: event.output }) } },
            onError: { target: 'idle', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
          },
        },
        refreshing: {
          invoke: {
            id: 'reload',
            src: 'reload',
            input: ({ context }): ReloadInput => {
              const open = uniq([
                ...context.expanded,
                ...context.pending.filter((id) => !context.found || context.expanded.includes(id)),
              ]);
              return {
                whole: context.whole || open.length > RELOAD_BRANCH_LIMIT,
                open,
                search: context.found ? context.found.text : null,
                reveal: context.reveal,
              };
            },
            onDone: {
              target: 'idle',
              actions: {
                type: 'takeReload',
                params: ({ event }) => ({ answer: event.output }),
              },
            },
            onError: { target: 'idle', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
          },
        },
      },
    },
  },
});

export type GroupTreeMachine = typeof groupTreeMachine;
