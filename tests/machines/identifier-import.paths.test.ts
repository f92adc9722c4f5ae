import { describe, expect, it, vi } from 'vitest';
import {
  identifierImportFixtures,
  sampleDuplicates,
} from '../../src/machines/identifier-import/identifier-import.fixtures';
import {
  continueBody,
  type IdentifierImportEvent,
  identifierImportMachine,
} from '../../src/machines/identifier-import/identifier-import.machine';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const imported = vi.fn();
  const machine = identifierImportMachine.provide({
    actors: { check: pendingActor(), proceed: pendingActor() },
    actions: { alert: (_, p) => alert(p), imported: () => imported() },
  });
  return { machine, alert, imported };
}
const file = new File(['x'], 'identifiers.csv');
const filepath = `7-${'b'.repeat(32)}.csv`;
const report = { created: 2, replaced: 1, skipped: 0, errors: [] };
const duplicatesAnswer = { status: 'duplicates', filepath, rows: 5, duplicates: sampleDuplicates };
const events = [
  { type: 'import.fileChosen', file },
  { type: 'import.fileChosen', file: null },
  { type: 'import.start' },
  { type: 'import.actionForAll', action: 'replace' },
  { type: 'import.actionForRow', row: 6, action: 'skip' },
  { type: 'import.actionForRow', row: 99, action: 'replace' },
  { type: 'import.continue' },
  { type: 'import.discard' },
  { type: 'import.again' },
  { type: 'xstate.done.actor.check', output: duplicatesAnswer },
  { type: 'xstate.done.actor.check', output: { status: 'done', report } },
  { type: 'xstate.error.actor.check', error: { code: 'wrong file body', status: 400 } },
  { type: 'xstate.done.actor.proceed', output: report },
  { type: 'xstate.error.actor.proceed', error: { code: 'not found', status: 404 } },
] as unknown as IdentifierImportEvent[];

describeModel('identifierImport', {
  machine: stubbed().machine,
  events,
  serialize: (s) =>
    JSON.stringify([s.value, s.context.file !== null, s.context.filepath, s.context.action, s.context.rowActions]),
  fixtures: identifierImportFixtures,
  invariants: {
    'checking has a file': (s) => {
      if (s.matches('checking')) expect(s.context.file).not.toBeNull();
    },
    'duplicates to resolve have the stored file and at least one duplicate': (s) => {
      if (s.matches('duplicates') || s.matches('continuing')) {
        expect(s.context.filepath).not.toBeNull();
        expect(s.context.duplicates.length).toBeGreaterThan(0);
      }
    },
    'a report is shown with its numbers': (s) => {
      if (s.matches('report')) expect(s.context.report).not.toBeNull();
    },
    'per-row actions name only duplicates': (s) => {
      const rows = new Set(s.context.duplicates.map((d) => d.row));
      for (const row of Object.keys(s.context.rowActions)) expect(rows.has(Number(row))).toBe(true);
    },
  },
  rules: {
    'only a chosen file is checked': (step) => {
      const checks = starts(step, 'check');
      if (checks.length === 0) return;
      expect(checks).toEqual([{ file }]);
    },
    'continuing sends the stored file, the action for all and only the rows that differ': (step) => {
      const sent = starts(step, 'proceed');
      if (sent.length === 0) return;
      const before = step.before!.context;
      expect(sent).toEqual([
        {
          filepath,
          action: before.action,
          rows: sampleDuplicates
            .filter((d) => (before.rowActions[d.row] ?? before.action) !== before.action)
            .map((d) => ({ row: d.row, action: before.rowActions[d.row] })),
        },
      ]);
    },
    'a failed step keeps the file, the duplicates and the choices, and says why': (step) => {
      const failed = step.event.type === 'xstate.error.actor.check' || step.event.type === 'xstate.error.actor.proceed';
      if (!failed || !step.before || step.before.value === step.after.value) return;
      expect(step.after.context.file).toBe(step.before.context.file);
      expect(step.after.context.filepath).toBe(step.before.context.filepath);
      expect(step.after.context.rowActions).toEqual(step.before.context.rowActions);
      expect(step.after.context.failure).not.toBeNull();
      expect(calls(step, 'alert')).toHaveLength(1);
    },
    'the list is told once an import has saved': (step) => {
      const saved = step.after.matches('report') && !step.before?.matches('report');
      expect(calls(step, 'imported').length).toBe(saved ? 1 : 0);
    },
  },
});

describe('identifier import behaviour', () => {
  it('goes from the file to the duplicates, continues with the choices and shows the report', () => {
    const { machine, imported } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'import.fileChosen', file },
      { type: 'import.start' },
      { type: 'xstate.done.actor.check', output: duplicatesAnswer } as never,
      { type: 'import.actionForRow', row: 3, action: 'replace' },
    ]);
    expect(actor.getSnapshot().value).toBe('duplicates');
    expect(continueBody(actor.getSnapshot().context)).toEqual({
      filepath,
      action: 'skip',
      rows: [{ row: 3, action: 'replace' }],
    });
    actor.send({ type: 'import.actionForAll', action: 'replace' });
    // A choice for all replaces the per-row ones.
    expect(continueBody(actor.getSnapshot().context)).toEqual({ filepath, action: 'replace', rows: [] });
    actor.send({ type: 'import.continue' });
    actor.send({ type: 'xstate.done.actor.proceed', output: report } as never);
    expect(actor.getSnapshot().value).toBe('report');
    expect(actor.getSnapshot().context.report).toEqual(report);
    expect(imported).toHaveBeenCalledTimes(1);
  });

  it('a failed continue returns to the duplicates with the choices, ready to retry', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, undefined, [
      { type: 'import.fileChosen', file },
      { type: 'import.start' },
      { type: 'xstate.done.actor.check', output: duplicatesAnswer } as never,
      { type: 'import.actionForRow', row: 6, action: 'replace' },
      { type: 'import.continue' },
      { type: 'xstate.error.actor.proceed', error: { code: 'not found', status: 404 } } as never,
    ]);
    expect(actor.getSnapshot().value).toBe('duplicates');
    expect(actor.getSnapshot().context).toMatchObject({ file, filepath, rowActions: { 6: 'replace' } });
    expect(alert).toHaveBeenCalledWith({ kind: 'error', code: 'not found' });
    actor.send({ type: 'import.continue' });
    expect(actor.getSnapshot().value).toBe('continuing');
  });
});
