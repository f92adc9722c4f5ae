import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../src/contract/constants';
import type { DeleteAll, ListQueryInput } from '../../src/contract/filters';
import { entityListFixtures, sampleRows } from '../../src/machines/entity-list/entity-list.fixtures';
import {
  type EntityListEvent,
  type EntityListInput,
  entityListMachine,
  type ListPageAnswer,
} from '../../src/machines/entity-list/entity-list.machine';
import {
  defaultListState,
  listStateToSearch,
  searchToListState,
  toggledSort,
} from '../../src/machines/entity-list/entity-list.query';
import {
  selectCanSelectAllMatching,
  selectIsListEmpty,
  selectPageSelection,
  selectPendingDeleteCount,
  selectSelectedCount,
  selectSortOf,
} from '../../src/machines/entity-list/entity-list.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = entityListMachine.provide({
    actors: { fetchPage: pendingActor(), deleteItems: pendingActor(), exportFile: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const page = (rows = sampleRows, total = 24, n = 1): ListPageAnswer => ({
  data: rows,
  meta: { page: n, size: 20, total },
});
const failure = { code: 'internal server error', status: 500 };
const input: EntityListInput = { defaultSort: ['name'] };
/** The model's list is scoped (fixed filters go with every request). */
const scoped: EntityListInput = { ...input, baseFilters: [{ field: 'group', rule: 'equals', value: 3 }] };
const roleFilter = { field: 'role', rule: 'has', value: [1] } as const;

const events = [
  { type: 'xstate.done.actor.fetchPage', output: page() },
  { type: 'xstate.error.actor.fetchPage', error: failure },
  // The next page repeats a row that moved (a row of page 1) and brings one more.
  { type: 'xstate.done.actor.fetchMore', output: page([sampleRows[3]!, { id: 9, name: 'Nina' }], 24, 2) },
  // Rows were deleted elsewhere since page 1: the server now counts fewer than we already show.
  { type: 'xstate.done.actor.fetchMore', output: page([{ id: 10, name: 'Omar' }], 4, 2) },
  { type: 'xstate.error.actor.fetchMore', error: failure },
  { type: 'xstate.done.actor.deleteItems', output: { deleted: 2 } },
  { type: 'xstate.error.actor.deleteItems', error: failure },
  { type: 'xstate.done.actor.exportFile' },
  { type: 'xstate.error.actor.exportFile', error: failure },
  { type: 'list.refresh' },
  { type: 'list.retry' },
  { type: 'list.pageChanged', page: 2 },
  { type: 'list.loadMore' },
  { type: 'list.sortToggled', field: 'name' },
  { type: 'list.filtersChanged', filters: [roleFilter] },
  { type: 'list.filtersCleared' },
  { type: 'list.searchChanged', text: ' ali ' },
  { type: 'list.searchSettled' },
  { type: 'list.queryRestored', query: { ...defaultListState(), page: 3, search: 'sam' } },
  { type: 'list.rowToggled', id: 2 },
  { type: 'list.pageSelectionToggled' },
  { type: 'list.allMatchingSelected' },
  { type: 'list.selectionCleared' },
  { type: 'list.deleteRequested' },
  { type: 'list.deleteRequested', ids: [3] },
  { type: 'list.deleteConfirmed' },
  { type: 'list.deleteCancelled' },
  { type: 'list.deleteResultDismissed' },
  { type: 'list.exportRequested' },
  // A live change to a shown row (sampleRows has id 2) and to a row not shown.
  { type: 'list.rowPatched', id: 2, patch: { status: 'offline' } },
  { type: 'list.rowPatched', id: 999, patch: { status: 'online' } },
] as unknown as EntityListEvent[];

type Snapshot = ReturnType<typeof entityListMachine.resolveState>;
/** What the rules care about: where, whether rows are shown, what is selected, whether an export runs. */
const abstraction = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.items.length > 0,
    s.context.selection.kind === 'all' ? 'all' : s.context.selection.ids.length > 0,
    s.context.exporting,
  ]);

const QUERY_CHANGES = [
  'list.sortToggled',
  'list.filtersChanged',
  'list.filtersCleared',
  'list.queryRestored',
  'list.pageChanged',
  'list.searchSettled',
];

