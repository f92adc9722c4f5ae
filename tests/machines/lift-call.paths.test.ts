import { describe, expect, it, vi } from 'vitest';
import { liftCallFixtures, sampleFloors } from '../../src/machines/lift-call/lift-call.fixtures';
import { type LiftCallEvent, liftCallMachine } from '../../src/machines/lift-call/lift-call.machine';
import {
  selectApartments,
  selectCanCall,
  selectFailure,
  selectIsOpen,
} from '../../src/machines/lift-call/lift-call.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = liftCallMachine.provide({
    actors: { loadFloors: pendingActor(), callLift: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const liftA = { id: 7, name: 'Lift A' };
const offline = { code: 'device offline, cannot connect', status: 409 };
const events = [
  { type: 'dialog.open', elevator: liftA },
  { type: 'dialog.close' },
  { type: 'floors.retry' },
  { type: 'floor.change', floor: 2 },
  { type: 'floor.change', floor: null },
  { type: 'apartment.change', apartment: '201' },
  { type: 'direction.change', direction: 'down' },
  { type: 'call.submit' },
  { type: 'call.again' },
  { type: 'xstate.done.actor.loadFloors', output: sampleFloors },
  { type: 'xstate.error.actor.loadFloors', error: { code: 'network' } },
  { type: 'xstate.done.actor.callLift', output: { data: true } },
  { type: 'xstate.error.actor.callLift', error: offline },
] as unknown as LiftCallEvent[];

describeModel('liftCall', {
  machine: stubbed().machine,
  events,
  serialize: (s) =>
    JSON.stringify([s.value, s.context.floor, s.context.apartment, s.context.direction, s.context.failure !== null]),
  fixtures: liftCallFixtures,
  invariants: {
    'an elevator is held exactly while the dialog is open': (s) => {
      expect(s.context.elevator !== null).toBe(!s.matches('closed'));
    },
    'floors load exactly while loading, and the call runs exactly while calling': (s) => {
      expect(s.children.loadFloors !== undefined).toBe(s.matches('loading'));
      expect(s.children.callLift !== undefined).toBe(s.matches('calling'));
    },
    'a failure is shown only where it explains something': (s) => {
      if (s.context.failure) expect(s.matches('loadFailed') || s.matches('failed')).toBe(true);
    },
    'an apartment is always one of the chosen floor’s, or none': (s) => {
      if (s.context.apartment !== null && s.context.floors.length > 0) {
        expect(selectApartments(s)).toContain(s.context.apartment);
      }
    },
  },
  offer: (s, event) =>
    // The dialog offers only the apartments of the chosen floor.
    event.type !== 'apartment.change' || selectApartments(s).includes(event.apartment ?? ''),
  rules: {
    'a call is sent only from a submit with a floor, with exactly the choices shown': (step) => {
      const started = starts(step, 'callLift');
      const before = step.before;
      if (step.event.type === 'call.submit' && before && selectCanCall(before)) {
        expect(started).toEqual([
          {
            id: liftA.id,
            body: {
              floor: before.context.floor,
              apartment: before.context.apartment,
              direction: before.context.direction,
            },
          },
        ]);
      } else expect(started).toEqual([]);
    },
    'the floors are asked for the elevator of the dialog when it opens or on retry': (step) => {
      const started = starts(step, 'loadFloors');
      const opened = step.event.type === 'dialog.open' && step.before?.matches('closed');
      const retried = step.event.type === 'floors.retry' && step.before?.matches('loadFailed');
      expect(started).toEqual(opened || retried ? [{ id: liftA.id }] : []);
    },
    'a lift that took the call is told once; a refusal is not': (step) => {
      const done = step.event.type === 'xstate.done.actor.callLift' && step.before?.matches('calling');
      expect(calls(step, 'alert')).toEqual(
        done ? [{ kind: 'success', code: 'elevators:call.done', params: { name: 'Lift A' } }] : [],
      );
    },
    'closing forgets everything': (step) => {
      if (step.event.type !== 'dialog.close') return;
      expect(step.after.matches('closed')).toBe(true);
      expect(step.after.context).toMatchObject({ elevator: null, floors: [], floor: null, failure: null });
    },
  },
});

describe('lift call machine', () => {
  it('loads floors, calls with the choices, and says so', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, undefined, [{ type: 'dialog.open', elevator: liftA }]);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'xstate.done.actor.loadFloors', output: sampleFloors } as never);
    actor.send({ type: 'call.submit' });
    // No floor yet: nothing is sent.
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'floor.change', floor: 3 });
    expect(selectApartments(actor.getSnapshot())).toEqual(['301', '302']);
    actor.send({ type: 'apartment.change', apartment: '302' });
    actor.send({ type: 'direction.change', direction: 'down' });
    actor.send({ type: 'call.submit' });
    expect(actor.getSnapshot().children.callLift?.getSnapshot().input).toEqual({
      id: 7,
      body: { floor: 3, apartment: '302', direction: 'down' },
    });
    actor.send({ type: 'xstate.done.actor.callLift', output: { data: true } } as never);
    expect(actor.getSnapshot().matches('called')).toBe(true);
    expect(effects.alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'elevators:call.done',
      params: { name: 'Lift A' },
    });
  });

  it('a refusal shows the reason; changing the floor clears it and drops the apartment', () => {
    const { machine } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'dialog.open', elevator: liftA },
      { type: 'xstate.done.actor.loadFloors', output: sampleFloors } as never,
      { type: 'floor.change', floor: 2 },
      { type: 'apartment.change', apartment: '201' },
      { type: 'call.submit' },
    ]);
    actor.send({ type: 'xstate.error.actor.callLift', error: offline } as never);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(selectFailure(actor.getSnapshot())).toEqual(offline);
    actor.send({ type: 'floor.change', floor: 3 });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.apartment).toBeNull();
  });
});
