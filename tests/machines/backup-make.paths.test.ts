import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { backupMakeFixtures } from '../../src/machines/backup-make/backup-make.fixtures';
import { type BackupMakeEvent, backupMakeMachine } from '../../src/machines/backup-make/backup-make.machine';
import { sampleBackup } from '../../src/machines/backup-restore/backup-restore.fixtures';
import { calls, describeModel, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = backupMakeMachine.provide({
    actors: { make: fromCallback(() => () => {}) },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}
const events = [
  { type: 'make.nameChanged', name: 'Nightly' },
  { type: 'make.nameChanged', name: ' ' },
  { type: 'make.entityToggled', entity: 'users' },
  { type: 'make.allEntities', on: false },
  { type: 'make.allEntities', on: true },
  { type: 'make.passphraseChanged', passphrase: 'correct horse battery' },
  { type: 'make.passphraseAgainChanged', passphrase: 'correct horse battery' },
  { type: 'make.passphraseAgainChanged', passphrase: 'correct horse' },
  { type: 'make.submit' },
  { type: 'make.progress', phase: 'reading', percent: 40 },
  { type: 'make.made', backup: sampleBackup },
  { type: 'make.failed', failure: { code: 'timeout' } },
] as unknown as BackupMakeEvent[];

describeModel('backupMake', {
  machine: stubbed().machine,
  input: { name: 'Backup 2026-03-05' },
  events,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.name.trim() !== '',
      s.context.entities.length,
      s.context.passphrase === s.context.passphraseAgain,
      s.context.passphrase !== '',
    ]),
  fixtures: backupMakeFixtures,
  invariants: {
    'making and done have a name, entities and the passphrase typed twice alike': (s) => {
      if (s.matches('editing')) return;
      expect(s.context.name.trim()).not.toBe('');
      expect(s.context.entities.length).toBeGreaterThan(0);
      expect(s.context.passphrase.length).toBeGreaterThanOrEqual(12);
      expect(s.context.passphraseAgain).toBe(s.context.passphrase);
    },
    'done shows the backup made, at 100 %': (s) => {
      if (!s.matches('done')) return;
      expect(s.context.made).not.toBeNull();
      expect(s.context.progress?.percent).toBe(100);
    },
  },
  rules: {
    'a make sends the trimmed name, the entities in their order and the passphrase': (step) => {
      const sent = starts(step, 'make');
      if (sent.length === 0) return;
      const c = step.before?.context;
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ name: c?.name.trim(), passphrase: c?.passphrase });
    },
    'a refusal is an error alert with the server’s code, everything kept': (step) => {
      if (step.event.type !== 'make.failed' || !step.before?.matches('making')) return;
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'errors.http.timeout' }]);
      expect(step.after.context.passphrase).toBe(step.before.context.passphrase);
    },
  },
});

describe('backup make behaviour', () => {
  it('needs a passphrase of 12 typed twice alike and one entity at least; progress only goes up', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, { name: 'Nightly' }, [
      { type: 'make.passphraseChanged', passphrase: 'short' },
      { type: 'make.passphraseAgainChanged', passphrase: 'short' },
      { type: 'make.submit' },
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'make.passphraseChanged', passphrase: 'correct horse battery' });
    actor.send({ type: 'make.passphraseAgainChanged', passphrase: 'correct horse battery' });
    actor.send({ type: 'make.allEntities', on: false });
    actor.send({ type: 'make.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'make.entityToggled', entity: 'users' });
    actor.send({ type: 'make.entityToggled', entity: 'groups' });
    actor.send({ type: 'make.submit' });
    expect(actor.getSnapshot().value).toBe('making');
    actor.send({ type: 'make.progress', phase: 'files', percent: 93 });
    actor.send({ type: 'make.progress', phase: 'reading', percent: 80 });
    expect(actor.getSnapshot().context.progress).toEqual({ phase: 'files', percent: 93 });
    actor.send({ type: 'make.made', backup: sampleBackup });
    expect(actor.getSnapshot().value).toBe('done');
    expect(alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'backups:make.doneAlert',
      params: { name: sampleBackup.name },
    });
  });
});
