import { describe, expect, it, vi } from 'vitest';
import { projectDaysFixtures, sampleDays } from '../../src/machines/project-days/project-days.fixtures';
import { type ProjectDaysEvent, projectDaysMachine } from '../../src/machines/project-days/project-days.machine';
import { selectCanSaveDay, selectDays } from '../../src/machines/project-days/project-days.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = projectDaysMachine.provide({
    actors: { loadDays: pendingActor(), saveDay: pendingActor(), removeDay: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const labour = { date: '2026-05-01', day_type: 'holiday' as const, name: 'Labour Day' };
const refused = { code: 'invalid data sent', status: 400, fields: { date: { code: 'invalid' } } };
const events = [
  { type: 'days.yearChanged', year: 2027 },
  { type: 'days.retry' },
  { type: 'draft.change', field: 'date', value: '2026-05-01' },
  { type: 'draft.change', field: 'date', value: '' },
  { type: 'draft.change', field: 'name', value: 'Labour Day' },
  { type: 'day.save' },
  { type: 'day.remove', date: '2026-05-09' },
  { type: 'xstate.done.actor.loadDays', output: sampleDays },
  { type: 'xstate.error.actor.loadDays', error: { code: 'network' } },
  { type: 'xstate.done.actor.saveDay', output: labour },
  { type: 'xstate.error.actor.saveDay', error: refused },
  { type: 'xstate.done.actor.removeDay', output: { data: true } },
  { type: 'xstate.error.actor.removeDay', error: { code: 'network' } },
] as unknown as ProjectDaysEvent[];

describeModel('projectDays', {
  machine: stubbed().machine,
  events,
  input: { year: 2026 },
  serialize: (s) =>
    JSON.stringify([s.value, s.context.year, s.context.days.length, s.context.draft.date, s.context.failure !== null]),
  fixtures: projectDaysFixtures,
  invariants: {
    'each request runs exactly in its state': (s) => {
      expect(s.children.loadDays !== undefined).toBe(s.matches('loading'));
      expect(s.children.saveDay !== undefined).toBe(s.matches('saving'));
      expect(s.children.removeDay !== undefined).toBe(s.matches('removing'));
    },
    'days are of the year shown, in date order, each date once': (s) => {
      const dates = s.context.days.map((d) => d.date);
      expect(dates).toEqual([...new Set(dates)].sort());
      for (const date of dates) expect(date.startsWith(`${s.context.year}-`)).toBe(true);
    },
    'a date is being removed exactly while removing': (s) => {
      expect(s.context.removing !== null).toBe(s.matches('removing'));
    },
  },
  rules: {
    'the year is loaded on start, on a change of year and on retry': (step) => {
      const started = starts(step, 'loadDays');
      const loads =
        step.before === null ||
        step.event.type === 'days.yearChanged' ||
        (step.event.type === 'days.retry' && step.before.matches('failed'));
      expect(started).toEqual(loads ? [{ year: step.after.context.year }] : []);
    },
    'a day is saved only with a date, exactly as typed (a blank name as none)': (step) => {
      const started = starts(step, 'saveDay');
      const before = step.before;
      if (step.event.type === 'day.save' && before?.matches('ready') && before.context.draft.date !== '') {
        const { date, day_type, name } = before.context.draft;
        expect(started).toEqual([{ date, day_type, name: name === '' ? null : name }]);
      } else expect(started).toEqual([]);
    },
    'a saved or removed day is said once; a refusal shows the server’s reason': (step) => {
      const alerts = calls(step, 'alert');
      const from = (state: 'saving' | 'removing') => step.before?.matches(state) ?? false;
      switch (step.event.type) {
        case 'xstate.done.actor.saveDay':
          if (from('saving')) expect(alerts).toEqual([{ kind: 'success', code: 'schedules:days.saved' }]);
          break;
        case 'xstate.done.actor.removeDay':
          if (from('removing')) expect(alerts).toEqual([{ kind: 'success', code: 'schedules:days.removed' }]);
          break;
        case 'xstate.error.actor.saveDay':
          if (from('saving')) {
            expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.invalid data sent' }]);
            // What was typed stays, to correct it.
            expect(step.after.context.draft).toEqual(step.before?.context.draft);
          }
          break;
        default:
          expect(alerts.filter((a) => (a as { kind: string }).kind === 'success')).toEqual([]);
      }
    },
  },
});

describe('project days machine', () => {
  it('saves a day into its place and empties the form; removes one', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { year: 2026 }, [
      { type: 'xstate.done.actor.loadDays', output: sampleDays } as never,
      { type: 'draft.change', field: 'date', value: '2026-05-01' },
      { type: 'draft.change', field: 'name', value: 'Labour Day' },
    ]);
    expect(selectCanSaveDay(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'day.save' });
    actor.send({ type: 'xstate.done.actor.saveDay', output: labour } as never);
    expect(selectDays(actor.getSnapshot()).map((d) => d.date)).toEqual([
      '2026-01-01',
      '2026-05-01',
      '2026-05-09',
      '2026-12-25',
    ]);
    expect(actor.getSnapshot().context.draft).toEqual({ date: '', day_type: 'holiday', name: '' });
    actor.send({ type: 'day.remove', date: '2026-05-09' });
    actor.send({ type: 'xstate.done.actor.removeDay', output: { data: true } } as never);
    expect(selectDays(actor.getSnapshot()).map((d) => d.date)).toEqual(['2026-01-01', '2026-05-01', '2026-12-25']);
  });
});
