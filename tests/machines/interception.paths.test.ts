import { describe, expect, it, vi } from 'vitest';
import type { InterceptionSettings } from '../../src/contract/entities/interception';
import { interceptionFixtures } from '../../src/machines/interception/interception.fixtures';
import { type InterceptionEvent, interceptionMachine } from '../../src/machines/interception/interception.machine';
import { selectGroupOptions, selectGroupsLocked } from '../../src/machines/interception/interception.selectors';
import { describeModel, pendingActor, replay } from '../support/model-based';

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

describeModel('interception', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  fixtures: interceptionFixtures,
  invariant: (s) => {
    // Starting is only ever attempted with a group; selections stay within the listed groups.
    if (s.matches('starting')) expect(s.context.selected.length).toBeGreaterThan(0);
    for (const id of s.context.selected) expect(s.context.options.map((g) => g.id)).toContain(id);
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
