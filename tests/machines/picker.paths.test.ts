import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../src/contract/constants';
import type { ListQueryInput } from '../../src/contract/filters';
import { sampleRows } from '../../src/machines/entity-list/entity-list.fixtures';
import type { ListPageAnswer } from '../../src/machines/entity-list/entity-list.machine';
import { pickerFixtures } from '../../src/machines/picker/picker.fixtures';
import { type PickerEvent, type PickerInput, pickerMachine } from '../../src/machines/picker/picker.machine';
import { selectIsPicked, selectPickerHasMore } from '../../src/machines/picker/picker.selectors';
import { describeModel, pendingActor, replay } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn(), reportConfirmed: vi.fn(), reportCancelled: vi.fn() };
  const machine = pickerMachine.provide({
    actors: { fetchOptions: pendingActor() },
    actions: {
      alert: (_, p) => effects.alert(p),
      reportConfirmed: (_, p) => effects.reportConfirmed(p),
      reportCancelled: () => effects.reportCancelled(),
    },
  });
  return { machine, effects };
}

const page = (rows = sampleRows, total = 12, n = 1): ListPageAnswer => ({
  data: rows,
  meta: { page: n, size: 20, total },
});
const failure = { code: 'internal server error', status: 500 };
const input: PickerInput = { multiple: true, selected: [sampleRows[1]!] };

const events = [
  { type: 'xstate.done.actor.fetchOptions', output: page() },
  { type: 'xstate.error.actor.fetchOptions', error: failure },
  { type: 'xstate.done.actor.fetchMore', output: page([{ id: 8, name: 'Hana' }], 12, 2) },
  { type: 'xstate.error.actor.fetchMore', error: failure },
  { type: 'picker.searchChanged', text: 'chr' },
  { type: 'picker.searchSettled' },
  { type: 'picker.toggle', item: sampleRows[0] },
  { type: 'picker.clear' },
  { type: 'picker.loadMore' },
  { type: 'picker.retry' },
  { type: 'picker.confirm' },
  { type: 'picker.cancel' },
] as unknown as PickerEvent[];

describeModel('picker', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input,
  fixtures: pickerFixtures,
});

const ready = (machine = stubbed().machine, pickerInput = input) =>
  replay(machine, pickerInput, [{ type: 'xstate.done.actor.fetchOptions', output: page() } as unknown as PickerEvent]);

describe('picker behaviour', () => {
  it('starts from what the field holds; multiple choice adds and removes', () => {
    const actor = ready();
    expect(selectIsPicked(2)(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'picker.toggle', item: sampleRows[0]! });
    actor.send({ type: 'picker.toggle', item: sampleRows[1]! });
    expect(actor.getSnapshot().context.selected.map((r) => r.id)).toEqual([1]);
  });

  it('single choice replaces the choice', () => {
    const actor = ready(stubbed().machine, { multiple: false, selected: [sampleRows[0]!] });
    actor.send({ type: 'picker.toggle', item: sampleRows[2]! });
    expect(actor.getSnapshot().context.selected.map((r) => r.id)).toEqual([3]);
  });

  it('confirm hands over the choice and closes; cancel closes without it', () => {
    const { machine, effects } = stubbed();
    const actor = ready(machine);
    actor.send({ type: 'picker.toggle', item: sampleRows[3]! });
    actor.send({ type: 'picker.confirm' });
    expect(effects.reportConfirmed).toHaveBeenCalledWith({ selected: [sampleRows[1], sampleRows[3]] });
    expect(actor.getSnapshot().value).toBe('confirmed');
    const other = stubbed();
    const cancelled = ready(other.machine);
    cancelled.send({ type: 'picker.cancel' });
    expect(other.effects.reportCancelled).toHaveBeenCalled();
    expect(other.effects.reportConfirmed).not.toHaveBeenCalled();
  });

  it('load more asks for the next page and appends', () => {
    const asked: ListQueryInput[] = [];
    const machine = pickerMachine.provide({
      actors: {
        fetchOptions: fromPromise(({ input: q }: { input: ListQueryInput }) => {
          asked.push(q);
          return new Promise<ListPageAnswer>(() => {});
        }),
      },
    });
    const actor = ready(machine);
    expect(selectPickerHasMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'picker.loadMore' });
    expect(asked.at(-1)?.page).toBe(2);
    actor.send({
      type: 'xstate.done.actor.fetchMore',
      output: page([{ id: 8, name: 'Hana' }], 12, 2),
    } as unknown as PickerEvent);
    expect(actor.getSnapshot().context.items).toHaveLength(5);
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('searches with contains on the search pseudo-field, keeping the fixed filters, once typing pauses', () => {
      const asked: ListQueryInput[] = [];
      const machine = pickerMachine.provide({
        actors: {
          fetchOptions: fromPromise(({ input: q }: { input: ListQueryInput }) => {
            asked.push(q);
            return new Promise<ListPageAnswer>(() => {});
          }),
        },
      });
      const actor = createActor(machine, {
        input: { baseFilters: [{ field: 'limit_by_domain_id', rule: 'equals', value: 5 }] },
      }).start();
      actor.send({ type: 'picker.searchChanged', text: 'sam' });
      expect(asked).toHaveLength(1);
      vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS);
      expect(asked).toHaveLength(2);
      expect(asked[1]?.filters).toEqual([
        { field: 'limit_by_domain_id', rule: 'equals', value: 5 },
        { field: 'search', rule: 'contains', value: 'sam' },
      ]);
      actor.stop();
    });
  });
});
