import { describe, expect, it, vi } from 'vitest';
import { groupTreeFixtures, sampleTree } from '../../src/machines/group-tree/group-tree.fixtures';
import {
  type GroupTreeEvent,
  groupTreeMachine,
  type ReloadAnswer,
} from '../../src/machines/group-tree/group-tree.machine';
import { selectRows } from '../../src/machines/group-tree/group-tree.selectors';
import { calls, describeModel, pendingActor, replay, starts, timersOf } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = groupTreeMachine.provide({
    actors: {
      loadTop: pendingActor(),
      loadChildren: pendingActor(),
      loadAll: pendingActor(),
      search: pendingActor(),
      reload: pendingActor(),
    },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}

const { project, buildingA, buildingB, unit101, unit102 } = sampleTree;
const reloaded: ReloadAnswer = {
  whole: false,
  open: [1],
  search: null,
  reveal: null,
  top: [project],
  children: { 1: [buildingA, buildingB] },
  found: null,
};
const failure = { code: 'network' };
const events = [
  { type: 'tree.expand', id: 1 },
  { type: 'tree.expand', id: 2 },
  { type: 'tree.collapse', id: 1 },
  { type: 'tree.expandAll' },
  { type: 'tree.collapseAll' },
  { type: 'tree.search', text: 'unit' },
  { type: 'tree.search', text: 'u' },
  { type: 'tree.searchSettled' },
  { type: 'tree.refresh', reveal: 2 },
  { type: 'tree.retry' },
  { type: 'xstate.done.actor.loadTop', output: [project] },
  { type: 'xstate.error.actor.loadTop', error: failure },
  { type: 'xstate.done.actor.loadChildren', output: [buildingA, buildingB] },
  { type: 'xstate.error.actor.loadChildren', error: failure },
  { type: 'xstate.done.actor.loadAll', output: [project, buildingA, unit101, unit102, buildingB] },
  { type: 'xstate.error.actor.loadAll', error: failure },
  { type: 'xstate.done.actor.search', output: [project, buildingA, unit101, unit102] },
  { type: 'xstate.error.actor.search', error: failure },
  { type: 'xstate.done.actor.reload', output: reloaded },
  { type: 'xstate.error.actor.reload', error: failure },
] as unknown as GroupTreeEvent[];

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const FAILURE_OF = /^xstate\.error\.actor\.(loadChildren|search|loadAll|reload)$/;

describeModel('groupTree', {
  machine: stubbed().machine,
  events,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      sorted(s.context.expanded),
      sorted(s.context.foundExpanded),
      s.context.pending,
      s.context.searchText,
      s.context.found?.text ?? null,
      s.context.whole,
    ]),
  fixtures: groupTreeFixtures,
  invariants: {
    'a forest is held exactly once the top arrived': (s) => {
      expect(s.context.browse === null).toBe(s.matches('loading') || s.matches('failed'));
    },
    'a child fetch runs exactly while fetching, for the oldest group waiting': (s) => {
      const child = s.children.loadChildren;
      expect(child !== undefined).toBe(s.matches({ ready: 'fetching' }));
      if (child) expect(child.getSnapshot().input).toEqual({ id: s.context.pending[0] });
    },
    'at rest nothing waits: an opened group is fetched at once': (s) => {
      if (s.matches({ ready: 'idle' })) expect(s.context.pending).toEqual([]);
    },
    'open groups are known groups that have children': (s) => {
      for (const id of [...s.context.expanded, ...s.context.foundExpanded])
        expect(s.context.nodes[id]?.has_children).toBe(true);
    },
    'a search answer is shown only for a text long enough, the one in the box': (s) => {
      if (s.context.found) expect(s.context.found.text).toBe(s.context.searchText);
      if (s.context.searchText.trim().length < 2) expect(s.context.found).toBeNull();
    },
    'every visible row is a known group, under an open parent': (s) => {
      const rows = selectRows(s);
      const open = new Set(s.context.found ? s.context.foundExpanded : s.context.expanded);
      for (const row of rows) {
        expect(s.context.nodes[row.node.id]).toBeDefined();
        if (row.level > 1) expect(open.has(row.node.parent_id as number)).toBe(true);
      }
    },
  },
  rules: {
    'a search call starts only when typing paused, with the text in the box': (step) => {
      const started = starts(step, 'search');
      if (step.event.type === 'tree.searchSettled' && started.length > 0)
        expect(started).toEqual([{ text: step.before?.context.searchText }]);
      else expect(started).toEqual([]);
    },
    'typing a searchable text waits for a pause; a short one waits for nothing': (step) => {
      const e = step.event as GroupTreeEvent;
      if (e.type !== 'tree.search' || !step.before?.matches('ready')) return;
      const waiting = timersOf(step.pending, 'tree.searchSettled');
      expect(waiting).toHaveLength(e.text.trim().length >= 2 ? 1 : 0);
      if (e.text.trim().length < 2) expect(step.after.context.found).toBeNull();
    },
    'opening a group fetches its children only when they are not known': (step) => {
      const e = step.event as GroupTreeEvent;
      if (e.type !== 'tree.expand' || !step.before?.matches('ready')) return;
      const { context } = step.before;
      const known = context.browse?.children[e.id] !== undefined || context.found?.children[e.id] !== undefined;
      const waits = step.after.context.pending.includes(e.id);
      if (context.nodes[e.id]?.has_children !== true) expect(waits).toBe(context.pending.includes(e.id));
      else expect(waits).toBe(!known || context.pending.includes(e.id));
    },
    'expand all is one call while browsing, and no call within a search answer': (step) => {
      if (step.event.type !== 'tree.expandAll' || !step.before?.matches('ready')) return;
      expect(starts(step, 'loadAll')).toHaveLength(step.before.context.found ? 0 : 1);
    },
    'a refresh reloads what is open (the revealed group too) and the search shown': (step) => {
      const e = step.event as GroupTreeEvent;
      if (e.type !== 'tree.refresh' || !step.before?.matches('ready')) return;
      const input = starts(step, 'reload')[0] as {
        open: number[];
        search: string | null;
        whole: boolean;
        reveal: number | null;
      };
      expect(input.search).toBe(step.before.context.found?.text ?? null);
      expect(input.whole).toBe(step.before.context.whole);
      for (const id of step.before.context.expanded) expect(input.open).toContain(id);
      expect(input.reveal).toBe(step.before.context.found ? null : (e.reveal ?? null));
    },
    'a failed call of the ready tree is told once by an alert; the top failing shows the error page': (step) => {
      const alerts = calls(step, 'alert');
      if (FAILURE_OF.test(step.event.type)) expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.network' }]);
      else expect(alerts).toEqual([]);
      if (step.event.type === 'xstate.error.actor.loadTop') expect(step.after.matches('failed')).toBe(true);
    },
  },
});

