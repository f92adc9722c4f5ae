import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import {
  BACKUPS_TOPIC,
  type Backup,
  type BackupPreview,
  BackupProgressEventSchema,
  BackupsChangedEventSchema,
  backupsEntity,
} from '../../contract/entities/backup';
import {
  type BackupMakeEvent,
  type BackupMakeRequest,
  backupMakeMachine,
} from '../../machines/backup-make/backup-make.machine';
import {
  type BackupApplyRequest,
  type BackupPreviewRequest,
  type BackupRestoreEvent,
  backupRestoreMachine,
} from '../../machines/backup-restore/backup-restore.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import type { CallFailure } from '../../machines/session/session.types';
import { createChangeSignal } from '../change-signal';
import { saveFile } from '../entity-download';
import { defineArea } from './area';

const operationId = (kind: string) => `${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Backups (6.2, 7.8): the stored backups (list, delete, download), making one with its progress
 * (`backupMake`), and restoring a stored one or a file (`backupRestore`: upload, dry run, then
 * the apply with its progress). Progress comes over BACKUPS_TOPIC by the operation id the
 * console chose; the list reloads on BackupsChanged. A restore changes every view's data: the
 * session's profile is asked again.
 */
export const backupsArea = defineArea('backups', ({ http, showAlert, kit, topics, app }) => {
  const changedHere = createChangeSignal();
  /** Files uploaded by this console, with the backup each became. */
  const uploads = new WeakMap<File, number>();

  /** Calls `run` with a fresh operation id, forwarding that operation's progress meanwhile. */
  const withProgress = <E>(
    kind: string,
    sendBack: (event: E) => void,
    progress: (phase: v.InferOutput<typeof BackupProgressEventSchema>) => E,
    run: (operation: string) => Promise<E>,
    failed: (failure: CallFailure) => E,
  ) => {
    const operation = operationId(kind);
    let live = true;
    const stop = topics.listen(BACKUPS_TOPIC, (e) => {
      if (e.type !== 'feed.message' || !v.is(BackupProgressEventSchema, e.data)) return;
      if (e.data.operation_id === operation && live) sendBack(progress(e.data));
    });
    run(operation)
      .then((event) => live && sendBack(event))
      .catch((error: unknown) => live && sendBack(failed(error as CallFailure)))
      .finally(() => {
        stop();
        changedHere.notify();
      });
    return () => {
      live = false;
      stop();
    };
  };

  const make = fromCallback<BackupMakeEvent, BackupMakeRequest>(({ sendBack, input }) =>
    withProgress<BackupMakeEvent>(
      'make',
      sendBack,
      (e) => ({ type: 'make.progress', phase: e.phase, percent: e.percent }),
      async (operation_id) => {
        const made = await http.call('POST /backups/make', { body: { ...input, operation_id } });
        return { type: 'make.made', backup: made.data };
      },
      (failure) => ({ type: 'make.failed', failure }),
    ),
  );

  const preview = fromPromise<{ backupId: number; preview: BackupPreview }, BackupPreviewRequest>(async ({ input }) => {
    let backupId = input.backupId ?? 0;
    if (input.source === 'file' && input.file) {
      // A file is uploaded once: a second preview (another passphrase) uses the stored one.
      let stored = uploads.get(input.file);
      if (stored === undefined) {
        stored = (await http.call('POST /backups/restore', { multipart: { fields: {}, files: { file: input.file } } }))
          .data.id;
        uploads.set(input.file, stored);
        changedHere.notify();
      }
      backupId = stored;
    }
    const answer = await http.call('POST /backups/{id}/preview', {
      params: { id: backupId },
      body: { passphrase: input.passphrase },
    });
    return { backupId, preview: answer.data };
  });

  const apply = fromCallback<BackupRestoreEvent, BackupApplyRequest>(({ sendBack, input }) =>
    withProgress<BackupRestoreEvent>(
      'restore',
      sendBack,
      (e) => ({ type: 'restore.progress', phase: e.phase, percent: e.percent }),
      async (operation_id) => {
        const done = await http.call('POST /backups/{id}/apply', {
          params: { id: input.backupId },
          body: { passphrase: input.passphrase, operation_id },
        });
        return { type: 'restore.applied', result: done.data };
      },
      (failure) => ({ type: 'restore.applyFailed', failure }),
    ),
  );

  return {
    entities: {
      backups: kit(backupsEntity, {
        changes: fromCallback(({ sendBack }) => {
          const stopLocal = changedHere.listen(() => sendBack({ type: 'list.refresh' }));
          const stopLive = topics.listen(BACKUPS_TOPIC, (e) => {
            if (e.type === 'feed.resync' || v.is(BackupsChangedEventSchema, e.data)) sendBack({ type: 'list.refresh' });
          });
          return () => {
            stopLocal();
            stopLive();
          };
        }),
      }),
    },
    machines: {
      /** Making a backup (the page's Make dialog). */
      backupMake: backupMakeMachine.provide({
        actions: { alert: (_, params) => showAlert(params) },
        actors: { make },
      }),
      /** Restoring a stored backup (input: the backup) or a file (no input). */
      backupRestore: backupRestoreMachine.provide({
        actions: {
          alert: (_, params) => showAlert(params),
          restored: () => {
            changedHere.notify();
            app()?.system.get('session')?.send({ type: 'session.profileChanged' });
          },
        },
        actors: { preview, apply },
      }),
      /** GET /backups/{id}/download: the archive as a zip. */
      backupDownload: (backup: Pick<Backup, 'id' | 'name'>) =>
        loaderMachine.provide({
          actors: {
            fetch: fromPromise<unknown>(async () => {
              const file = await http.callFile('GET /backups/{id}/download', { params: { id: backup.id } });
              saveFile(file, `${backup.name}.zip`);
              return true;
            }),
          },
        }),
    },
  };
});
