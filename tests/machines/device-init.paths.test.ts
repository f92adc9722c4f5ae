import { describe, expect, it } from 'vitest';
import { deviceInitFixtures } from '../../src/machines/device-init/device-init.fixtures';
import { deviceInitMachine } from '../../src/machines/device-init/device-init.machine';
import {
  selectDeletableCount,
  selectInitFailure,
  selectInitProgress,
  selectInitStep,
} from '../../src/machines/device-init/device-init.selectors';
import type { DeviceInitEvent, FollowedTask } from '../../src/machines/device-init/device-init.types';
import { describeModel, pendingActor, replay, starts, timersOf } from '../support/model-based';

const machine = deviceInitMachine.provide({
  actors: { readDevice: pendingActor(), send: pendingActor(), readBatch: pendingActor(), deleteTasks: pendingActor() },
});
const input = { deviceId: 7, deviceName: 'Entrance panel' };
const POLL = 'xstate.after.poll.deviceInit.following.watching';

const task = (id: number, kind: FollowedTask['kind'], status: FollowedTask['status']): FollowedTask => ({
  id,
  kind,
  status,
  attempts: 0,
  max_attempts: 5,
  last_error: null,
});
const sent = { batchId: 'b-1', tasks: [task(1, 'init', 'queued'), task(2, 'settings.apply', 'queued')] };
const progress = [task(1, 'init', 'completed'), task(2, 'settings.apply', 'started')];
const failedRead = [
  task(1, 'init', 'completed'),
  { ...task(2, 'settings.apply', 'error'), attempts: 5, last_error: { code: 'relay_out_of_range', message: null } },
];

const events = [
  { type: 'xstate.done.actor.readDevice', output: { protocol: 'mqtt', status: 'online' } },
  { type: 'xstate.done.actor.readDevice', output: { protocol: 'none', status: 'unknown' } },
  { type: 'xstate.error.actor.readDevice', error: { code: 'item not found', status: 404 } },
  { type: 'init.confirm' },
  { type: 'xstate.done.actor.send', output: sent },
  { type: 'xstate.error.actor.send', error: { code: 'protocol none, cannot init, restart queue or sync' } },
  { type: 'tasks.changed', tasks: [{ id: 1, status: 'started' }] },
  {
    type: 'tasks.changed',
    tasks: [
      { id: 1, status: 'completed' },
      { id: 2, status: 'completed' },
    ],
  },
  { type: 'tasks.changed', tasks: [{ id: 2, status: 'error' }] },
  { type: 'tasks.changed', tasks: [{ id: 99, status: 'error' }] },
  { type: 'tasks.resync' },
  { type: POLL },
  { type: 'xstate.done.actor.readBatch', output: progress },
  { type: 'xstate.done.actor.readBatch', output: failedRead },
  { type: 'xstate.done.actor.readBatch', output: [] },
  { type: 'xstate.error.actor.readBatch', error: { code: 'timeout' } },
  { type: 'init.cancel' },
  { type: 'xstate.done.actor.deleteTasks', output: 1 },
  { type: 'xstate.error.actor.deleteTasks', error: { code: 'item not found', status: 404 } },
  { type: 'init.retry' },
] as unknown as DeviceInitEvent[];

const FOLLOWING = ['following', 'cancelling', 'cancelled', 'done'] as const;
const NOT_STARTED = ['new', 'queued', 'waiting'];

