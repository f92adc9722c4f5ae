import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import {
  amenityReservationFixtures,
  canceledReservation,
  inUseReservation,
  SAMPLE_DATE,
  sampleAmenity,
  sampleDay,
  sampleReservation,
  takenDay,
} from '../../src/machines/amenity-reservation/amenity-reservation.fixtures';
import { amenityReservationMachine } from '../../src/machines/amenity-reservation/amenity-reservation.machine';
import { canSubmit, saveInput } from '../../src/machines/amenity-reservation/amenity-reservation.rules';
import {
  selectCanSubmit,
  selectFullSlots,
  selectStep,
} from '../../src/machines/amenity-reservation/amenity-reservation.selectors';
import type { AmenityReservationEvent } from '../../src/machines/amenity-reservation/amenity-reservation.types';
import { calls, describeModel, pendingActor, replay, ruleCoverage, starts } from '../support/model-based';

const H = 3600;
const stubbed = () => {
  const alert = vi.fn();
  const machine = amenityReservationMachine.provide({
    actors: {
      loadReservation: pendingActor(),
      loadDay: pendingActor(),
      saveReservation: pendingActor(),
      cancelReservation: pendingActor(),
      dayLive: fromCallback(() => () => {}),
    },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
};

const conflict = { code: 'no free places', status: 409, params: { from: '10:00', to: '11:00' } };
const past = { code: 'date or time must be in the future', status: 400 };
const events = [
  { type: 'amenity.choose', amenity: sampleAmenity },
  { type: 'date.choose', date: SAMPLE_DATE },
  { type: 'holder.choose', holder: { id: 9, name: 'Nick Neighbour' } },
  { type: 'slot.toggle', slot: { from: 10 * H, to: 11 * H } },
  { type: 'slot.toggle', slot: { from: 7 * H, to: 8 * H } },
  { type: 'persons.change', persons: 2 },
  { type: 'persons.change', persons: 9 },
  { type: 'reservation.submit' },
  { type: 'reservation.confirm' },
  { type: 'reservation.back' },
  { type: 'reservation.new' },
  { type: 'reservation.cancel' },
  { type: 'cancel.confirm' },
  { type: 'cancel.dismiss' },
  { type: 'day.retry' },
  { type: 'reservation.retry' },
  { type: 'day.changed' },
  { type: 'xstate.done.actor.loadReservation', output: sampleReservation },
  { type: 'xstate.done.actor.loadReservation', output: inUseReservation },
  { type: 'xstate.error.actor.loadReservation', error: { code: 'item not found', status: 404 } },
  { type: 'xstate.done.actor.loadDay', output: sampleDay },
  { type: 'xstate.error.actor.loadDay', error: { code: 'network' } },
  { type: 'xstate.done.actor.refreshDay', output: takenDay },
  { type: 'xstate.error.actor.refreshDay', error: { code: 'network' } },
  { type: 'xstate.done.actor.saveReservation', output: { id: 42 } },
  { type: 'xstate.error.actor.saveReservation', error: conflict },
  { type: 'xstate.error.actor.saveReservation', error: past },
  { type: 'xstate.done.actor.conflictDay', output: takenDay },
  { type: 'xstate.error.actor.conflictDay', error: { code: 'network' } },
  { type: 'xstate.done.actor.cancelReservation', output: canceledReservation },
  { type: 'xstate.error.actor.cancelReservation', error: { code: 'non-cancelable reservation status', status: 409 } },
] as unknown as AmenityReservationEvent[];

const serialize = (s: ReturnType<ReturnType<typeof stubbed>['machine']['resolveState']>) =>
  JSON.stringify([
    s.value,
    s.context.slots.length,
    s.context.persons <= 5,
    s.context.failure?.code ?? null,
    s.context.conflict,
    s.context.reservation?.status ?? null,
  ]);

const LOADS = {
  loadReservation: 'loadingReservation',
  loadDay: 'loadingDay',
  refreshDay: { day: 'refreshing' },
  conflictDay: { day: 'conflict' },
  saveReservation: { day: 'saving' },
  cancelReservation: 'cancelling',
} as const;

const coverage = ruleCoverage();
const model = (name: string, input: { id: number | null; userOffset: number }) =>
  describeModel(name, {
    machine: stubbed().machine,
    events,
    input,
    serialize: serialize as never,
    fixtures: amenityReservationFixtures,
    coverage,
    invariants: {
      'the day is live exactly while it is shown': (s) => {
        expect(s.children.dayLive !== undefined).toBe(s.matches('day'));
      },
      'each request runs exactly in its state': (s) => {
        for (const [id, state] of Object.entries(LOADS))
          expect(s.children[id] !== undefined, id).toBe(s.matches(state));
      },
      'chosen slots are open slots of the day shown, in order': (s) => {
        if (!s.context.day) return; // a stored reservation's slots, before its day is read
        const open = (s.context.day?.slots ?? []).filter((x) => !x.ended).map((x) => x.from);
        for (const slot of s.context.slots) expect(open).toContain(slot.from);
        expect(s.context.slots.map((x) => x.from)).toEqual(
          [...s.context.slots.map((x) => x.from)].sort((a, b) => a - b),
        );
      },
      'a conflict is told only over the day read after it': (s) => {
        if (!s.context.conflict) return;
        expect((['choosing', 'refreshing', 'conflict'] as const).some((x) => s.matches({ day: x }))).toBe(true);
      },
      'only a choice the day has room for is confirmed or saved': (s) => {
        if (s.matches({ day: 'confirming' }) || s.matches({ day: 'saving' })) expect(canSubmit(s.context)).toBe(true);
      },
      'a stored reservation that may not change is only viewed': (s) => {
        if (s.matches('day') && s.context.id !== null && s.context.reservation) {
          expect(s.context.reservation.status).toBe('reserved');
        }
      },
    },
    rules: {
      'a save sends exactly the choice confirmed, and only on confirm': (step) => {
        const started = starts(step, 'saveReservation');
        const before = step.before;
        if (step.event.type === 'reservation.confirm' && before?.matches({ day: 'confirming' })) {
          expect(started).toEqual([saveInput(before.context)]);
        } else expect(started).toEqual([]);
      },
      'the day is read for the chosen amenity and date': (step) => {
        for (const id of ['loadDay', 'refreshDay', 'conflictDay']) {
          for (const input of starts(step, id)) {
            expect(input).toEqual({
              amenityId: step.after.context.amenity?.id,
              date: step.after.context.date,
              userOffset: 0,
            });
          }
        }
      },
      'someone else’s booking of the places reads the day again and says so': (step) => {
        if (step.event.type !== 'xstate.error.actor.saveReservation' || !step.before?.matches({ day: 'saving' }))
          return;
        const isConflict = (step.event as { error: { code: string } }).error.code === 'no free places';
        if (isConflict) {
          expect(step.after.matches({ day: 'conflict' })).toBe(true);
          expect(step.after.context.conflict).toBe(true);
          expect(starts(step, 'conflictDay')).toHaveLength(1);
        } else {
          expect(step.after.matches({ day: 'choosing' })).toBe(true);
          expect(step.after.context.failure).toEqual(past);
        }
      },
      'success is told once: booked, or cancelled': (step) => {
        const saved =
          step.event.type === 'xstate.done.actor.saveReservation' && step.before?.matches({ day: 'saving' });
        const canceled =
          step.event.type === 'xstate.done.actor.cancelReservation' && step.before?.matches('cancelling');
        expect(calls(step, 'alert')).toEqual(
          saved
            ? [{ kind: 'success', code: 'amenities:reservation.saved', params: { name: 'Gym' } }]
            : canceled
              ? [{ kind: 'success', code: 'amenities:reservation.canceledAlert' }]
              : [],
        );
      },
      'a cancel is sent only after it is confirmed': (step) => {
        const started = starts(step, 'cancelReservation');
        const confirmed = step.event.type === 'cancel.confirm' && step.before?.matches('confirmingCancel');
        expect(started).toEqual(confirmed ? [{ id: step.before?.context.id }] : []);
      },
      'a change elsewhere re-reads the day while choosing, never while saving': (step) => {
        if (step.event.type !== 'day.changed' || !step.before?.matches('day')) return;
        expect(starts(step, 'refreshDay')).toHaveLength(step.before.matches({ day: 'choosing' }) ? 1 : 0);
        expect(step.after.matches({ day: 'saving' })).toBe(step.before.matches({ day: 'saving' }));
      },
    },
  });

model('amenityReservation (new)', { id: null, userOffset: 0 });
model('amenityReservation (edit)', { id: sampleReservation.id, userOffset: 0 });
coverage.expectAllExercised();

describe('amenity reservation flow', () => {
  const booking = [
    { type: 'amenity.choose', amenity: sampleAmenity },
    { type: 'date.choose', date: SAMPLE_DATE },
    { type: 'xstate.done.actor.loadDay', output: sampleDay },
  ] as unknown as AmenityReservationEvent[];

  it('books: amenity → date → the day → slots and persons → confirm → reserved', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, { id: null, userOffset: 180 }, booking);
    expect(selectStep(actor.getSnapshot())).toBe('day');
    actor.send({ type: 'slot.toggle', slot: { from: 11 * H, to: 12 * H } });
    actor.send({ type: 'slot.toggle', slot: { from: 10 * H, to: 11 * H } });
    actor.send({ type: 'persons.change', persons: 2 });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'reservation.submit' });
    actor.send({ type: 'reservation.confirm' });
    expect(actor.getSnapshot().children.saveReservation?.getSnapshot().input).toEqual({
      id: null,
      body: {
        amenity_id: sampleAmenity.id,
        date: SAMPLE_DATE,
        time_slots: [
          { from: 10 * H, to: 11 * H },
          { from: 11 * H, to: 12 * H },
        ],
        number_of_persons: 2,
        user_offset: 180,
      },
    });
    actor.send({ type: 'xstate.done.actor.saveReservation', output: { id: 42 } } as never);
    expect(actor.getSnapshot().matches('reserved')).toBe(true);
    expect(actor.getSnapshot().context.id).toBe(42);
    expect(alert).toHaveBeenCalledOnce();
  });

  it('a full slot cannot be chosen for more persons than it has left', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { id: null, userOffset: 0 }, booking);
    actor.send({ type: 'slot.toggle', slot: { from: 9 * H, to: 10 * H } });
    expect(selectFullSlots(actor.getSnapshot())).toEqual([{ from: 9 * H, to: 10 * H }]);
    actor.send({ type: 'reservation.submit' });
    expect(actor.getSnapshot().matches({ day: 'choosing' })).toBe(true);
  });

  it('a conflict returns to choosing with the fresh day; the taken slot is dropped only if it ended', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { id: null, userOffset: 0 }, [
      ...booking,
      { type: 'slot.toggle', slot: { from: 10 * H, to: 11 * H } },
      { type: 'reservation.submit' },
      { type: 'reservation.confirm' },
    ]);
    actor.send({ type: 'xstate.error.actor.saveReservation', error: conflict } as never);
    actor.send({ type: 'xstate.done.actor.conflictDay', output: takenDay } as never);
    const s = actor.getSnapshot();
    expect(s.matches({ day: 'choosing' })).toBe(true);
    expect(s.context.conflict).toBe(true);
    expect(s.context.day).toBe(takenDay);
    expect(selectFullSlots(s)).toEqual([{ from: 10 * H, to: 11 * H }]);
    // Choosing again clears the message.
    actor.send({ type: 'slot.toggle', slot: { from: 10 * H, to: 11 * H } });
    actor.send({ type: 'slot.toggle', slot: { from: 11 * H, to: 12 * H } });
    expect(actor.getSnapshot().context.conflict).toBe(false);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
  });

  it('edits a reserved reservation: its own places count as free', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { id: 41, userOffset: 0 }, [
      {
        type: 'xstate.done.actor.loadReservation',
        output: { ...sampleReservation, time_slots: [{ from: 9 * H, to: 10 * H }] },
      },
      { type: 'xstate.done.actor.loadDay', output: sampleDay },
    ] as unknown as AmenityReservationEvent[]);
    // 09:00 is full, but two of its five places are this reservation's.
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'reservation.cancel' });
    expect(actor.getSnapshot().matches('confirmingCancel')).toBe(true);
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().matches({ day: 'choosing' })).toBe(true);
  });

  it('a reservation in use is viewed; a refused cancel reads it again and says why', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { id: 41, userOffset: 0 }, [
      { type: 'xstate.done.actor.loadReservation', output: inUseReservation },
    ] as unknown as AmenityReservationEvent[]);
    expect(selectStep(actor.getSnapshot())).toBe('viewing');
    actor.send({ type: 'reservation.cancel' });
    actor.send({ type: 'cancel.confirm' });
    actor.send({
      type: 'xstate.error.actor.cancelReservation',
      error: { code: 'non-cancelable reservation status', status: 409 },
    } as never);
    expect(actor.getSnapshot().matches('loadingReservation')).toBe(true);
    actor.send({
      type: 'xstate.done.actor.loadReservation',
      output: { ...inUseReservation, status: 'expired' },
    } as never);
    expect(actor.getSnapshot().context.failure?.code).toBe('non-cancelable reservation status');
    actor.send({ type: 'reservation.cancel' });
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
  });
});
