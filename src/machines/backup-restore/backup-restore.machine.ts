import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  BACKUP_LIMITS,
  type Backup,
  type BackupPhase,
  type BackupPreview,
  type BackupRestoreResult,
} from '../../contract/entities/backup';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

/**
 * Restoring a backup (doc 1 §4 "applied from storage or restored from a file"; the product
 * design's `backupRestore`): choosing (a stored backup, or a file to upload; the passphrase it
 * was made with) → previewing (the server's dry run: rows added, changed and removed per entity)
 * → preview → confirm (what will be replaced, and that a safety backup comes first) → applying:
 * safetyBackup → restoring, with the server's progress → done, or failed with the reason (try
 * again, or back to the choice). A refused preview (a wrong passphrase, a foreign or damaged
 * file: "invalid backup image") returns to the choice with its reason and everything kept.
 * Nothing is written before Confirm; the server applies all or nothing.
 */
export type BackupRestoreSource = 'stored' | 'file';

/** What the preview sends: a stored backup's id, or the file to upload first; the passphrase. */
export interface BackupPreviewRequest {
  source: BackupRestoreSource;
  backupId: number | null;
  file: File | null;
  passphrase: string;
}

/** What the apply sends: the (stored or uploaded) backup and its passphrase. */
export interface BackupApplyRequest {
  backupId: number;
  passphrase: string;
}

/** How far the restore is, as the server last said (the highest percent heard). */
export interface BackupRestoreProgress {
  phase: BackupPhase;
  percent: number;
}

export interface BackupRestoreContext {
  source: BackupRestoreSource;
  /** The stored backup chosen on the list (source `stored`). */
  backup: Backup | null;
  file: File | null;
  passphrase: string;
  /** The backup previewed and applied (an uploaded file has one once the preview stored it). */
  backupId: number | null;
  preview: BackupPreview | null;
  progress: BackupRestoreProgress | null;
  result: BackupRestoreResult | null;
  failure: CallFailure | null;
}

export type BackupRestoreEvent =
  | { type: 'restore.fileChosen'; file: File | null }
  | { type: 'restore.passphraseChanged'; passphrase: string }
  | { type: 'restore.preview' }
  | { type: 'restore.continue' }
  | { type: 'restore.confirm' }
  | { type: 'restore.back' }
  | { type: 'restore.retry' }
  /** From the apply effect: the server's progress, its answer, its refusal. */
  | { type: 'restore.progress'; phase: BackupPhase; percent: number }
  | { type: 'restore.applied'; result: BackupRestoreResult }
  | { type: 'restore.applyFailed'; failure: CallFailure };

export const emptyBackupRestoreContext = (backup: Backup | null = null): BackupRestoreContext => ({
  source: backup ? 'stored' : 'file',
  backup,
  file: null,
  passphrase: '',
  backupId: backup?.id ?? null,
  preview: null,
  progress: null,
  result: null,
  failure: null,
});

/** Phases after the safety backup: the restore itself is writing. */
const RESTORING_PHASES: readonly BackupPhase[] = ['planning', 'restoring', 'finishing'];

export const previewRequestOf = (c: BackupRestoreContext): BackupPreviewRequest => ({
  source: c.source,
  backupId: c.source === 'stored' ? c.backupId : null,
  file: c.source === 'file' ? c.file : null,
  passphrase: c.passphrase,
});

