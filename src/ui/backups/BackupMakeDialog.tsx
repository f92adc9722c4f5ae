import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { BACKUP_ENTITIES, BACKUP_LIMITS } from '../../contract/entities/backup';
import type { BackupMakeMachine } from '../../machines/backup-make/backup-make.machine';
import {
  selectCanMake,
  selectMade,
  selectMakeEntities,
  selectMakeFailure,
  selectMakeName,
  selectMakePassphrase,
  selectMakePassphraseAgain,
  selectMakeProblem,
  selectMakeProgress,
  selectMakeStep,
} from '../../machines/backup-make/backup-make.selectors';
import { Button } from '../kit/Button';
import { Checkbox } from '../kit/Checkbox';
import { Dialog } from '../kit/Dialog';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { BackupProgress } from './BackupProgress';

/** Props of {@link BackupMakeDialog}. */
export interface BackupMakeDialogProps {
  actor: ActorRefFrom<BackupMakeMachine>;
  onClose: () => void;
}

/** Making a backup: name, what to keep, the passphrase twice → making with its progress → done. */
export function BackupMakeDialog({ actor, onClose }: BackupMakeDialogProps) {
  const { t } = useTranslation(['backups', 'errors', 'common']);
  const step = useSelector(actor, selectMakeStep);
  const name = useSelector(actor, selectMakeName);
  const entities = useSelector(actor, selectMakeEntities);
  const passphrase = useSelector(actor, selectMakePassphrase);
  const again = useSelector(actor, selectMakePassphraseAgain);
  const progress = useSelector(actor, selectMakeProgress);
  const made = useSelector(actor, selectMade);
  const failure = useSelector(actor, selectMakeFailure);
  const problem = useSelector(actor, selectMakeProblem);
  const canMake = useSelector(actor, selectCanMake);
  const min = BACKUP_LIMITS.passphraseMin;
  const footer =
    step === 'done' ? (
      <Button variant="primary" onClick={onClose}>
        {t('common:actions.close')}
      </Button>
    ) : (
      <>
        <Button disabled={step === 'making'} onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="primary"
          loading={step === 'making'}
          disabled={!canMake && step !== 'making'}
          onClick={() => actor.send({ type: 'make.submit' })}
        >
          {t('backups:make.submit')}
        </Button>
      </>
    );
  return (
    <Dialog
      open
      onClose={() => (step === 'making' ? undefined : onClose())}
      title={t('backups:make.title')}
      footer={footer}
    >
      {failure ? (
        <p role="alert" className="mb-3 text-danger-700">
          {translateError(t, failure)}
        </p>
      ) : null}
      {step === 'editing' ? (
        <div className="space-y-3">
          <TextField
            label={t('backups:make.name')}
            name="backup-name"
            value={name}
            maxLength={31}
            onChange={(e) => actor.send({ type: 'make.nameChanged', name: e.target.value })}
          />
          <fieldset className="space-y-1.5">
            <legend className="mb-1 text-sm font-medium text-ink">{t('backups:make.entities')}</legend>
            <Checkbox
              label={t('backups:allEntities')}
              checked={entities.length === BACKUP_ENTITIES.length}
              onChange={(e) => actor.send({ type: 'make.allEntities', on: e.target.checked })}
            />
            <div className="grid grid-cols-2 gap-1.5 pl-5">
              {BACKUP_ENTITIES.map((entity) => (
                <Checkbox
                  key={entity}
                  label={t(`backups:entities.${entity}`)}
                  checked={entities.includes(entity)}
                  onChange={() => actor.send({ type: 'make.entityToggled', entity })}
                />
              ))}
            </div>
          </fieldset>
          <TextField
            label={t('backups:make.passphrase')}
            name="backup-passphrase"
            type="password"
            autoComplete="new-password"
            value={passphrase}
            hint={t('backups:make.passphraseHint', { min })}
            onChange={(e) => actor.send({ type: 'make.passphraseChanged', passphrase: e.target.value })}
          />
          <TextField
            label={t('backups:make.passphraseAgain')}
            name="backup-passphrase-again"
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => actor.send({ type: 'make.passphraseAgainChanged', passphrase: e.target.value })}
          />
          {problem && (passphrase !== '' || problem === 'name' || problem === 'entities') ? (
            <p className="text-xs text-muted">{t(`backups:make.problems.${problem}`, { min })}</p>
          ) : null}
        </div>
      ) : null}
      {step === 'making' && progress ? <BackupProgress progress={progress} label={t('backups:make.making')} /> : null}
      {step === 'done' && made ? (
        <div className="space-y-2">
          {progress ? <BackupProgress progress={progress} label={t('backups:make.making')} /> : null}
          <p role="status" className="text-success-700">
            {t('backups:make.done', { name: made.name })}
          </p>
          <p className="text-sm text-muted">{t('backups:make.keep')}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