describe('group tree machine', () => {
  it('opens the top, fetches a building’s units when it opens, and closes it again', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'xstate.done.actor.loadTop', output: [project] } as never,
      { type: 'tree.expand', id: 1 },
    ]);
    expect(actor.getSnapshot().children.loadChildren?.getSnapshot().input).toEqual({ id: 1 });
    actor.send({ type: 'xstate.done.actor.loadChildren', output: [buildingA, buildingB] } as never);
    actor.send({ type: 'tree.expand', id: 2 });
    actor.send({ type: 'xstate.done.actor.loadChildren', output: [unit101, unit102] } as never);
    const names = () => selectRows(actor.getSnapshot()).map((r) => `${r.level} ${r.node.name}`);
    expect(names()).toEqual(['1 Riverside Residence', '2 Building A', '3 Unit 101', '3 Unit 102', '2 Building B']);
    actor.send({ type: 'tree.collapse', id: 2 });
    expect(names()).toEqual(['1 Riverside Residence', '2 Building A', '2 Building B']);
    // Opening it again needs no call: its units are known.
    actor.send({ type: 'tree.expand', id: 2 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(names()).toHaveLength(5);
    actor.stop();
  });

  it('a search shows the matches with their ancestors open; clearing it returns to where the operator was', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'xstate.done.actor.loadTop', output: [project] } as never,
      { type: 'tree.search', text: '102' },
      { type: 'tree.searchSettled' },
      { type: 'xstate.done.actor.search', output: [project, buildingA, unit102] } as never,
    ]);
    const rows = selectRows(actor.getSnapshot());
    expect(rows.map((r) => [r.node.name, r.expanded, r.match])).toEqual([
      ['Riverside Residence', true, false],
      ['Building A', true, false],
      ['Unit 102', false, true],
    ]);
    actor.send({ type: 'tree.search', text: '' });
    expect(selectRows(actor.getSnapshot()).map((r) => r.node.name)).toEqual(['Riverside Residence']);
    actor.stop();
  });
});