export const backupRestoreMachine = setup({
  types: {
    context: {} as BackupRestoreContext,
    events: {} as BackupRestoreEvent,
    input: {} as { backup?: Backup | null } | undefined,
  },
  actors: {
    /** Uploads the file when there is one (POST /backups/restore), then the dry run (POST /backups/{id}/preview). */
    preview: fromPromise<{ backupId: number; preview: BackupPreview }, BackupPreviewRequest>(
      () => new Promise(() => {}),
    ),
    /** POST /backups/{id}/apply, sending back restore.progress, then restore.applied or restore.applyFailed. */
    apply: fromCallback<BackupRestoreEvent, BackupApplyRequest>(() => () => {}),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> }) => {},
    /** The data changed under every view: the list of backups and the session's profile follow. */
    restored: () => {},
    setFile: assign((_, params: { file: File | null }) => ({ file: params.file, failure: null, backupId: null })),
    setPassphrase: assign((_, params: { passphrase: string }) => ({ passphrase: params.passphrase, failure: null })),
    clearFailure: assign({ failure: null }),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    takePreview: assign((_, params: { backupId: number; preview: BackupPreview }) => ({
      backupId: params.backupId,
      preview: params.preview,
    })),
    dropPreview: assign({ preview: null, progress: null }),
    startProgress: assign({ progress: { phase: 'opening' as BackupPhase, percent: 0 } }),
    /** Keeps the highest percent heard: messages may arrive out of order. */
    takeProgress: assign(({ context }, params: BackupRestoreProgress) => ({
      progress:
        context.progress && context.progress.percent > params.percent
          ? context.progress
          : { phase: params.phase, percent: Math.max(0, Math.min(100, params.percent)) },
    })),
    takeResult: assign((_, params: { result: BackupRestoreResult }) => ({
      result: params.result,
      progress: { phase: 'finishing' as BackupPhase, percent: 100 },
    })),
  },
  guards: {
    canPreview: ({ context }) =>
      context.passphrase.length > 0 &&
      context.passphrase.length <= BACKUP_LIMITS.passphraseMax &&
      (context.source === 'stored' ? context.backupId !== null : context.file !== null),
    pastSafetyBackup: (_, params: { phase: BackupPhase }) => RESTORING_PHASES.includes(params.phase),
  },
}).createMachine({
  id: 'backupRestore',
  context: ({ input }) => emptyBackupRestoreContext(input?.backup ?? null),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'restore.fileChosen': { actions: { type: 'setFile', params: ({ event }) => ({ file: event.file }) } },
        'restore.passphraseChanged': {
          actions: { type: 'setPassphrase', params: ({ event }) => ({ passphrase: event.passphrase }) },
        },
        'restore.preview': { guard: 'canPreview', target: 'previewing', actions: 'clearFailure' },
      },
    },
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => previewRequestOf(context),
        onDone: {
          target: 'preview',
          actions: { type: 'takePreview', params: ({ event }) => event.output },
        },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.error) },
          ],
        },
      },
    },
    preview: {
      on: {
        'restore.continue': { target: 'confirm' },
        'restore.back': { target: 'choosing', actions: 'dropPreview' },
      },
    },
    confirm: {
      on: {
        'restore.confirm': { target: 'applying', actions: ['clearFailure', 'startProgress'] },
        'restore.back': { target: 'preview' },
      },
    },
    applying: {
      initial: 'safetyBackup',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ backupId: context.backupId ?? 0, passphrase: context.passphrase }),
      },
      on: {
        'restore.applied': {
          target: 'done',
          actions: [
            { type: 'takeResult', params: ({ event }) => ({ result: event.result }) },
            'restored',
            {
              type: 'alert',
              params: ({ context }) => ({
                kind: 'success',
                code: 'backups:restore.doneAlert',
                params: { name: context.backup?.name ?? context.file?.name ?? '' },
              }),
            },
          ],
        },
        'restore.applyFailed': {
          target: 'failed',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.failure }) },
            { type: 'alert', params: ({ event }) => failureAlert(event.failure) },
          ],
        },
      },
      states: {
        safetyBackup: {
          on: {
            'restore.progress': [
              {
                guard: { type: 'pastSafetyBackup', params: ({ event }) => ({ phase: event.phase }) },
                target: 'restoring',
                actions: {
                  type: 'takeProgress',
                  params: ({ event }) => ({ phase: event.phase, percent: event.percent }),
                },
              },
              {
                actions: {
                  type: 'takeProgress',
                  params: ({ event }) => ({ phase: event.phase, percent: event.percent }),
                },
              },
            ],
          },
        },
        restoring: {
          on: {
            'restore.progress': {
              actions: {
                type: 'takeProgress',
                params: ({ event }) => ({ phase: event.phase, percent: event.percent }),
              },
            },
          },
        },
      },
    },
    failed: {
      on: {
        'restore.retry': { target: 'applying', actions: ['clearFailure', 'startProgress'] },
        'restore.back': { target: 'choosing', actions: 'dropPreview' },
      },
    },
    done: {},
  },
});
export type BackupRestoreMachine = typeof backupRestoreMachine;