describeModel('entityList', {
  machine: stubbed().machine,
  events,
  input: scoped,
  serialize: abstraction,
  fixtures: entityListFixtures,
  invariants: {
    'a list never shows more rows than its total': (s) => {
      expect(s.context.items.length).toBeLessThanOrEqual(s.context.total);
    },
    'each row once': (s) => {
      expect(new Set(s.context.items.map((r) => r.id)).size).toBe(s.context.items.length);
    },
    'pages count from 1': (s) => {
      expect(s.context.query.page).toBeGreaterThanOrEqual(1);
    },
    'a delete being confirmed or run knows what it deletes': (s) => {
      if (s.matches('confirmingDelete') || s.matches('deleting')) expect(s.context.pendingDelete).not.toBeNull();
    },
    'each request runs exactly in its state; the export exactly while exporting': (s) => {
      const running = (id: string) =>
        (s.children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot().status === 'active';
      expect(running('fetchPage')).toBe(s.matches({ browsing: 'loading' }));
      expect(running('fetchMore')).toBe(s.matches({ browsing: 'loadingMore' }));
      expect(running('deleteItems')).toBe(s.matches('deleting'));
      expect(running('exportFile')).toBe(s.context.exporting);
    },
  },
  rules: {
    'every load asks for the page, sort and filters the list shows': (step) => {
      const asked = starts(step, 'fetchPage') as ListQueryInput[];
      if (asked.length === 0) return;
      const { query } = step.after.context;
      const search = query.search.trim();
      expect(asked).toEqual([
        {
          page: query.page,
          size: query.size,
          sort: query.sort.length ? query.sort : ['name'],
          filters: [
            ...(scoped.baseFilters ?? []),
            ...query.filters,
            ...(search ? [{ field: 'search', rule: 'contains', value: search }] : []),
          ],
          match: query.match,
          with: [],
        },
      ]);
    },
    'load more asks for the page after the last one loaded': (step) => {
      const more = starts(step, 'fetchMore') as ListQueryInput[];
      if (more.length > 0) expect(more.map((q) => q.page)).toEqual([(step.before?.context.lastPage ?? 0) + 1]);
    },
    'typing waits for a pause before loading': (step) => {
      if (step.event.type !== 'list.searchChanged') return;
      expect(step.effects.started).toEqual([]);
      expect(step.effects.scheduled.map((t) => [t.event.type, t.delay])).toEqual([
        ['list.searchSettled', LIST_SEARCH_DEBOUNCE_MS],
      ]);
      expect(step.pending.filter((t) => t.event.type === 'list.searchSettled')).toHaveLength(1);
    },
    'a new query starts over from page 1 with nothing selected': (step) => {
      if (
        !QUERY_CHANGES.includes(step.event.type) ||
        !step.before ||
        step.after.context.query === step.before.context.query
      )
        return;
      const e = step.event as { type: string; page?: number; query?: { page: number } };
      const page = e.type === 'list.pageChanged' ? e.page : e.type === 'list.queryRestored' ? e.query?.page : 1;
      expect(step.after.context.query.page).toBe(page);
      expect(step.after.context.selection).toEqual({ kind: 'ids', ids: [] });
      expect(step.after.matches({ browsing: 'loading' })).toBe(true);
    },
    'nothing is deleted without a confirmation, and only what was confirmed': (step) => {
      const deleted = starts(step, 'deleteItems') as DeleteAll[];
      if (deleted.length === 0) return;
      expect(step.event.type).toBe('list.deleteConfirmed');
      const pending = step.before?.context.pendingDelete;
      expect(deleted).toEqual([
        pending?.kind === 'ids'
          ? { items: pending.ids }
          : expect.objectContaining({ all: true, match: step.after.context.query.match }),
      ]);
    },
    'a finished delete reloads and says how many; a failed one says why': (step) => {
      if (step.event.type === 'xstate.done.actor.deleteItems' && step.before?.matches('deleting')) {
        expect(step.after.matches({ browsing: 'loading' })).toBe(true);
        expect(calls(step, 'alert')).toEqual([{ kind: 'success', code: 'lists:deleted', params: { count: 2 } }]);
      }
      if (step.event.type === 'xstate.error.actor.deleteItems' && step.before?.matches('deleting'))
        expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: `errors.http.${failure.code}` }]);
    },
    'a pushed row change patches that shown row only, in place, with no load': (step) => {
      if (step.event.type !== 'list.rowPatched' || !step.before) return;
      const e = step.event as { id: number; patch: Record<string, unknown> };
      expect(step.effects.started).toEqual([]);
      expect(step.after.value).toEqual(step.before.value);
      expect(step.after.context.items.map((r) => r.id)).toEqual(step.before.context.items.map((r) => r.id));
      step.after.context.items.forEach((row, i) => {
        const was = step.before?.context.items[i];
        expect(row).toEqual(row.id === e.id ? { ...was, ...e.patch } : was);
      });
    },
    'one export at a time, of the current filter from page 1': (step) => {
      const exported = starts(step, 'exportFile') as ListQueryInput[];
      if (exported.length === 0) return;
      expect(step.before?.context.exporting).toBe(false);
      expect(exported.map((q) => q.page)).toEqual([1]);
    },
  },
});

