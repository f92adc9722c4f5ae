import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
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
import { describeModel, pendingActor, replay } from '../support/model-based';

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

const events = [
  { type: 'xstate.done.actor.fetchPage', output: page() },
  { type: 'xstate.error.actor.fetchPage', error: failure },
  { type: 'xstate.done.actor.fetchMore', output: page([{ id: 9, name: 'Nina' }], 24, 2) },
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
  { type: 'list.filtersChanged', filters: [{ field: 'role', rule: 'has', value: [1] }] },
  { type: 'list.filtersCleared' },
  { type: 'list.searchChanged', text: 'ali' },
  { type: 'list.searchSettled' },
  { type: 'list.queryRestored', query: { ...defaultListState(), page: 3 } },
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
] as unknown as EntityListEvent[];

describeModel('entityList', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input,
  fixtures: entityListFixtures,
  invariant: (s) => {
    expect(s.context.query.page).toBeGreaterThanOrEqual(1);
    if (s.matches('confirmingDelete') || s.matches('deleting')) expect(s.context.pendingDelete).not.toBeNull();
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
