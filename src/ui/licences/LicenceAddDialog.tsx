import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LicencePreview } from '../../contract/entities/licence';
import type { LicenceAddMachine } from '../../machines/licence-add/licence-add.machine';
import {
  selectCanCheck,
  selectLicenceBusy,
  selectLicenceFailure,
  selectLicenceFile,
  selectLicenceKey,
  selectLicencePreview,
  selectLicenceSource,
  selectLicenceStep,
  selectLicencesAdded,
} from '../../machines/licence-add/licence-add.selectors';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { FeatureChips } from './LicenceFeatures';
import { countText, periodText, STATE_TONES } from './licence-format';

type Actor = ActorRefFrom<LicenceAddMachine>;

/** Props of {@link LicenceAddDialog}. */
export interface LicenceAddDialogProps {
  actor: Actor;
  /** A licence server is configured and the caller may use it: the source can be chosen. */
  serverOffered: boolean;
  onClose: () => void;
}

/**
 * Adding licences (7.8): a licence file, or the key the licence server knows the project by →
 * checking → what would change (each licence, the features and counts before and after) →
 * applying → done, or failed with the reason (try again, or back). Nothing is added before Apply.
 */
export function LicenceAddDialog({ actor, serverOffered, onClose }: LicenceAddDialogProps) {
  const { t } = useTranslation(['licences', 'errors', 'common']);
  const step = useSelector(actor, selectLicenceStep);
  const source = useSelector(actor, selectLicenceSource);
  const failure = useSelector(actor, selectLicenceFailure);
  const preview = useSelector(actor, selectLicencePreview);
  const busy = useSelector(actor, selectLicenceBusy);
  const canCheck = useSelector(actor, selectCanCheck);
  const added = useSelector(actor, selectLicencesAdded);

  const footer =
    step === 'done' ? (
      <Button variant="primary" onClick={onClose}>
        {t('common:actions.close')}
      </Button>
    ) : step === 'preview' || step === 'applying' || step === 'failed' ? (
      <>
        <Button disabled={busy} onClick={() => actor.send({ type: 'licence.back' })}>
          {t('licences:add.back')}
        </Button>
        <Button
          variant="primary"
          loading={step === 'applying'}
          onClick={() => actor.send({ type: step === 'failed' ? 'licence.retry' : 'licence.apply' })}
        >
          {step === 'failed' ? t('licences:add.retry') : t('licences:add.apply')}
        </Button>
      </>
    ) : (
      <>
        <Button disabled={busy} onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="primary"
          loading={step === 'checking'}
          disabled={!canCheck && step !== 'checking'}
          onClick={() => actor.send({ type: 'licence.check' })}
        >
          {failure ? t('licences:add.retry') : t('licences:add.check')}
        </Button>
      </>
    );

  return (
    <Dialog
      open
      width="wide"
      onClose={() => (busy ? undefined : onClose())}
      title={t('licences:add.title')}
      footer={footer}
    >
      {busy ? (
        <div role="progressbar" aria-label={t(`licences:add.${step}`)} className="mb-3 space-y-1">
          <div className="h-1.5 overflow-hidden rounded bg-surface-muted">
            <div className="h-full w-1/3 animate-pulse rounded bg-brand-600" />
          </div>
          <p className="text-xs text-muted">{t(`licences:add.${step}`)}</p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="mb-3 text-danger-700">
          {translateError(t, failure)}
        </p>
      ) : null}
      {step === 'choosing' || step === 'checking' ? (
        <Choose actor={actor} source={source} serverOffered={serverOffered} disabled={busy} />
      ) : null}
      {preview && (step === 'preview' || step === 'applying' || step === 'failed') ? (
        <Preview preview={preview} />
      ) : null}
      {step === 'done' ? (
        <p role="status" className="text-success-700">
          {t('licences:add.done', { count: added })}
        </p>
      ) : null}
    </Dialog>
  );
}

function Choose(props: { actor: Actor; source: 'file' | 'server'; serverOffered: boolean; disabled: boolean }) {
  const { t } = useTranslation('licences');
  const { actor, source } = props;
  const file = useSelector(actor, selectLicenceFile);
  const key = useSelector(actor, selectLicenceKey);
  return (
    <div className="space-y-3">
      {props.serverOffered ? (
        <fieldset className="flex gap-4" disabled={props.disabled}>
          <legend className="sr-only">{t('add.source')}</legend>
          {(['file', 'server'] as const).map((s) => (
            <label key={s} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name="licence-source"
                value={s}
                checked={source === s}
                onChange={() => actor.send({ type: 'licence.sourceChosen', source: s })}
              />
              {t(`add.sources.${s}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {source === 'file' ? (
        <div className="space-y-1">
          <label className="block text-sm font-medium text-ink" htmlFor="licence-file">
            {t('add.file')}
          </label>
          <input
            id="licence-file"
            type="file"
            accept=".lic,.json,application/json"
            disabled={props.disabled}
            onChange={(e) => actor.send({ type: 'licence.fileChosen', file: e.target.files?.[0] ?? null })}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5"
          />
          <p className="text-xs text-muted">{file ? file.name : t('add.fileHint')}</p>
        </div>
      ) : (
        <TextField
          label={t('add.key')}
          name="licence-key"
          value={key}
          hint={t('add.keyHint')}
          disabled={props.disabled}
          onChange={(e) => actor.send({ type: 'licence.keyChanged', key: e.target.value })}
        />
      )}
    </div>
  );
}

function Preview({ preview }: { preview: LicencePreview }) {
  const { t, i18n } = useTranslation('licences');
  const locale = i18n.language;
  return (
    <div className="space-y-4">
      <p className="text-sm">{t('preview.intro', { count: preview.licences.length })}</p>
      <ul className="space-y-2" aria-label={t('preview.licences')}>
        {preview.licences.map(({ licence, replaces }) => (
          <li key={licence.licence_id} className="rounded-md border border-line px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-[13px]">{licence.licence_id}</span>
              <span className="text-sm">{t(`types.${licence.type}`)}</span>
              <Badge tone={STATE_TONES[licence.state]}>{t(`states.${licence.state}`)}</Badge>
              {replaces !== null ? <Badge tone="info">{t('preview.replaces')}</Badge> : null}
            </div>
            <p className="mt-0.5 text-xs text-muted">
              {[licence.customer, periodText(licence.restrict_period, locale) ?? t('unlimited')]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      <div className="space-y-1.5">
        <p className="text-xs font-medium text-muted">{t('preview.features')}</p>
        <FeatureChips
          features={preview.features.after}
          before={preview.features.before}
          label={t('preview.features')}
        />
      </div>
      <table className="w-full text-left text-[13px]">
        <caption className="sr-only">{t('preview.counts')}</caption>
        <thead className="text-muted">
          <tr>
            <th className="py-1 font-medium">{t('preview.counts')}</th>
            <th className="py-1 font-medium">{t('preview.before')}</th>
            <th className="py-1 font-medium">{t('preview.after')}</th>
            <th className="py-1 font-medium">{t('preview.used')}</th>
          </tr>
        </thead>
        <tbody>
          {(['sip', 'mobile_app', 'ukey2'] as const).map((f) => (
            <tr key={f} className="border-t border-line">
              <td className="py-1">{t(`counted.${f}`)}</td>
              <td className="py-1 tabular-nums">{countText(preview.counts.before[f].licensed, locale)}</td>
              <td className="py-1 tabular-nums font-medium">{countText(preview.counts.after[f].licensed, locale)}</td>
              <td className="py-1 tabular-nums">{preview.counts.after[f].used}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