const ready = (machine = stubbed().machine) =>
  replay(machine, input, [{ type: 'xstate.done.actor.fetchPage', output: page() } as unknown as EntityListEvent]);

describe('entity list behaviour', () => {
  it('asks for the first page with the default sort and shows the empty state when nothing matches', async () => {
    const asked: ListQueryInput[] = [];
    const machine = entityListMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input: q }: { input: ListQueryInput }) => {
          asked.push(q);
          return page([], 0);
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ browsing: 'ready' })).toBe(true));
    expect(asked[0]).toMatchObject({ page: 1, size: 20, sort: ['name'], filters: [], match: 'match_all' });
    expect(selectIsListEmpty(actor.getSnapshot())).toBe(true);
    actor.stop();
  });

  it('load more appends the next page without duplicates', () => {
    const actor = ready();
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loadingMore' });
    actor.send({
      type: 'xstate.done.actor.fetchMore',
      output: page([sampleRows[3]!, { id: 9, name: 'Nina' }], 24, 2),
    } as unknown as EntityListEvent);
    expect(actor.getSnapshot().context.items.map((r) => r.id)).toEqual([1, 2, 3, 4, 9]);
    expect(actor.getSnapshot().context.lastPage).toBe(2);
  });

  it('does not load more when every row is loaded', () => {
    const actor = replay(stubbed().machine, input, [
      { type: 'xstate.done.actor.fetchPage', output: page(sampleRows, 4) } as unknown as EntityListEvent,
      { type: 'list.loadMore' },
    ]);
    expect(actor.getSnapshot().value).toEqual({ browsing: 'ready' });
  });

  it('sorting cycles ascending, descending, default, and the header reports it', () => {
    expect(toggledSort([], 'name')).toEqual(['name']);
    expect(toggledSort(['name'], 'name')).toEqual(['-name']);
    expect(toggledSort(['-name'], 'name')).toEqual([]);
    expect(toggledSort(['-name'], 'email')).toEqual(['email']);
    const actor = ready();
    expect(selectSortOf('name')(actor.getSnapshot())).toBe('ascending');
    actor.send({ type: 'list.sortToggled', field: 'name' });
    expect(selectSortOf('name')(actor.getSnapshot())).toBe('descending');
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loading' });
  });

  it('a filter change restarts from page 1 and clears the selection', () => {
    const actor = ready();
    actor.send({ type: 'list.rowToggled', id: 2 });
    actor.send({ type: 'list.pageChanged', page: 3 });
    actor.send({ type: 'xstate.done.actor.fetchPage', output: page(sampleRows, 80, 3) } as unknown as EntityListEvent);
    actor.send({ type: 'list.filtersChanged', filters: [{ field: 'role', rule: 'has', value: [2] }] });
    const { query, selection } = actor.getSnapshot().context;
    expect(query.page).toBe(1);
    expect(query.filters).toEqual([{ field: 'role', rule: 'has', value: [2] }]);
    expect(selection).toEqual({ kind: 'ids', ids: [] });
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('applies the search once typing pauses, as a contains filter on the search pseudo-field', () => {
      const asked: ListQueryInput[] = [];
      const machine = entityListMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input: q }: { input: ListQueryInput }) => {
            asked.push(q);
            return new Promise<ListPageAnswer>(() => {});
          }),
        },
      });
      const actor = createActor(machine, { input }).start();
      actor.send({ type: 'list.searchChanged', text: 'al' });
      vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 50);
      actor.send({ type: 'list.searchChanged', text: 'alex ' });
      vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 50);
      expect(asked).toHaveLength(1);
      vi.advanceTimersByTime(100);
      expect(asked).toHaveLength(2);
      expect(asked[1]?.filters).toEqual([{ field: 'search', rule: 'contains', value: 'alex' }]);
      expect(actor.getSnapshot().context.query.search).toBe('alex');
      actor.stop();
    });
  });

  it('selects the page, offers all matching, and deletes all matching through the filter', () => {
    const deleted: unknown[] = [];
    const { effects } = stubbed();
    const machine = entityListMachine.provide({
      actors: {
        fetchPage: pendingActor(),
        deleteItems: fromPromise(({ input: body }: { input: DeleteAll }) => {
          deleted.push(body);
          return new Promise(() => {});
        }),
      },
      actions: { alert: (_, p) => effects.alert(p) },
    });
    const actor = ready(machine);
    actor.send({ type: 'list.filtersChanged', filters: [{ field: 'role', rule: 'has', value: [1] }] });
    actor.send({ type: 'xstate.done.actor.fetchPage', output: page() } as unknown as EntityListEvent);
    actor.send({ type: 'list.pageSelectionToggled' });
    expect(selectPageSelection(actor.getSnapshot())).toBe('all');
    expect(selectCanSelectAllMatching(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.allMatchingSelected' });
    expect(selectSelectedCount(actor.getSnapshot())).toBe(24);
    actor.send({ type: 'list.deleteRequested' });
    expect(selectPendingDeleteCount(actor.getSnapshot())).toBe(24);
    actor.send({ type: 'list.deleteConfirmed' });
    expect(deleted[0]).toEqual({
      all: true,
      filters: [{ field: 'role', rule: 'has', value: [1] }],
      match: 'match_all',
    });
    actor.send({ type: 'xstate.done.actor.deleteItems', output: { deleted: 24 } } as unknown as EntityListEvent);
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loading' });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'success', code: 'lists:deleted', params: { count: 24 } });
  });

  it('a row delete asks about that row only; cancelling keeps the selection', () => {
    const actor = ready();
    actor.send({ type: 'list.rowToggled', id: 1 });
    actor.send({ type: 'list.deleteRequested', ids: [3] });
    expect(actor.getSnapshot().context.pendingDelete).toEqual({ kind: 'ids', ids: [3] });
    actor.send({ type: 'list.deleteCancelled' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'ready' });
    expect(actor.getSnapshot().context.selection).toEqual({ kind: 'ids', ids: [1] });
  });

  it('nothing selected: delete asks nothing', () => {
    const actor = ready();
    actor.send({ type: 'list.deleteRequested' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'ready' });
  });

  it('a failed delete stays on the list with an error alert', () => {
    const { machine, effects } = stubbed();
    const actor = ready(machine);
    actor.send({ type: 'list.rowToggled', id: 1 });
    actor.send({ type: 'list.deleteRequested' });
    actor.send({ type: 'list.deleteConfirmed' });
    actor.send({ type: 'xstate.error.actor.deleteItems', error: failure } as unknown as EntityListEvent);
    expect(actor.getSnapshot().value).toEqual({ browsing: 'ready' });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'errors.http.internal server error' });
  });

  it('exports the current filter once at a time', () => {
    const asked: ListQueryInput[] = [];
    const machine = entityListMachine.provide({
      actors: {
        fetchPage: pendingActor(),
        exportFile: fromPromise(({ input: q }: { input: ListQueryInput }) => {
          asked.push(q);
          return new Promise<void>(() => {});
        }),
      },
    });
    const actor = ready(machine);
    actor.send({ type: 'list.exportRequested' });
    actor.send({ type: 'list.exportRequested' });
    expect(asked).toHaveLength(1);
    expect(actor.getSnapshot().context.exporting).toBe(true);
    actor.send({ type: 'xstate.done.actor.exportFile' } as unknown as EntityListEvent);
    expect(actor.getSnapshot().context.exporting).toBe(false);
  });

  it('clearing the filters drops filters and search but keeps the sort', () => {
    const actor = ready();
    actor.send({ type: 'list.sortToggled', field: 'email' });
    actor.send({ type: 'list.filtersChanged', filters: [{ field: 'role', rule: 'has', value: [1] }] });
    actor.send({ type: 'list.filtersCleared' });
    const { query, searchText } = actor.getSnapshot().context;
    expect(query).toMatchObject({ filters: [], search: '', sort: ['email'], page: 1 });
    expect(searchText).toBe('');
  });

  it('a failed first load offers retry', () => {
    const actor = replay(stubbed().machine, input, [
      { type: 'xstate.error.actor.fetchPage', error: failure } as unknown as EntityListEvent,
    ]);
    expect(actor.getSnapshot().context.failure).toEqual(failure);
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loading' });
  });
});

describe('list URL state', () => {
  it('round-trips through URL search parameters and leaves defaults out', () => {
    const state = {
      ...defaultListState(),
      page: 2,
      sort: ['-name'],
      filters: [{ field: 'role', rule: 'has' as const, value: [1, 2] }],
      match: 'match_any' as const,
      search: 'alex',
    };
    const search = listStateToSearch(state);
    expect(search).toEqual({
      page: '2',
      sort: '-name',
      filters: '[{"field":"role","rule":"has","value":[1,2]}]',
      match: 'match_any',
      q: 'alex',
    });
    expect(searchToListState(new URLSearchParams(search))).toEqual(state);
    expect(listStateToSearch(defaultListState())).toEqual({});
  });

  it('a broken link falls back to defaults part by part', () => {
    const state = searchToListState({ page: '-4', filters: '{nope', match: 'sometimes', sort: 'DROP TABLE' });
    expect(state).toEqual(defaultListState());
  });
});
