import { describe, expect, it, vi } from 'vitest';
import { alarmProcessingFixtures } from '../../src/machines/alarm-processing/alarm-processing.fixtures';
import {
  type AlarmProcessingEvent,
  alarmProcessingMachine,
} from '../../src/machines/alarm-processing/alarm-processing.machine';
import { processedAlarm, sampleAlarm } from '../../src/machines/alarm-processing/alarm-processing.sample';
import {
  selectCanProcess,
  selectCommentError,
  selectFailure,
  selectIsDone,
  selectWasAlreadyProcessed,
} from '../../src/machines/alarm-processing/alarm-processing.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = alarmProcessingMachine.provide({
    actors: { load: pendingActor(), process: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const refusal = { code: 'alarm already processed', status: 409 };
const events = [
  { type: 'xstate.done.actor.load', output: sampleAlarm },
  { type: 'xstate.done.actor.load', output: processedAlarm },
  { type: 'xstate.error.actor.load', error: { code: 'item not found', status: 404 } },
  { type: 'comment.changed', value: 'Checked: false alarm' },
  { type: 'comment.changed', value: '   ' },
  { type: 'process.submitted' },
  { type: 'retry' },
  { type: 'alarm.changed' },
  { type: 'xstate.done.actor.process', output: processedAlarm },
  { type: 'xstate.error.actor.process', error: refusal },
] as unknown as AlarmProcessingEvent[];

describeModel('alarmProcessing', {
  machine: stubbed().machine,
  input: { id: 7 },
  events,
  serialize: (s) =>
    JSON.stringify([s.value, s.context.comment.trim() !== '', s.context.commentError, s.context.failure]),
  fixtures: alarmProcessingFixtures,
  invariants: {
    'an alarm is held wherever it can be processed or was': (s) => {
      if (!s.matches('loading') && !s.matches('loadFailed')) expect(s.context.alarm).not.toBeNull();
    },
    'a processed alarm is never offered for processing': (s) => {
      if (s.context.alarm?.state === 'processed') expect(selectCanProcess(s)).toBe(false);
    },
    'a failure is shown only where it happened': (s) => {
      if (s.context.failure) expect(s.matches('failed') || s.matches('loadFailed')).toBe(true);
    },
    'the processing call runs exactly while processing': (s) => {
      expect(s.children.process !== undefined).toBe(s.matches('processing'));
    },
  },
  rules: {
    'processing is sent only with a comment, trimmed, for the page’s alarm': (step) => {
      for (const input of starts(step, 'process')) {
        expect(input).toEqual({ id: 7, comment: step.after.context.comment.trim() });
        expect((input as { comment: string }).comment.length).toBeGreaterThan(0);
      }
      if (step.event.type === 'process.submitted' && step.before?.context.comment.trim() === '')
        expect(starts(step, 'process')).toEqual([]);
    },
    'a submit without a comment says the comment is required': (step) => {
      if (step.event.type !== 'process.submitted' || !step.before?.matches('review')) return;
      if (step.before.context.comment.trim() === '') expect(step.after.context.commentError).toBe('required');
      else expect(step.after.matches('processing')).toBe(true);
    },
    'success is told once, only when the server processed it': (step) => {
      if (step.event.type === 'xstate.done.actor.process' && step.before?.matches('processing')) {
        expect(calls(step, 'alert')).toEqual([
          { kind: 'success', code: 'alarms:processing.done', params: { device: 'Entrance panel' } },
        ]);
        expect(step.after.matches('processed')).toBe(true);
      } else expect(calls(step, 'alert')).toEqual([]);
    },
    'a refusal keeps the comment and shows the server’s message': (step) => {
      if (step.event.type !== 'xstate.error.actor.process' || !step.before?.matches('processing')) return;
      expect(step.after.matches('failed')).toBe(true);
      expect(step.after.context.failure).toEqual(refusal);
      expect(step.after.context.comment).toBe(step.before.context.comment);
    },
  },
});

describe('alarm processing machine', () => {
  it('loads, takes a comment, processes, shows the result', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, { id: 7 }, [
      { type: 'xstate.done.actor.load', output: sampleAlarm } as never,
      { type: 'process.submitted' },
    ]);
    expect(selectCommentError(actor.getSnapshot())).toBe('required');
    actor.send({ type: 'comment.changed', value: '  Checked on site  ' });
    actor.send({ type: 'process.submitted' });
    expect(actor.getSnapshot().children.process?.getSnapshot().input).toEqual({ id: 7, comment: 'Checked on site' });
    actor.send({ type: 'xstate.done.actor.process', output: processedAlarm } as never);
    expect(selectIsDone(actor.getSnapshot())).toBe(true);
    expect(effects.alert).toHaveBeenCalledTimes(1);
  });

  it('refuses to process an alarm that is processed already', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { id: 7 }, [{ type: 'xstate.done.actor.load', output: processedAlarm } as never]);
    expect(selectWasAlreadyProcessed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'process.submitted' });
    expect(actor.getSnapshot().children.process).toBeUndefined();
  });

  it('a 409 from the server shows its message; retry sends the same comment again', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { id: 7 }, [
      { type: 'xstate.done.actor.load', output: sampleAlarm } as never,
      { type: 'comment.changed', value: 'False alarm' },
      { type: 'process.submitted' },
      { type: 'xstate.error.actor.process', error: refusal } as never,
    ]);
    expect(selectFailure(actor.getSnapshot())).toEqual(refusal);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().children.process?.getSnapshot().input).toEqual({ id: 7, comment: 'False alarm' });
  });
});
