import { describe, expect, it, vi } from 'vitest';
import { userTransferFixtures } from '../../src/machines/user-transfer/user-transfer.fixtures';
import { type UserTransferEvent, userTransferMachine } from '../../src/machines/user-transfer/user-transfer.machine';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = userTransferMachine.provide({
    actors: { upload: pendingActor(), download: pendingActor() },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}
const file = new File(['login\r\nann\r\n'], 'users.csv');
const result = { users_created: 2, users_attached: 1, errors: [] };
const events = [
  { type: 'transfer.groupChosen', groupId: 2 },
  { type: 'transfer.groupChosen', groupId: null },
  { type: 'transfer.formatChosen', format: 'csv' },
  { type: 'transfer.fileChosen', file },
  { type: 'transfer.fileChosen', file: null },
  { type: 'transfer.roleChosen', roleId: 4 },
  { type: 'transfer.export' },
  { type: 'transfer.start' },
  { type: 'transfer.again' },
  { type: 'xstate.done.actor.upload', output: result },
  { type: 'xstate.error.actor.upload', error: { code: 'wrong file body', status: 400 } },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: { code: 'item not found', status: 404 } },
] as unknown as UserTransferEvent[];

describeModel('userTransfer', {
  machine: stubbed().machine,
  events,
  input: { groupId: null },
  serialize: (s) =>
    JSON.stringify([s.value, s.context.groupId, s.context.format, s.context.file !== null, s.context.roleId]),
  fixtures: userTransferFixtures,
  invariants: {
    'an upload has a group, a file and a role': (s) => {
      if (s.matches('uploading')) {
        expect(s.context.groupId !== null && s.context.file !== null && s.context.roleId !== null).toBe(true);
      }
    },
    'an export has a group': (s) => {
      if (s.matches('exporting')) expect(s.context.groupId).not.toBeNull();
    },
    'a finished upload has its report': (s) => {
      if (s.matches('finished')) expect(s.context.result).not.toBeNull();
    },
  },
  rules: {
    'only a chosen file with a chosen role is uploaded, into the chosen group': (step) => {
      const uploads = starts(step, 'upload');
      if (uploads.length === 0) return;
      expect(uploads).toEqual([{ groupId: 2, file, roleId: 4 }]);
    },
    'an export downloads the chosen group in the chosen format': (step) => {
      const downloads = starts(step, 'download');
      if (downloads.length === 0) return;
      expect(downloads).toEqual([{ groupId: 2, format: step.before?.context.format }]);
    },
    'a failed call keeps the choices and says why': (step) => {
      const failed =
        step.event.type === 'xstate.error.actor.upload' || step.event.type === 'xstate.error.actor.download';
      if (!failed || !(step.before?.matches('uploading') || step.before?.matches('exporting'))) return;
      expect(step.after.matches('choosing')).toBe(true);
      expect(step.after.context).toMatchObject({
        groupId: step.before.context.groupId,
        file: step.before.context.file,
        roleId: step.before.context.roleId,
      });
      const code = (step.event as unknown as { error: { code: string } }).error.code;
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code }]);
      expect(step.after.context.failure?.code).toBe(code);
    },
    'another upload starts from a new file and keeps the group and the role': (step) => {
      if (step.event.type !== 'transfer.again' || !step.before?.matches('finished')) return;
      expect(step.after.context).toMatchObject({
        file: null,
        result: null,
        groupId: step.before.context.groupId,
        roleId: step.before.context.roleId,
      });
    },
    'nothing is chosen while a call runs': (step) => {
      const choice = step.event.type.startsWith('transfer.') && step.event.type.endsWith('Chosen');
      if (!choice || !(step.before?.matches('uploading') || step.before?.matches('exporting'))) return;
      expect(step.after.context).toEqual(step.before.context);
    },
  },
});

describe('user transfer behaviour', () => {
  it('exports only once a group is chosen, then returns to choosing', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { groupId: null }, [{ type: 'transfer.export' }]);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'transfer.groupChosen', groupId: 2 });
    actor.send({ type: 'transfer.export' });
    expect(actor.getSnapshot().value).toBe('exporting');
  });

  it('a group given by the page is enough to upload with a file and a role', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { groupId: 7 }, [
      { type: 'transfer.fileChosen', file },
      { type: 'transfer.roleChosen', roleId: 4 },
      { type: 'transfer.start' },
    ]);
    expect(actor.getSnapshot().value).toBe('uploading');
  });
});
