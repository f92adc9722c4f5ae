import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { BackupPreview } from '../../contract/entities/backup';
import type { BackupRestoreMachine } from '../../machines/backup-restore/backup-restore.machine';
import {
  selectCanPreview,
  selectRestoreBackup,
  selectRestoreBusy,
  selectRestoreFailure,
  selectRestoreFile,
  selectRestorePassphrase,
  selectRestorePreview,
  selectRestoreProgress,
  selectRestoreResult,
  selectRestoreSource,
  selectRestoreStep,
} from '../../machines/backup-restore/backup-restore.selectors';
import type { CallFailure } from '../../machines/session/session.types';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { BackupProgress } from './BackupProgress';

type Actor = ActorRefFrom<BackupRestoreMachine>;

/** Props of {@link BackupRestoreDialog}. */
export interface BackupRestoreDialogProps {
  actor: Actor;
  onClose: () => void;
}

/** An invalid backup image says why (its reason), other failures as the catalogue says. */
export function restoreFailureText(t: TFunction, failure: CallFailure): string {
  const reason = failure.params?.reason;
  return failure.code === 'invalid backup image' && typeof reason === 'string'
    ? `${translateError(t, failure)}: ${t(`backups:restore.reasons.${reason}`)}`
    : translateError(t, failure);
}

/**
 * Restoring a backup (`backupRestore`): the passphrase (and the file, from a file) → the dry
 * run per entity → a confirmation (a safety backup comes first) → the safety backup and the
 * restore with the server's progress → done, or failed with the reason.
 */
export function BackupRestoreDialog({ actor, onClose }: BackupRestoreDialogProps) {
  const { t } = useTranslation(['backups', 'errors', 'common']);
  const step = useSelector(actor, selectRestoreStep);
  const backup = useSelector(actor, selectRestoreBackup);
  const failure = useSelector(actor, selectRestoreFailure);
  const preview = useSelector(actor, selectRestorePreview);
  const progress = useSelector(actor, selectRestoreProgress);
  const result = useSelector(actor, selectRestoreResult);
  const busy = useSelector(actor, selectRestoreBusy);
  const canPreview = useSelector(actor, selectCanPreview);
  const send = actor.send;
  const back = (
    <Button disabled={busy} onClick={() => send({ type: 'restore.back' })}>
      {t('backups:restore.back')}
    </Button>
  );
  const footer =
    step === 'done' ? (
      <Button variant="primary" onClick={onClose}>
        {t('common:actions.close')}
      </Button>
    ) : step === 'preview' ? (
      <>
        {back}
        <Button variant="primary" onClick={() => send({ type: 'restore.continue' })}>
          {t('backups:restore.continue')}
        </Button>
      </>
    ) : step === 'confirm' || step === 'safetyBackup' || step === 'restoring' || step === 'failed' ? (
      <>
        {back}
        <Button
          variant="danger"
          loading={busy}
          onClick={() => send({ type: step === 'failed' ? 'restore.retry' : 'restore.confirm' })}
        >
          {step === 'failed' ? t('backups:restore.retry') : t('backups:restore.confirm')}
        </Button>
      </>
    ) : (
      <>
        <Button disabled={busy} onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="primary"
          loading={step === 'previewing'}
          disabled={!canPreview && step !== 'previewing'}
          onClick={() => send({ type: 'restore.preview' })}
        >
          {failure ? t('backups:restore.retry') : t('backups:restore.preview')}
        </Button>
      </>
    );
  return (
    <Dialog
      open
      width="wide"
      onClose={() => (busy ? undefined : onClose())}
      title={backup ? t('backups:restore.titleOf', { name: backup.name }) : t('backups:restore.title')}
      footer={footer}
    >
      {failure ? (
        <div role="alert" className="mb-3 text-danger-700">
          <p>{restoreFailureText(t, failure)}</p>
          {step === 'failed' ? <p className="text-sm">{t('backups:restore.failed')}</p> : null}
        </div>
      ) : null}
      {step === 'choosing' || step === 'previewing' ? <Choose actor={actor} disabled={busy} /> : null}
      {step === 'previewing' ? (
        <div role="progressbar" aria-label={t('backups:restore.previewing')} className="mt-3 space-y-1">
          <div className="h-1.5 overflow-hidden rounded bg-surface-muted">
            <div className="h-full w-1/3 animate-pulse rounded bg-brand-600" />
          </div>
          <p className="text-xs text-muted">{t('backups:restore.previewing')}</p>
        </div>
      ) : null}
      {preview && step === 'preview' ? <Changes preview={preview} caption={t('backups:restore.intro')} /> : null}
      {preview && step === 'confirm' ? (
        <div className="space-y-2">
          <p className="font-medium text-ink">{t('backups:restore.confirmTitle')}</p>
          <p className="text-sm">
            {t('backups:restore.confirmText', {
              entities: preview.entities.map((e) => t(`backups:entities.${e.entity}`)).join(', '),
            })}
          </p>
          {!preview.caller_remains ? (
            <p className="text-sm text-danger-700">{t('backups:restore.callerLeaves')}</p>
          ) : null}
        </div>
      ) : null}
      {(step === 'safetyBackup' || step === 'restoring' || step === 'failed') && progress ? (
        <BackupProgress
          progress={progress}
          label={t(`backups:progress.${step === 'safetyBackup' ? 'safety_backup' : 'restoring'}`)}
        />
      ) : null}
      {step === 'done' && result ? (
        <div className="space-y-2">
          {progress ? <BackupProgress progress={progress} label={t('backups:progress.finishing')} /> : null}
          <p role="status" className="text-success-700">
            {t('backups:restore.done')}
          </p>
          <p className="text-sm text-muted">{t('backups:restore.safety', { name: result.safety_backup.name })}</p>
          <Changes preview={result} caption={t('backups:restore.changedBy')} />
        </div>
      ) : null}
    </Dialog>
  );
}

