import { describe, expect, it, vi } from 'vitest';
import { systemActionFixtures } from '../../src/machines/system-action/system-action.fixtures';
import {
  type SystemAction,
  type SystemActionEvent,
  systemActionMachine,
} from '../../src/machines/system-action/system-action.machine';
import {
  selectIsActing,
  selectIsConfirmingAction,
  selectSystemAction,
} from '../../src/machines/system-action/system-action.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = systemActionMachine.provide({
    actors: { act: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const stop: SystemAction = { kind: 'worker', verb: 'stop', name: 'device-tasks' };
const clear: SystemAction = { kind: 'queue', verb: 'clear', queue: 'mail', status: 'sent' };
const reset: SystemAction = { kind: 'metrics', verb: 'reset' };
const failure = { code: 'item not found', status: 404 };
const events = [
  { type: 'action.requested', action: stop },
  { type: 'action.requested', action: clear },
  { type: 'action.requested', action: reset },
  { type: 'action.confirmed' },
  { type: 'action.cancelled' },
  { type: 'xstate.done.actor.act', output: { count: 3 } },
  { type: 'xstate.error.actor.act', error: failure },
] as unknown as SystemActionEvent[];

describeModel('systemAction', {
  machine: stubbed().machine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.action]),
  fixtures: systemActionFixtures,
  invariants: {
    'an action is held exactly while asking or acting': (s) => {
      expect(s.context.action !== null).toBe(!s.matches('idle'));
    },
    'the call runs exactly while acting': (s) => {
      expect(s.children.act !== undefined).toBe(s.matches('acting'));
    },
  },
  rules: {
    'nothing is done without a confirmation, and a confirmation does what it showed': (step) => {
      const started = starts(step, 'act');
      if (step.event.type === 'action.confirmed' && step.before?.matches('confirming'))
        expect(started).toEqual([step.before.context.action]);
      else expect(started).toEqual([]);
    },
    'a request while asking or acting changes nothing': (step) => {
      if (step.event.type !== 'action.requested' || !step.before || step.before.matches('idle')) return;
      expect(step.after.context.action).toEqual(step.before.context.action);
    },
    'the outcome is told once: what was done, or the failure': (step) => {
      const alerts = calls(step, 'alert');
      const action = step.before?.context.action;
      if (step.event.type === 'xstate.done.actor.act' && action) {
        const code = `system:alerts.${action.kind}.${action.verb}`;
        const params =
          action.kind === 'worker' ? { name: action.name } : action.kind === 'queue' ? { count: 3 } : undefined;
        expect(alerts).toEqual([params ? { kind: 'success', code, params } : { kind: 'success', code }]);
      } else if (step.event.type === 'xstate.error.actor.act' && action) {
        expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.item not found' }]);
      } else expect(alerts).toEqual([]);
    },
  },
});

describe('system action machine', () => {
  it('asks, acts, tells what was done and forgets', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'action.requested', action: clear }]);
    expect(selectIsConfirmingAction(actor.getSnapshot())).toBe(true);
    expect(selectSystemAction(actor.getSnapshot())).toEqual(clear);
    actor.send({ type: 'action.confirmed' });
    expect(selectIsActing(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.act?.getSnapshot().input).toEqual(clear);
    actor.send({ type: 'xstate.done.actor.act', output: { count: 12 } } as never);
    expect(effects.alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'system:alerts.queue.clear',
      params: { count: 12 },
    });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectSystemAction(actor.getSnapshot())).toBeNull();
  });

  it('cancelling does nothing', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'action.requested', action: stop },
      { type: 'action.cancelled' },
    ]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().children.act).toBeUndefined();
  });
});
