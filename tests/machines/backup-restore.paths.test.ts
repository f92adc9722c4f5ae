import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { failureAlert } from '../../src/machines/alerts/failure-alert';
import {
  backupRestoreFixtures,
  sampleBackup,
  samplePreview,
  sampleResult,
} from '../../src/machines/backup-restore/backup-restore.fixtures';
import {
  type BackupRestoreEvent,
  backupRestoreMachine,
} from '../../src/machines/backup-restore/backup-restore.machine';
import { calls, describeModel, pendingActor, replay, ruleCoverage, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const restored = vi.fn();
  const machine = backupRestoreMachine.provide({
    actors: { preview: pendingActor(), apply: fromCallback(() => () => {}) },
    actions: { alert: (_, p) => alert(p), restored: () => restored() },
  });
  return { machine, alert, restored };
}
const file = new File(['PK'], 'old.zip');
const events = [
  { type: 'restore.fileChosen', file },
  { type: 'restore.fileChosen', file: null },
  { type: 'restore.passphraseChanged', passphrase: 'correct horse battery' },
  { type: 'restore.passphraseChanged', passphrase: '' },
  { type: 'restore.preview' },
  { type: 'restore.continue' },
  { type: 'restore.confirm' },
  { type: 'restore.back' },
  { type: 'restore.retry' },
  { type: 'restore.progress', phase: 'safety_backup', percent: 30 },
  { type: 'restore.progress', phase: 'restoring', percent: 70 },
  { type: 'restore.applied', result: sampleResult },
  { type: 'restore.applyFailed', failure: { code: 'timeout' } },
  { type: 'xstate.done.actor.preview', output: { backupId: 12, preview: samplePreview } },
  {
    type: 'xstate.error.actor.preview',
    error: { code: 'invalid backup image', status: 400, params: { reason: 'wrong_passphrase' } },
  },
] as unknown as BackupRestoreEvent[];

type Snap = ReturnType<typeof backupRestoreMachine.resolveState>;
const serialize = (s: Snap) => JSON.stringify([s.value, s.context.passphrase !== '', s.context.file !== null]);
const invariants = {
  'previewing and applying have what they send: a passphrase, and a backup or a file': (s: Snap) => {
    if (!s.matches('previewing') && !s.matches('applying')) return;
    expect(s.context.passphrase).not.toBe('');
    if (s.matches('applying')) expect(s.context.backupId).not.toBeNull();
    else if (s.context.source === 'file') expect(s.context.file).not.toBeNull();
  },
  'preview, confirm, applying and its outcome show the dry run': (s: Snap) => {
    if ((['preview', 'confirm', 'applying', 'failed', 'done'] as const).some((v) => s.matches(v))) {
      expect(s.context.preview).not.toBeNull();
    }
  },
  'a running restore has a progress between 0 and 100': (s: Snap) => {
    if (!s.matches('applying')) return;
    expect(s.context.progress?.percent).toBeGreaterThanOrEqual(0);
    expect(s.context.progress?.percent).toBeLessThanOrEqual(100);
  },
  'failed says why; done knows the safety backup': (s: Snap) => {
    if (s.matches('failed')) expect(s.context.failure).not.toBeNull();
    if (s.matches('done')) expect(s.context.result?.safety_backup.origin).toBe('safety');
  },
};

const coverage = ruleCoverage();
for (const source of ['stored', 'file'] as const) {
  describeModel(`backupRestore (${source})`, {
    machine: stubbed().machine,
    input: { backup: source === 'stored' ? sampleBackup : null },
    events,
    serialize,
    fixtures: backupRestoreFixtures,
    coverage,
    invariants,
    rules: {
      'nothing is written before Confirm: apply starts only from confirm or a retry': (step) => {
        if (starts(step, 'apply').length === 0) return;
        expect(step.before?.matches('confirm') || step.before?.matches('failed')).toBe(true);
      },
      'the views are told once, when the restore is done': (step) => {
        const done = step.after.matches('done') && !step.before?.matches('done');
        expect(calls(step, 'restored').length).toBe(done ? 1 : 0);
      },
      'a preview sends the stored backup, or uploads the chosen file, with the passphrase': (step) => {
        const sent = starts(step, 'preview');
        if (sent.length === 0) return;
        const c = step.before?.context;
        expect(sent).toEqual([
          source === 'stored'
            ? { source, backupId: 12, file: null, passphrase: c?.passphrase }
            : { source, backupId: null, file, passphrase: c?.passphrase },
        ]);
      },
      'a refusal is an error alert with the server’s code': (step) => {
        if (step.event.type !== 'xstate.error.actor.preview' && step.event.type !== 'restore.applyFailed') return;
        if (!step.before || step.before.value === step.after.value) return;
        expect(calls(step, 'alert')).toEqual([failureAlert(step.after.context.failure)]);
      },
    },
  });
}

describe('backupRestore models together', () => coverage.expectAllExercised());

describe('backup restore behaviour', () => {
  it('previews, confirms, follows the safety backup then the restore, and reports', () => {
    const { machine, alert, restored } = stubbed();
    const actor = replay(machine, { backup: sampleBackup }, [
      { type: 'restore.preview' },
      { type: 'restore.passphraseChanged', passphrase: 'correct horse battery' },
      { type: 'restore.preview' },
      { type: 'xstate.done.actor.preview', output: { backupId: 12, preview: samplePreview } } as never,
      { type: 'restore.continue' },
      { type: 'restore.confirm' },
      { type: 'restore.progress', phase: 'safety_backup', percent: 35 },
    ]);
    expect(actor.getSnapshot().matches({ applying: 'safetyBackup' })).toBe(true);
    actor.send({ type: 'restore.progress', phase: 'restoring', percent: 80 });
    // A late message of an earlier phase does not move the bar back.
    actor.send({ type: 'restore.progress', phase: 'safety_backup', percent: 48 });
    expect(actor.getSnapshot().matches({ applying: 'restoring' })).toBe(true);
    expect(actor.getSnapshot().context.progress).toEqual({ phase: 'restoring', percent: 80 });
    actor.send({ type: 'restore.applied', result: sampleResult });
    expect(actor.getSnapshot().value).toBe('done');
    expect(restored).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenLastCalledWith({
      kind: 'success',
      code: 'backups:restore.doneAlert',
      params: { name: 'Before the spring works' },
    });
  });

  it('a wrong passphrase returns to the choice with the reason; a failed apply retries or goes back', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { backup: null }, [
      { type: 'restore.fileChosen', file },
      { type: 'restore.passphraseChanged', passphrase: 'nope' },
      { type: 'restore.preview' },
      {
        type: 'xstate.error.actor.preview',
        error: { code: 'invalid backup image', status: 400, params: { reason: 'wrong_passphrase' } },
      } as never,
    ]);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ file, failure: { params: { reason: 'wrong_passphrase' } } });
    actor.send({ type: 'restore.passphraseChanged', passphrase: 'right one' });
    actor.send({ type: 'restore.preview' });
    actor.send({ type: 'xstate.done.actor.preview', output: { backupId: 40, preview: samplePreview } } as never);
    actor.send({ type: 'restore.continue' });
    actor.send({ type: 'restore.confirm' });
    actor.send({ type: 'restore.applyFailed', failure: { code: 'timeout' } });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'restore.retry' });
    expect(actor.getSnapshot().matches({ applying: 'safetyBackup' })).toBe(true);
    expect(actor.getSnapshot().context.backupId).toBe(40);
  });
});
