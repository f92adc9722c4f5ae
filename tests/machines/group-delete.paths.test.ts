import { describe, expect, it, vi } from 'vitest';
import { groupDeleteFixtures } from '../../src/machines/group-delete/group-delete.fixtures';
import {
  type DeleteTarget,
  type GroupDeleteEvent,
  groupDeleteMachine,
} from '../../src/machines/group-delete/group-delete.machine';
import {
  selectDeleteFailure,
  selectDeleteTarget,
  selectIsConfirmingDelete,
  selectIsDeleting,
} from '../../src/machines/group-delete/group-delete.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn(), deleted: vi.fn() };
  const machine = groupDeleteMachine.provide({
    actors: { remove: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p), deleted: (_, p) => effects.deleted(p) },
  });
  return { machine, effects };
}

const buildingA: DeleteTarget = { id: 2, name: 'Building A', parentId: 1 };
const top: DeleteTarget = { id: 1, name: 'Riverside Residence', parentId: null };
const refusal = { code: 'users must be moved before deleting the group', status: 409 };
const events = [
  { type: 'delete.requested', group: buildingA },
  { type: 'delete.requested', group: top },
  { type: 'delete.confirmed' },
  { type: 'delete.cancelled' },
  { type: 'xstate.done.actor.remove', output: { data: { deleted: 3 } } },
  { type: 'xstate.error.actor.remove', error: refusal },
] as unknown as GroupDeleteEvent[];

describeModel('groupDelete', {
  machine: stubbed().machine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.group, s.context.failure]),
  fixtures: groupDeleteFixtures,
  invariants: {
    'a group is held exactly while asking or deleting': (s) => {
      expect(s.context.group !== null).toBe(!s.matches('idle'));
    },
    'the call runs exactly while deleting': (s) => {
      expect(s.children.remove !== undefined).toBe(s.matches('deleting'));
    },
    'a refusal is shown only in the confirmation': (s) => {
      if (s.context.failure) expect(s.matches('confirming')).toBe(true);
    },
  },
  rules: {
    'nothing is deleted without a confirmation, and a confirmation deletes the group it named, once': (step) => {
      const started = starts(step, 'remove');
      if (step.event.type === 'delete.confirmed' && step.before?.matches('confirming'))
        expect(started).toEqual([{ id: step.before.context.group?.id }]);
      else expect(started).toEqual([]);
    },
    'a cancel deletes nothing and forgets the group': (step) => {
      if (step.event.type !== 'delete.cancelled' || !step.before?.matches('confirming')) return;
      expect(starts(step, 'remove')).toEqual([]);
      expect(step.after.matches('idle')).toBe(true);
      expect(step.after.context.group).toBeNull();
    },
    'a deleted group is told once (alert and the tree refresh); a refusal tells neither': (step) => {
      const group = step.before?.context.group;
      if (step.event.type === 'xstate.done.actor.remove' && group && step.before?.matches('deleting')) {
        expect(calls(step, 'alert')).toEqual([
          { kind: 'success', code: 'groups:delete.done', params: { name: group.name } },
        ]);
        expect(calls(step, 'deleted')).toEqual([group]);
      } else {
        expect(calls(step, 'alert')).toEqual([]);
        expect(calls(step, 'deleted')).toEqual([]);
      }
    },
    'a refusal goes back to the same confirmation with the server’s answer': (step) => {
      if (step.event.type !== 'xstate.error.actor.remove' || !step.before?.matches('deleting')) return;
      expect(step.after.matches('confirming')).toBe(true);
      expect(step.after.context.group).toEqual(step.before.context.group);
      expect(step.after.context.failure).toEqual(refusal);
    },
  },
});

describe('group delete machine', () => {
  it('asks, deletes the named group, tells and forgets', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'delete.requested', group: buildingA }]);
    expect(selectIsConfirmingDelete(actor.getSnapshot())).toBe(true);
    expect(selectDeleteTarget(actor.getSnapshot())).toEqual(buildingA);
    actor.send({ type: 'delete.confirmed' });
    expect(selectIsDeleting(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.remove?.getSnapshot().input).toEqual({ id: 2 });
    actor.send({ type: 'xstate.done.actor.remove', output: {} } as never);
    expect(effects.alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'groups:delete.done',
      params: { name: 'Building A' },
    });
    expect(effects.deleted).toHaveBeenCalledWith({ id: 2, name: 'Building A', parentId: 1 });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectDeleteTarget(actor.getSnapshot())).toBeNull();
  });

  it('a refusal keeps the confirmation open with the reason; a retry clears it', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'delete.requested', group: buildingA },
      { type: 'delete.confirmed' },
    ]);
    actor.send({ type: 'xstate.error.actor.remove', error: refusal } as never);
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(selectDeleteFailure(actor.getSnapshot())).toEqual(refusal);
    expect(effects.deleted).not.toHaveBeenCalled();
    actor.send({ type: 'delete.confirmed' });
    expect(selectDeleteFailure(actor.getSnapshot())).toBeNull();
  });

  it('cancelling deletes nothing', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'delete.requested', group: top }, { type: 'delete.cancelled' }]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().children.remove).toBeUndefined();
  });
});