describeModel('deviceInit', {
  machine,
  events,
  input,
  serialize: (s) =>
    JSON.stringify([s.value, s.context.tasks.map((t) => t.status), s.context.failure?.code, s.context.deleted]),
  fixtures: deviceInitFixtures,
  invariants: {
    'a reason is held exactly when refused or failed': (s) => {
      expect(s.context.failure !== null).toBe(s.matches('refused') || s.matches('failed'));
    },
    'refused means protocol none, with its catalogue code': (s) => {
      if (!s.matches('refused')) return;
      expect(s.context.device?.protocol).toBe('none');
      expect(s.context.failure).toEqual({ code: 'protocol none, cannot init, restart queue or sync', task: null });
    },
    'from following on, the batch is known': (s) => {
      if (FOLLOWING.some((state) => s.matches(state))) expect(s.context.batchId).toBe('b-1');
    },
    'the live watch runs exactly while following': (s) => {
      expect(s.children.watch !== undefined).toBe(s.matches('following'));
    },
    'the batch is read exactly while following.reading': (s) => {
      expect(s.children.readBatch !== undefined).toBe(s.matches({ following: 'reading' }));
    },
    'done means every task completed': (s) => {
      if (!s.matches('done')) return;
      expect(s.context.tasks.length).toBeGreaterThan(0);
      expect(s.context.tasks.every((t) => t.status === 'completed')).toBe(true);
    },
    "a task's failure is told with that task's own error": (s) => {
      const failure = s.context.failure;
      if (!s.matches('failed') || !failure?.task) return;
      expect(failure).toEqual({
        code: 'relay_out_of_range',
        message: null,
        task: { id: 2, kind: 'settings.apply' },
      });
    },
  },
  rules: {
    'nothing is sent without the confirmation, and never for protocol none': (step) => {
      const sends = starts(step, 'send');
      if (step.event.type === 'init.confirm' && step.before?.matches('confirming')) {
        expect(step.before.context.device?.protocol).not.toBe('none');
        expect(sends).toEqual([{ deviceId: 7, action: 'init' }]);
      } else expect(sends).toEqual([]);
    },
    'checking reads the device it was opened for, at the start and on retry': (step) => {
      const reads = starts(step, 'readDevice');
      const entered = step.after.matches('checking') && (step.before === null || step.before.matches('failed'));
      expect(reads).toEqual(entered ? [{ deviceId: 7 }] : []);
    },
    'a cancel deletes exactly the tasks not started yet': (step) => {
      const deletes = starts(step, 'deleteTasks');
      if (step.event.type === 'init.cancel' && step.before?.matches('following')) {
        const ids = step.before.context.tasks.filter((t) => NOT_STARTED.includes(t.status)).map((t) => t.id);
        expect(deletes).toEqual([{ ids }]);
      } else expect(deletes).toEqual([]);
    },
    'while watching a poll is pending, and only then': (step) => {
      const polls = timersOf(step.pending, POLL);
      if (step.after.matches({ following: 'watching' })) expect(polls).toHaveLength(1);
      else expect(polls).toEqual([]);
    },
    'the batch is read on the poll, a resync, or a failure or deletion of its own tasks': (step) => {
      const reads = starts(step, 'readBatch');
      if (!step.before?.matches({ following: 'watching' })) return expect(reads).toEqual([]);
      const e = step.event as DeviceInitEvent | { type: string };
      const ownFailure =
        e.type === 'tasks.changed' &&
        'tasks' in e &&
        e.tasks.some((c) => c.id <= 2 && (c.status === 'error' || c.status === 'deleted'));
      const expected = e.type === POLL || e.type === 'tasks.resync' || ownFailure;
      expect(reads).toEqual(expected ? [{ batchId: 'b-1' }] : []);
    },
    'live changes move the progress of their own tasks only': (step) => {
      const e = step.event as DeviceInitEvent;
      if (e.type !== 'tasks.changed' || !step.before?.matches('following')) return;
      const before = step.before.context.tasks;
      const after = step.after.context.tasks;
      expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
      for (const t of after) {
        const change = e.tasks.find((c) => c.id === t.id && c.status !== 'error' && c.status !== 'deleted');
        expect(t.status).toBe(change ? change.status : before.find((b) => b.id === t.id)?.status);
      }
    },
  },
});

describe('device init machine', () => {
  it('checks, sends on approval, follows live and ends done', () => {
    const actor = replay(machine, input, [
      { type: 'xstate.done.actor.readDevice', output: { protocol: 'mqtt', status: 'offline' } },
      { type: 'init.confirm' },
      { type: 'xstate.done.actor.send', output: sent },
    ] as never);
    expect(selectInitStep(actor.getSnapshot())).toBe('following');
    expect(selectInitProgress(actor.getSnapshot())).toEqual({ done: 0, total: 2 });
    expect(selectDeletableCount(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'tasks.changed', tasks: [{ id: 1, status: 'completed' }] });
    expect(selectInitProgress(actor.getSnapshot())).toEqual({ done: 1, total: 2 });
    actor.send({ type: 'tasks.changed', tasks: [{ id: 2, status: 'completed' }] });
    expect(selectInitStep(actor.getSnapshot())).toBe('done');
    actor.stop();
  });

  it("fails with the failing task's error after reading the batch", () => {
    const actor = replay(machine, input, [
      { type: 'xstate.done.actor.readDevice', output: { protocol: 'mqtt', status: 'online' } },
      { type: 'init.confirm' },
      { type: 'xstate.done.actor.send', output: sent },
      { type: 'tasks.changed', tasks: [{ id: 2, status: 'error' }] },
    ] as never);
    // The error status alone says nothing of why: the batch is read first.
    expect(actor.getSnapshot().matches({ following: 'reading' })).toBe(true);
    actor.send({ type: 'xstate.done.actor.readBatch', output: failedRead } as never);
    expect(selectInitStep(actor.getSnapshot())).toBe('failed');
    expect(selectInitFailure(actor.getSnapshot())).toEqual({
      code: 'relay_out_of_range',
      message: null,
      task: { id: 2, kind: 'settings.apply' },
    });
    actor.stop();
  });

  it('the settings apply sends its own action', () => {
    const actor = replay(machine, { ...input, action: 'settings.apply' }, [
      { type: 'xstate.done.actor.readDevice', output: { protocol: 'mqtt', status: 'online' } },
      { type: 'init.confirm' },
    ] as never);
    expect(actor.getSnapshot().children.send?.getSnapshot().input).toEqual({ deviceId: 7, action: 'settings.apply' });
    actor.stop();
  });
});
