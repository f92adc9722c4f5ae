import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { SCHEDULE_PREVIEW } from '../../src/contract/constants';
import {
  draftOf,
  emptySchedule,
  type ScheduleValues,
} from '../../src/machines/schedule-preview/schedule-preview.draft';
import {
  SAMPLE_ZONE,
  sampleOccurrences,
  schedulePreviewFixtures,
} from '../../src/machines/schedule-preview/schedule-preview.fixtures';
import {
  type SchedulePreviewEvent,
  schedulePreviewMachine,
} from '../../src/machines/schedule-preview/schedule-preview.machine';
import {
  selectIsIncomplete,
  selectIsPreviewBusy,
  selectOccurrences,
} from '../../src/machines/schedule-preview/schedule-preview.selectors';
import { describeModel, pendingActor, replay, starts, timersOf } from '../support/model-based';

const machine = schedulePreviewMachine.provide({
  actors: { fetchOccurrences: pendingActor(), followDraft: fromCallback(() => {}) },
});

const daily: ScheduleValues = { ...emptySchedule('2026-03-02'), repeat_mode: 'daily' };
const shorter: ScheduleValues = { ...daily, to: '16:30' };
/** Same definition as `daily`: only the name differs. */
const renamed: ScheduleValues = { ...daily, name: 'Office hours' };
/** No start date: not a schedule yet. */
const incomplete: ScheduleValues = { ...daily, valid_from: '' };
const TIMER = 'xstate.after.previewDebounce.schedulePreview.waiting';

const events = [
  { type: 'draft.changed', values: daily },
  { type: 'draft.changed', values: shorter },
  { type: 'draft.changed', values: renamed },
  { type: 'draft.changed', values: incomplete },
  { type: 'preview.retry' },
  { type: TIMER },
  { type: 'xstate.done.actor.fetchOccurrences', output: { time_zone: SAMPLE_ZONE, items: sampleOccurrences } },
  { type: 'xstate.done.actor.fetchOccurrences', output: { time_zone: SAMPLE_ZONE, items: [] } },
  { type: 'xstate.error.actor.fetchOccurrences', error: { code: 'network' } },
] as unknown as SchedulePreviewEvent[];

const defOf = (values: unknown) => JSON.stringify(draftOf(values as ScheduleValues));

describeModel('schedulePreview', {
  machine,
  events,
  input: {},
  serialize: (s) => JSON.stringify([s.value, s.context.draft?.to ?? null, s.context.shown?.to ?? null]),
  fixtures: schedulePreviewFixtures,
  invariants: {
    'the form is followed all along': (s) => {
      expect(s.children.followDraft).toBeDefined();
    },
    'occurrences are asked exactly while loading': (s) => {
      expect(s.children.fetchOccurrences !== undefined).toBe(s.matches('loading'));
    },
    'a valid draft is held in every state but incomplete': (s) => {
      expect(s.context.draft === null).toBe(s.matches('incomplete'));
    },
    'shown holds occurrences, empty none; a failure only when failed': (s) => {
      if (s.matches('shown')) expect(s.context.items.length).toBeGreaterThan(0);
      if (s.matches('empty')) expect(s.context.items).toEqual([]);
      expect(s.context.failure !== null).toBe(s.matches('failed'));
    },
  },
  rules: {
    'the server is asked only when the edits pause or on retry, for the draft held': (step) => {
      const started = starts(step, 'fetchOccurrences');
      const fired = step.event.type === TIMER && step.before?.matches('waiting');
      const retried = step.event.type === 'preview.retry' && step.before?.matches('failed');
      expect(started).toEqual(
        fired || retried ? [{ definition: step.before?.context.draft, count: SCHEDULE_PREVIEW.count }] : [],
      );
    },
    'a pause is waited for exactly while waiting, restarted by each change': (step) => {
      expect(timersOf(step.pending, TIMER).length).toBe(step.after.matches('waiting') ? 1 : 0);
      if (step.event.type !== 'draft.changed' || !step.after.matches('waiting')) return;
      const changed =
        defOf((step.event as unknown as { values: ScheduleValues }).values) !==
        JSON.stringify(step.before?.context.draft);
      // A new definition starts a new wait (the old timer goes); the same one keeps the running wait.
      expect(timersOf(step.effects.scheduled, TIMER).length).toBe(changed ? 1 : 0);
    },
    'a change that keeps the definition changes nothing; one that breaks it stops the preview': (step) => {
      if (step.event.type !== 'draft.changed' || !step.before) return;
      const values = (step.event as unknown as { values: ScheduleValues }).values;
      if (defOf(values) === JSON.stringify(step.before.context.draft)) {
        expect(step.after.value).toEqual(step.before.value);
        expect(step.effects.started).toEqual([]);
      } else if (draftOf(values) === null) {
        expect(step.after.matches('incomplete')).toBe(true);
      } else {
        expect(step.after.matches('waiting')).toBe(true);
        expect(JSON.stringify(step.after.context.draft)).toBe(defOf(values));
      }
    },
    'an answer is shown with its zone, and is of the draft that was asked': (step) => {
      if (step.event.type !== 'xstate.done.actor.fetchOccurrences' || !step.before?.matches('loading')) return;
      expect(step.after.context.shown).toEqual(step.before.context.draft);
      expect(step.after.context.timeZone).toBe(SAMPLE_ZONE);
    },
  },
});

describe('schedule preview machine', () => {
  it('previews once the edits pause, keeps the old occurrences while the next load, and ignores a rename', () => {
    const actor = replay(machine, {}, [{ type: 'draft.changed', values: daily }]);
    expect(selectIsPreviewBusy(actor.getSnapshot())).toBe(true);
    actor.send({ type: TIMER } as never);
    expect(actor.getSnapshot().children.fetchOccurrences?.getSnapshot().input).toEqual({
      definition: expect.objectContaining({ valid_from: '2026-03-02', from: 32_400, to: 64_800, repeat_mode: 'daily' }),
      count: SCHEDULE_PREVIEW.count,
    });
    actor.send({
      type: 'xstate.done.actor.fetchOccurrences',
      output: { time_zone: SAMPLE_ZONE, items: sampleOccurrences },
    } as never);
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'draft.changed', values: renamed });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'draft.changed', values: shorter });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(selectOccurrences(actor.getSnapshot())).toEqual(sampleOccurrences);
    actor.send({ type: 'draft.changed', values: incomplete });
    expect(selectIsIncomplete(actor.getSnapshot())).toBe(true);
  });

  it('reads times, overnight windows and the looper from the editor’s values', () => {
    const overnight = draftOf({ ...daily, from: '22:00', to: '06:30' });
    expect(overnight).toMatchObject({ from: 79_200, to: 23_400 });
    expect(draftOf({ ...daily, from: '22:00', to: '00:00' })).toMatchObject({ to: 86_400 });
    expect(draftOf({ ...daily, from: '9', to: '18:00' })).toBeNull();
    const looper = draftOf({
      ...daily,
      repeat_mode: 'custom',
      repeat_custom_mode: 'monthly',
      looper_nth: '-1',
      looper_weekday: 'fri',
    });
    expect(looper).toMatchObject({ looper: { nth: -1, weekday: 'fri' }, days: [] });
    // Custom weekly without a weekday is no schedule yet.
    expect(draftOf({ ...daily, repeat_mode: 'custom', repeat_custom_mode: 'weekly' })).toBeNull();
  });
});
