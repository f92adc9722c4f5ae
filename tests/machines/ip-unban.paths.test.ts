import { describe, expect, it, vi } from 'vitest';
import { ipUnbanFixtures } from '../../src/machines/ip-unban/ip-unban.fixtures';
import { type IpUnbanEvent, ipUnbanMachine, type UnbanTarget } from '../../src/machines/ip-unban/ip-unban.machine';
import {
  selectIsConfirmingUnban,
  selectIsUnbanning,
  selectUnbanTarget,
} from '../../src/machines/ip-unban/ip-unban.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = ipUnbanMachine.provide({
    actors: { unban: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const one: UnbanTarget = { kind: 'one', ip: '203.0.113.7', service: 'sip' };
const all: UnbanTarget = { kind: 'all', service: null };
const failure = { code: 'item not found', status: 404 };
const events = [
  { type: 'unban.requested', target: one },
  { type: 'unban.requested', target: all },
  { type: 'unban.serviceChosen', service: 'http' },
  { type: 'unban.serviceChosen', service: null },
  { type: 'unban.confirmed' },
  { type: 'unban.cancelled' },
  { type: 'xstate.done.actor.unban', output: { unbanned: 4 } },
  { type: 'xstate.error.actor.unban', error: failure },
] as unknown as IpUnbanEvent[];

describeModel('ipUnban', {
  machine: stubbed().machine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.target]),
  fixtures: ipUnbanFixtures,
  invariants: {
    'a target is held exactly while asking or lifting': (s) => {
      expect(s.context.target !== null).toBe(!s.matches('idle'));
    },
    'the call runs exactly while unbanning': (s) => {
      expect(s.children.unban !== undefined).toBe(s.matches('unbanning'));
    },
  },
  rules: {
    'nothing is lifted without a confirmation, and a confirmation lifts what it showed': (step) => {
      const started = starts(step, 'unban');
      if (step.event.type === 'unban.confirmed' && step.before?.matches('confirming'))
        expect(started).toEqual([step.before.context.target]);
      else expect(started).toEqual([]);
    },
    'only an open unban-all confirmation changes its service; anything else keeps its target': (step) => {
      const e = step.event as IpUnbanEvent;
      if (e.type !== 'unban.serviceChosen' || !step.before) return;
      const before = step.before.context.target;
      const chosen = before?.kind === 'all' && step.before.matches('confirming');
      expect(step.after.context.target).toEqual(chosen ? { kind: 'all', service: e.service } : before);
    },
    'the outcome is told once: the count lifted, or the failure': (step) => {
      const alerts = calls(step, 'alert');
      const target = step.before?.context.target;
      if (step.event.type === 'xstate.done.actor.unban' && target) {
        const code =
          target.kind === 'one'
            ? `ipBlocking:alerts.unbanned.${target.service}`
            : `ipBlocking:alerts.unbannedAll.${target.service ?? 'any'}`;
        expect(alerts).toEqual([
          { kind: 'success', code, params: target.kind === 'one' ? { ip: target.ip } : { count: 4 } },
        ]);
      } else if (step.event.type === 'xstate.error.actor.unban' && target) {
        expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.item not found' }]);
      } else expect(alerts).toEqual([]);
    },
  },
});

describe('ip unban machine', () => {
  it('asks, lets the service be chosen, lifts, tells the count and forgets', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'unban.requested', target: all },
      { type: 'unban.serviceChosen', service: 'sip' },
    ]);
    expect(selectIsConfirmingUnban(actor.getSnapshot())).toBe(true);
    expect(selectUnbanTarget(actor.getSnapshot())).toEqual({ kind: 'all', service: 'sip' });
    actor.send({ type: 'unban.confirmed' });
    expect(selectIsUnbanning(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().children.unban?.getSnapshot().input).toEqual({ kind: 'all', service: 'sip' });
    actor.send({ type: 'xstate.done.actor.unban', output: { unbanned: 3 } } as never);
    expect(effects.alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'ipBlocking:alerts.unbannedAll.sip',
      params: { count: 3 },
    });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectUnbanTarget(actor.getSnapshot())).toBeNull();
  });

  it('cancelling lifts nothing', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'unban.requested', target: one }, { type: 'unban.cancelled' }]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().children.unban).toBeUndefined();
  });
});