function Choose({ actor, disabled }: { actor: Actor; disabled: boolean }) {
  const { t } = useTranslation('backups');
  const source = useSelector(actor, selectRestoreSource);
  const file = useSelector(actor, selectRestoreFile);
  const passphrase = useSelector(actor, selectRestorePassphrase);
  return (
    <div className="space-y-3">
      {source === 'file' ? (
        <div className="space-y-1">
          <label className="block text-sm font-medium text-ink" htmlFor="backup-file">
            {t('restore.file')}
          </label>
          <input
            id="backup-file"
            type="file"
            accept=".zip,application/zip"
            disabled={disabled}
            onChange={(e) => actor.send({ type: 'restore.fileChosen', file: e.target.files?.[0] ?? null })}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5"
          />
          <p className="text-xs text-muted">{file ? file.name : t('restore.fileHint')}</p>
        </div>
      ) : null}
      <TextField
        label={t('restore.passphrase')}
        name="restore-passphrase"
        type="password"
        autoComplete="off"
        value={passphrase}
        disabled={disabled}
        onChange={(e) => actor.send({ type: 'restore.passphraseChanged', passphrase: e.target.value })}
      />
    </div>
  );
}

function Changes({ preview, caption }: { preview: BackupPreview; caption: string }) {
  const { t } = useTranslation('backups');
  const dependents = preview.dependents.reduce((n, d) => n + d.removed + d.changed, 0);
  return (
    <div className="space-y-3">
      {preview.migrated ? (
        <p className="text-sm">{t('restore.migrated', { version: preview.schema_version })}</p>
      ) : null}
      <table className="w-full text-left text-[13px]">
        <caption className="mb-1 text-left text-sm">{caption}</caption>
        <thead className="text-muted">
          <tr>
            <th className="py-1 font-medium">{t('restore.entity')}</th>
            <th className="py-1 font-medium">{t('restore.added')}</th>
            <th className="py-1 font-medium">{t('restore.changed')}</th>
            <th className="py-1 font-medium">{t('restore.removed')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.entities.map((e) => (
            <tr key={e.entity} className="border-t border-line">
              <td className="py-1">{t(`entities.${e.entity}`)}</td>
              <td className="py-1 tabular-nums">{e.added}</td>
              <td className="py-1 tabular-nums">{e.changed}</td>
              <td className="py-1 tabular-nums">{e.removed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dependents > 0 ? <p className="text-sm">{t('restore.dependents', { count: dependents })}</p> : null}
      {preview.dropped > 0 ? <p className="text-sm">{t('restore.dropped', { count: preview.dropped })}</p> : null}
      {preview.files > 0 ? <p className="text-sm text-muted">{t('restore.files', { count: preview.files })}</p> : null}
    </div>
  );
}
