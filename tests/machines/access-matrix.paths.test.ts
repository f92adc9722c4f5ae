import { describe, expect, it, vi } from 'vitest';
import type { AccessMatrixPage } from '../../src/contract/entities/access-matrix';
import { accessMatrixFixtures, sampleMatrixPage } from '../../src/machines/access-matrix/access-matrix.fixtures';
import { type AccessMatrixEvent, accessMatrixMachine } from '../../src/machines/access-matrix/access-matrix.machine';
import { readCell, selectHasMore, selectMatrixRows } from '../../src/machines/access-matrix/access-matrix.selectors';
import { calls, describeModel, pendingActor, replay, starts, startsOf, timersOf } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = accessMatrixMachine.provide({
    actors: { fetchPage: pendingActor(), downloadMatrix: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

/** The sample's second page: two more users, one rule more. */
const secondPage: AccessMatrixPage = {
  data: {
    doors: sampleMatrixPage.data.doors,
    rules: [{ id: 9, name: 'Visitors', prohibition: false, time_rules: [] }],
    items: [
      { id: 25, name: 'Uma User', login: 'uma', email: null, identifiers: 1, cells: [] },
      { id: 26, name: 'Vic Visitor', login: 'vic', email: null, identifiers: 1, cells: [] },
    ],
  },
  meta: { page: 2, size: 4, total: 6 },
};
const first = { ...sampleMatrixPage, meta: { ...sampleMatrixPage.meta, total: 6 } };
const TIMER = 'matrix.searchSettled';
const group = { id: 5, name: 'Building A' };

const events = [
  { type: 'matrix.groupChanged', group },
  { type: 'matrix.groupChanged', group: null },
  { type: 'matrix.searchChanged', text: 'anna' },
  { type: 'matrix.searchChanged', text: '' },
  { type: 'matrix.searchSettled' },
  { type: 'matrix.moreRequested' },
  { type: 'matrix.retry' },
  { type: 'matrix.reload' },
  { type: 'matrix.downloadRequested' },
  { type: 'xstate.done.actor.fetchPage', output: first },
  { type: 'xstate.error.actor.fetchPage', error: { code: 'network' } },
  { type: 'xstate.done.actor.fetchMore', output: secondPage },
  { type: 'xstate.error.actor.fetchMore', error: { code: 'timeout' } },
  { type: 'xstate.done.actor.download', output: true },
  { type: 'xstate.error.actor.download', error: { code: 'network' } },
] as unknown as AccessMatrixEvent[];

describeModel('accessMatrix', {
  machine: stubbed().machine,
  events,
  input: { size: 4 },
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.group?.id ?? null,
      s.context.search,
      s.context.searched,
      s.context.rows.length,
      s.context.downloading,
    ]),
  fixtures: accessMatrixFixtures,
  invariants: {
    'a page is asked exactly while loading or loading more': (s) => {
      expect(s.children.fetchPage !== undefined).toBe(s.matches('loading'));
      expect(s.children.fetchMore !== undefined).toBe(s.matches('loadingMore'));
    },
    'a download runs exactly while it says so': (s) => {
      // A failed child stays listed (settled): running is what counts.
      const running = s.children.download?.getSnapshot().status === 'active';
      expect(running).toBe(s.context.downloading);
    },
    'rows are each user once, never more than the total': (s) => {
      const ids = s.context.rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeLessThanOrEqual(Math.max(s.context.total, 0));
    },
    'a failure is held only where it is shown': (s) => {
      expect(s.context.failure !== null).toBe(s.matches('failed') || s.matches('moreFailed'));
    },
  },
  rules: {
    'the first page is asked for the filter in force; a further page for the next page of it': (step) => {
      const filter = {
        ...(step.after.context.group ? { domain_id: step.after.context.group.id } : {}),
        ...(step.after.context.searched ? { search: step.after.context.searched } : {}),
      };
      const firsts = starts(step, 'fetchPage');
      if (step.after.matches('loading') && firsts.length > 0) expect(firsts).toEqual([{ page: 1, size: 4, ...filter }]);
      const more = starts(step, 'fetchMore');
      if (more.length > 0) expect(more).toEqual([{ page: (step.before?.context.page ?? 0) + 1, size: 4, ...filter }]);
      if (step.event.type === 'matrix.moreRequested' && step.before?.matches('ready'))
        expect(more.length).toBe(selectHasMore(step.before) ? 1 : 0);
    },
    'typing waits for a pause; a settled search that changes nothing loads nothing': (step) => {
      if (step.event.type === 'matrix.searchChanged') {
        expect(timersOf(step.effects.scheduled, TIMER).length).toBe(1);
        expect(starts(step, 'fetchPage')).toEqual([]);
      }
      if (step.event.type === TIMER && step.before) {
        const changed = step.before.context.search.trim() !== step.before.context.searched.trim();
        expect(starts(step, 'fetchPage').length).toBe(changed ? 1 : 0);
      }
    },
    'a new filter starts over, dropping what was shown only when its page arrives': (step) => {
      if (step.event.type !== 'xstate.done.actor.fetchPage' || !step.before?.matches('loading')) return;
      expect(selectMatrixRows(step.after).map((r) => r.id)).toEqual(first.data.items.map((r) => r.id));
    },
    'one download at a time, of the filter in force; its failure is told': (step) => {
      const downloads = startsOf(step, 'downloadMatrix');
      if (step.event.type === 'matrix.downloadRequested') {
        expect(downloads.length).toBe(step.before?.context.downloading ? 0 : 1);
      } else expect(downloads).toEqual([]);
      const failed = step.event.type === 'xstate.error.actor.download';
      expect(calls(step, 'alert')).toEqual(failed ? [{ kind: 'error', code: 'errors.http.network' }] : []);
    },
  },
});

describe('access matrix machine', () => {
  it('loads page after page, keeps the rules named, and starts over for a group', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { size: 4 }, [{ type: 'xstate.done.actor.fetchPage', output: first } as never]);
    actor.send({ type: 'matrix.moreRequested' });
    actor.send({ type: 'xstate.done.actor.fetchMore', output: secondPage } as never);
    const s = actor.getSnapshot();
    expect(s.context.rows.map((r) => r.id)).toEqual([21, 22, 23, 24, 25, 26]);
    expect(Object.keys(s.context.rules).map(Number)).toEqual([1, 2, 3, 4, 9]);
    expect(selectHasMore(s)).toBe(false);
    actor.send({ type: 'matrix.groupChanged', group });
    expect(actor.getSnapshot().children.fetchPage?.getSnapshot().input).toEqual({ page: 1, size: 4, domain_id: 5 });
  });

  it('reads a cell: always when an allowing rule has no schedule; prohibitions apart', () => {
    const rules = Object.fromEntries(sampleMatrixPage.data.rules.map((r) => [r.id, r]));
    const rita = sampleMatrixPage.data.items[2]?.cells[0];
    if (!rita) throw new Error('sample changed');
    expect(readCell(rita, rules)).toMatchObject({ always: true, alwaysDenied: false });
    expect(readCell(rita, rules).denies.map((r) => r.name)).toEqual(['Night lock']);
    const cleaner = sampleMatrixPage.data.items[1]?.cells[0];
    if (!cleaner) throw new Error('sample changed');
    expect(readCell(cleaner, rules)).toMatchObject({ always: false, denies: [] });
  });
});
