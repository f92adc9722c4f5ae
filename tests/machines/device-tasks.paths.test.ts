import { describe, expect, it, vi } from 'vitest';
import { deviceTasksFixtures } from '../../src/machines/device-tasks/device-tasks.fixtures';
import {
  type DeviceTasksEvent,
  deviceTasksMachine,
  type TaskRequest,
} from '../../src/machines/device-tasks/device-tasks.machine';
import { selectIsConfirmingTasks, selectTaskRequest } from '../../src/machines/device-tasks/device-tasks.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = deviceTasksMachine.provide({
    actors: { run: pendingActor() },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}

const restartAll: TaskRequest = { kind: 'restart', items: null };
const reinit: TaskRequest = { kind: 'reinit', devices: [{ id: 7, name: 'Entrance panel' }] };
const remove: TaskRequest = { kind: 'delete', items: [12, 13] };
const events = [
  { type: 'tasks.request', request: restartAll },
  { type: 'tasks.request', request: reinit },
  { type: 'tasks.request', request: remove },
  { type: 'tasks.confirm' },
  { type: 'tasks.cancel' },
  { type: 'xstate.done.actor.run', output: { count: 2 } },
  { type: 'xstate.error.actor.run', error: { code: 'protocol none, cannot init, restart queue or sync', status: 409 } },
] as unknown as DeviceTasksEvent[];

const SUCCESS: Record<TaskRequest['kind'], string> = {
  restart: 'deviceTasks:alerts.restarted',
  reinit: 'deviceTasks:alerts.reinitialised',
  delete: 'deviceTasks:alerts.deleted',
};

describeModel('deviceTasks', {
  machine: stubbed().machine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.request]),
  fixtures: deviceTasksFixtures,
  invariants: {
    'a request is held exactly while asking or running': (s) => {
      expect(s.context.request !== null).toBe(!s.matches('idle'));
    },
    'the call runs exactly while running': (s) => {
      expect(s.children.run !== undefined).toBe(s.matches('running'));
    },
  },
  rules: {
    'nothing runs without a confirmation, and a confirmation runs what it showed': (step) => {
      const started = starts(step, 'run');
      if (step.event.type === 'tasks.confirm' && step.before?.matches('confirming'))
        expect(started).toEqual([step.before.context.request]);
      else expect(started).toEqual([]);
    },
    'a new request while one is open changes nothing': (step) => {
      if (step.event.type !== 'tasks.request' || step.before?.matches('idle') !== false) return;
      expect(step.after.context.request).toEqual(step.before.context.request);
    },
    'the outcome is told once: the count, or the failure': (step) => {
      const alerts = calls(step, 'alert');
      const request = step.before?.context.request;
      if (step.event.type === 'xstate.done.actor.run' && request)
        expect(alerts).toEqual([{ kind: 'success', code: SUCCESS[request.kind], params: { count: 2 } }]);
      else if (step.event.type === 'xstate.error.actor.run' && request)
        expect(alerts).toEqual([
          { kind: 'error', code: 'errors.http.protocol none, cannot init, restart queue or sync' },
        ]);
      else expect(alerts).toEqual([]);
    },
  },
});

describe('device tasks machine', () => {
  it('asks, runs the reinit it showed, tells how many and forgets', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'tasks.request', request: reinit }]);
    expect(selectIsConfirmingTasks(actor.getSnapshot())).toBe(true);
    expect(selectTaskRequest(actor.getSnapshot())).toEqual(reinit);
    actor.send({ type: 'tasks.confirm' });
    expect(actor.getSnapshot().children.run?.getSnapshot().input).toEqual(reinit);
    actor.send({ type: 'xstate.done.actor.run', output: { count: 1 } } as never);
    expect(alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'deviceTasks:alerts.reinitialised',
      params: { count: 1 },
    });
    expect(selectTaskRequest(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it('cancelling runs nothing', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'tasks.request', request: remove }, { type: 'tasks.cancel' }]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().children.run).toBeUndefined();
    actor.stop();
  });
});
