import { describe, expect, it, vi } from 'vitest';
import { structureImportFixtures } from '../../src/machines/structure-import/structure-import.fixtures';
import {
  errorReport,
  type StructureImportEvent,
  structureImportMachine,
} from '../../src/machines/structure-import/structure-import.machine';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = structureImportMachine.provide({
    actors: { upload: pendingActor() },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}
const file = new File(['x'], 'structure.xlsx');
const result = { users_attached: 1, users_created: 2, groups_created: 1, errors: [] };
const events = [
  { type: 'import.fileChosen', file },
  { type: 'import.fileChosen', file: null },
  { type: 'import.roleChosen', roleId: 4 },
  { type: 'import.start' },
  { type: 'import.again' },
  { type: 'xstate.done.actor.upload', output: result },
  { type: 'xstate.error.actor.upload', error: { code: 'invalid file', status: 400 } },
] as unknown as StructureImportEvent[];

describeModel('structureImport', {
  machine: stubbed().machine,
  events,
  input: { groupId: 2 },
  serialize: (s) => JSON.stringify([s.value, s.context.file !== null, s.context.roleId]),
  fixtures: structureImportFixtures,
  invariants: {
    'an upload has a file and a role': (s) => {
      if (s.matches('uploading')) expect(s.context.file !== null && s.context.roleId !== null).toBe(true);
    },
    'a finished import has its result': (s) => {
      if (s.matches('finished')) expect(s.context.result).not.toBeNull();
    },
  },
  rules: {
    'only a chosen file with a chosen role is uploaded, into its group': (step) => {
      const uploads = starts(step, 'upload');
      if (uploads.length === 0) return;
      expect(uploads).toEqual([{ groupId: 2, file, roleId: 4 }]);
    },
    'a failed upload keeps the choices and says why': (step) => {
      if (step.event.type !== 'xstate.error.actor.upload' || !step.before?.matches('uploading')) return;
      expect(step.after.matches('choosing')).toBe(true);
      expect(step.after.context.file).toBe(step.before.context.file);
      expect(step.after.context.roleId).toBe(step.before.context.roleId);
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'invalid file' }]);
    },
    'another import starts from a new file and keeps the role': (step) => {
      if (step.event.type !== 'import.again' || !step.before?.matches('finished')) return;
      expect(step.after.context).toMatchObject({ file: null, result: null, roleId: step.before.context.roleId });
    },
  },
});

describe('structure import behaviour', () => {
  it('starts only with a file and a role, and uploads both with the group', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { groupId: 2 }, [{ type: 'import.fileChosen', file }, { type: 'import.start' }]);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'import.roleChosen', roleId: 4 });
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().value).toBe('uploading');
  });

  it('a failed upload keeps the choices and shows the catalogue error', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, { groupId: 2 }, [
      { type: 'import.fileChosen', file },
      { type: 'import.roleChosen', roleId: 4 },
      { type: 'import.start' },
      { type: 'xstate.error.actor.upload', error: { code: 'invalid file' } } as never,
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ file, roleId: 4, failure: { code: 'invalid file' } });
    expect(alert).toHaveBeenCalledWith({ kind: 'error', code: 'invalid file' });
  });

  it('writes the refused rows as a CSV report with translated messages', () => {
    const csv = errorReport(
      [
        { sheet: 'Users', row: 7, column: 'email', message: 'wrong e-mail' },
        { sheet: 'Groups', row: 4, message: 'say "hi"' },
      ],
      (code) => code.toUpperCase(),
    );
    expect(csv).toBe('sheet,row,column,message\r\n"Users","7","email","WRONG E-MAIL"\r\n"Groups","4","","SAY ""HI"""');
  });
});
