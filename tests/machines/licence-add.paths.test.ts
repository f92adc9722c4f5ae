import { describe, expect, it, vi } from 'vitest';
import { licenceAddFixtures, samplePreview } from '../../src/machines/licence-add/licence-add.fixtures';
import { type LicenceAddEvent, licenceAddMachine } from '../../src/machines/licence-add/licence-add.machine';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const added = vi.fn();
  const machine = licenceAddMachine.provide({
    actors: { check: pendingActor(), apply: pendingActor() },
    actions: { alert: (_, p) => alert(p), added: () => added() },
  });
  return { machine, alert, added };
}
const file = new File(['{}'], 'office.lic');
const events = [
  { type: 'licence.sourceChosen', source: 'server' },
  { type: 'licence.sourceChosen', source: 'file' },
  { type: 'licence.fileChosen', file },
  { type: 'licence.fileChosen', file: null },
  { type: 'licence.keyChanged', key: 'HARBOUR-KEY-1' },
  { type: 'licence.keyChanged', key: 'no' },
  { type: 'licence.check' },
  { type: 'licence.apply' },
  { type: 'licence.back' },
  { type: 'licence.retry' },
  { type: 'licence.again' },
  { type: 'xstate.done.actor.check', output: samplePreview },
  { type: 'xstate.error.actor.check', error: { code: 'licence sign wrong', status: 400 } },
  { type: 'xstate.done.actor.apply', output: { ids: [7] } },
  { type: 'xstate.error.actor.apply', error: { code: 'licence server not responding', status: 503 } },
] as unknown as LicenceAddEvent[];

describeModel('licenceAdd', {
  machine: stubbed().machine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.source, s.context.file !== null, s.context.key]),
  fixtures: licenceAddFixtures,
  invariants: {
    'checking and applying have what they send: a file, or a key': (s) => {
      if (!s.matches('checking') && !s.matches('applying')) return;
      if (s.context.source === 'file') expect(s.context.file).not.toBeNull();
      else expect(s.context.key).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{3,127}$/);
    },
    'the preview, the apply and its outcome show what the server answered': (s) => {
      if (s.matches('preview') || s.matches('applying') || s.matches('failed') || s.matches('done')) {
        expect(s.context.preview).not.toBeNull();
      }
    },
    'failed says why': (s) => {
      if (s.matches('failed')) expect(s.context.failure).not.toBeNull();
    },
    'done knows what was added': (s) => {
      if (s.matches('done')) expect(s.context.added.length).toBeGreaterThan(0);
    },
  },
  rules: {
    'checks and applies send the chosen source with its file or key': (step) => {
      const sent = [...starts(step, 'check'), ...starts(step, 'apply')];
      if (sent.length === 0) return;
      const c = step.before!.context;
      expect(sent).toEqual([{ source: c.source, file: c.file, key: c.key.trim() }]);
    },
    'nothing is added before Apply: apply starts only from the preview or a retry': (step) => {
      if (starts(step, 'apply').length === 0) return;
      expect(step.before?.matches('preview') || step.before?.matches('failed')).toBe(true);
    },
    'the list and the menu are told once licences are added': (step) => {
      const done = step.after.matches('done') && !step.before?.matches('done');
      expect(calls(step, 'added').length).toBe(done ? 1 : 0);
    },
    'a refusal is an error alert with the server’s code': (step) => {
      const failed = step.event.type === 'xstate.error.actor.check' || step.event.type === 'xstate.error.actor.apply';
      if (!failed || !step.before || step.before.value === step.after.value) return;
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: step.after.context.failure?.code }]);
    },
  },
});

describe('licence add behaviour', () => {
  it('checks a file, previews, applies and reports; a failed apply retries or goes back', () => {
    const { machine, added, alert } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'licence.check' },
      { type: 'licence.fileChosen', file },
      { type: 'licence.check' },
      { type: 'xstate.done.actor.check', output: samplePreview } as never,
      { type: 'licence.apply' },
      { type: 'xstate.error.actor.apply', error: { code: 'licence expired', status: 400 } } as never,
    ]);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(alert).toHaveBeenCalledWith({ kind: 'error', code: 'licence expired' });
    actor.send({ type: 'licence.retry' });
    actor.send({ type: 'xstate.done.actor.apply', output: { ids: [3, 4] } } as never);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.added).toEqual([3, 4]);
    expect(added).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenLastCalledWith({ kind: 'success', code: 'licences:add.done', params: { count: 2 } });
    actor.send({ type: 'licence.again' });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, preview: null, added: [] });
  });

  it('from the licence server it needs a key that can be one; a failed check keeps it', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { source: 'server' }, [
      { type: 'licence.keyChanged', key: 'x' },
      { type: 'licence.check' },
    ]);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'licence.keyChanged', key: '  HARBOUR-KEY-1 ' });
    actor.send({ type: 'licence.check' });
    actor.send({ type: 'xstate.error.actor.check', error: { code: 'no licences for project', status: 400 } } as never);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({
      source: 'server',
      key: '  HARBOUR-KEY-1 ',
      failure: { code: 'no licences for project' },
    });
  });
});
