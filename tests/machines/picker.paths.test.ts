import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../src/contract/constants';
import type { ListQueryInput } from '../../src/contract/filters';
import { sampleRows } from '../../src/machines/entity-list/entity-list.fixtures';
import type { ListPageAnswer } from '../../src/machines/entity-list/entity-list.machine';
import { pickerFixtures } from '../../src/machines/picker/picker.fixtures';
import { type PickerEvent, type PickerInput, pickerMachine } from '../../src/machines/picker/picker.machine';
import { selectIsPicked, selectPickerHasMore } from '../../src/machines/picker/picker.selectors';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  replay,
  ruleCoverage,
  starts,
} from '../support/model-based';

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
  // The next page repeats a row that moved and brings one more.
  { type: 'xstate.done.actor.fetchMore', output: page([sampleRows[3]!, { id: 8, name: 'Hana' }], 12, 2) },
  // Rows were deleted elsewhere meanwhile: the server now counts fewer than are shown.
  { type: 'xstate.done.actor.fetchMore', output: page([{ id: 9, name: 'Ivo' }], 3, 2) },
  { type: 'xstate.error.actor.fetchMore', error: failure },
  { type: 'picker.searchChanged', text: ' chr ' },
  { type: 'picker.searchSettled' },
  { type: 'picker.toggle', item: sampleRows[0] },
  { type: 'picker.toggle', item: sampleRows[1] },
  { type: 'picker.toggle', item: { id: 8, name: 'Hana' } },
  { type: 'picker.clear' },
  { type: 'picker.loadMore' },
  { type: 'picker.retry' },
  { type: 'picker.confirm' },
  { type: 'picker.cancel' },
] as unknown as PickerEvent[];

const modelMachine = stubbed().machine;
type Step = ModelStep<typeof modelMachine>;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** Everything the dialog offered so far: what the field held, and every row it showed. */
const offered = (step: Step, start: { id: number }[]) =>
  new Set([...ids(start), ...[...step.history, step].flatMap((s) => ids(s.after.context.items))]);

const inputs: Record<string, PickerInput> = {
  'several, starting from a chosen row': input,
  'one, starting empty': { multiple: false },
};

/** One tally for the models below: some rules only apply from some starting points. */
const coverage = ruleCoverage();
for (const [name, pickerInput] of Object.entries(inputs)) {
  describeModel(`picker (${name})`, {
    coverage,
    machine: modelMachine,
    events,
    input: pickerInput,
    serialize: (s) => JSON.stringify([s.value, ids(s.context.selected), s.context.items.length > 0]),
    fixtures: pickerFixtures,
    invariants: {
      'one choice holds one row at most': (s) => {
        if (!s.context.multiple) expect(s.context.selected.length).toBeLessThanOrEqual(1);
      },
      'a picker never shows more rows than its total, each once': (s) => {
        expect(s.context.items.length).toBeLessThanOrEqual(s.context.total);
        expect(new Set(ids(s.context.items)).size).toBe(s.context.items.length);
      },
      'each chosen row once': (s) => {
        expect(new Set(ids(s.context.selected)).size).toBe(s.context.selected.length);
      },
    },
    rules: {
      'a picker never confirms a row it did not offer': (step) => {
        const allowed = offered(step, pickerInput.selected ?? []);
        for (const id of ids(step.after.context.selected)) expect(allowed.has(id)).toBe(true);
        for (const report of calls(step, 'reportConfirmed') as { selected: { id: number }[] }[])
          for (const id of ids(report.selected)) expect(allowed.has(id)).toBe(true);
      },
      'confirm hands over exactly what is chosen, once; cancel hands over nothing': (step) => {
        const open = step.before?.matches('open') === true;
        expect(calls(step, 'reportConfirmed')).toEqual(
          open && step.event.type === 'picker.confirm' ? [{ selected: step.before?.context.selected }] : [],
        );
        expect(calls(step, 'reportCancelled')).toHaveLength(open && step.event.type === 'picker.cancel' ? 1 : 0);
      },
      'a closed picker does nothing more': (step) => {
        if (!step.before?.hasTag('closed')) return;
        expect(step.effects.actions).toEqual([]);
        expect(step.effects.started).toEqual([]);
        expect(step.after.context.selected).toEqual(step.before.context.selected);
      },
      'typing waits for a pause before searching': (step) => {
        if (step.event.type !== 'picker.searchChanged' || !step.before?.matches('open')) return;
        expect(step.effects.started).toEqual([]);
        expect(step.effects.scheduled.map((t) => [t.event.type, t.delay])).toEqual([
          ['picker.searchSettled', LIST_SEARCH_DEBOUNCE_MS],
        ]);
      },
      'a search asks page 1 by name; load more asks the next page': (step) => {
        for (const q of starts(step, 'fetchOptions') as ListQueryInput[]) {
          const search = step.after.context.search;
          expect(q.page).toBe(1);
          expect(q.filters).toEqual(search ? [{ field: 'search', rule: 'contains', value: search }] : []);
        }
        for (const q of starts(step, 'fetchMore') as ListQueryInput[])
          expect(q.page).toBe((step.before?.context.lastPage ?? 0) + 1);
      },
    },
  });
}

describe('models together', () => coverage.expectAllExercised());

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
