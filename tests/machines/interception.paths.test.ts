import { describe, expect, it, vi } from 'vitest';
import type { InterceptionSettings } from '../../src/contract/entities/interception';
import { interceptionFixtures } from '../../src/machines/interception/interception.fixtures';
import { type InterceptionEvent, interceptionMachine } from '../../src/machines/interception/interception.machine';
import { selectGroupOptions, selectGroupsLocked } from '../../src/machines/interception/interception.selectors';
import { calls, describeModel, type ModelStep, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = interceptionMachine.provide({
    actors: { loadSettings: pendingActor(), saveSettings: pendingActor() },
    actions: { alert: (_, params) => effects.alert(params) },
  });
  return { machine, effects };
}

const settings = (isActive: boolean, chosen: number[] = []): InterceptionSettings => ({
  isActive,
  groups: [
    { id: 11, name: 'Building A' },
    { id: 40, name: 'Chosen by a colleague' },
  ].filter((g) => chosen.includes(g.id)),
  userGroups: [
    { id: 11, name: 'Building A' },
    { id: 12, name: 'Building B' },
  ],
});
const failure = { code: 'invalid data sent', status: 422 };

const events = [
  { type: 'xstate.done.actor.loadSettings', output: settings(false, [40]) },
  { type: 'xstate.done.actor.loadSettings', output: settings(true, [11]) },
  { type: 'xstate.error.actor.loadSettings', error: failure },
  { type: 'xstate.done.actor.saveSettings', output: settings(true, [11]) },
  { type: 'xstate.error.actor.saveSettings', error: failure },
  { type: 'group.toggle', id: 12 },
  { type: 'group.toggle', id: 99 },
  { type: 'interception.start' },
  { type: 'interception.stop' },
  { type: 'interception.retry' },
] as unknown as InterceptionEvent[];

const modelMachine = stubbed().machine;
type Step = ModelStep<typeof modelMachine>;
const saving = (s: Step['before']) => s?.matches('starting') === true || s?.matches('stopping') === true;

describeModel('interception', {
  machine: modelMachine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.selected.length > 0]),
  fixtures: interceptionFixtures,
  invariants: {
    'interception is started only with a group': (s) => {
      if (s.matches('starting')) expect(s.context.selected.length).toBeGreaterThan(0);
    },
    'chosen groups are among the listed ones': (s) => {
      for (const id of s.context.selected) expect(s.context.options.map((g) => g.id)).toContain(id);
    },
    'a save runs exactly while starting or stopping': (s) => {
      expect(s.children.saveSettings !== undefined).toBe(s.matches('starting') || s.matches('stopping'));
    },
  },
  rules: {
    'starting sends the chosen groups, stopping keeps them': (step) => {
      const saves = starts(step, 'saveSettings');
      if (saves.length === 0) return;
      expect(saves).toEqual([{ isActive: step.after.matches('starting'), groups: step.before?.context.selected }]);
      if (step.after.matches('starting')) expect(step.before?.context.selected.length).toBeGreaterThan(0);
    },
    'starting without a group warns and stays off': (step) => {
      if (step.event.type !== 'interception.start' || !step.before?.matches('inactive')) return;
      const none = step.before.context.selected.length === 0;
      expect(calls(step, 'alert')).toEqual(none ? [{ kind: 'warning', code: 'dialer:interception.needGroup' }] : []);
      expect(step.after.matches('inactive')).toBe(none);
    },
    'groups cannot be toggled unless interception is off': (step) => {
      if (step.event.type === 'group.toggle' && !step.before?.matches('inactive'))
        expect(step.after.context.selected).toEqual(step.before?.context.selected);
    },
    'once started, only chosen or own groups are listed': (step) => {
      if (step.event.type !== 'xstate.done.actor.saveSettings' || !step.before?.matches('starting')) return;
      const { options, selected, userGroupIds } = step.after.context;
      for (const g of options) expect(selected.includes(g.id) || userGroupIds.includes(g.id)).toBe(true);
    },
    'a refused save says why and goes back': (step) => {
      if (step.event.type !== 'xstate.error.actor.saveSettings' || !saving(step.before)) return;
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: `errors.http.${failure.code}` }]);
      expect(step.after.value).toBe(step.before?.matches('starting') ? 'inactive' : 'active');
    },
  },
});

const loaded = (output: InterceptionSettings) =>
  ({ type: 'xstate.done.actor.loadSettings', output }) as unknown as InterceptionEvent;

describe('interception behaviour', () => {
  it('starting without a group warns and stays inactive', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [loaded(settings(false)), { type: 'interception.start' }]);
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'warning', code: 'dialer:interception.needGroup' });
  });

  it('sends the chosen group ids, then keeps only selected or own groups', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [
      loaded(settings(false, [40])),
      { type: 'group.toggle', id: 40 },
      { type: 'group.toggle', id: 12 },
      { type: 'interception.start' },
    ]);
    expect(actor.getSnapshot().value).toBe('starting');
    expect(selectGroupOptions(actor.getSnapshot()).map((g) => g.id)).toEqual([11, 12, 40]);
    actor.send({
      type: 'xstate.done.actor.saveSettings',
      output: settings(true, [12]),
    } as unknown as InterceptionEvent);
    expect(actor.getSnapshot().value).toBe('active');
    // 40 was deselected and is not the user's own: it goes.
    expect(selectGroupOptions(actor.getSnapshot()).map((g) => g.id)).toEqual([11, 12]);
  });

  it('locks the groups while active', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [loaded(settings(true, [11])), { type: 'group.toggle', id: 12 }]);
    expect(actor.getSnapshot().context.selected).toEqual([11]);
    expect(selectGroupsLocked(actor.getSnapshot())).toBe(true);
  });

  it('a refused save alerts with the catalogue code and returns to where it was', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [
      loaded(settings(true, [11])),
      { type: 'interception.stop' },
      { type: 'xstate.error.actor.saveSettings', error: failure } as unknown as InterceptionEvent,
    ]);
    expect(actor.getSnapshot().value).toBe('active');
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'errors.http.invalid data sent' });
  });
});
