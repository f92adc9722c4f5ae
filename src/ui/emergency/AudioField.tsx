import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { AudioChoice } from '../../services/alert-audio';
import type { FormRef } from '../entities/form-types';
import { Button, buttonClasses } from '../kit/Button';
import { FieldErrorText } from '../kit/FieldErrorText';

/** The alert's audio: what is stored (with a player), a file to upload, or a siren to generate on save. */
export function AudioField({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('emergency');
  const id = useId();
  const choice = (useSelector(formRef, selectFormValue('audio')) as AudioChoice | undefined) ?? { kind: 'none' };
  const error = useSelector(formRef, selectFieldError('filename'));
  const locked = useSelector(formRef, selectIsLocked);
  const set = (value: AudioChoice) => formRef.send({ type: 'field.change', field: 'audio', value });
  const text =
    choice.kind === 'stored'
      ? t('audio.stored')
      : choice.kind === 'file'
        ? t('audio.file', { name: choice.name })
        : choice.kind === 'generate'
          ? t('audio.generate')
          : t('audio.none');
  return (
    <fieldset>
      <legend className="mb-1 text-[13px] font-medium text-ink">{t('audio.label')}</legend>
      <div className="space-y-2 rounded-md border border-line px-3 py-2">
        <p className="text-sm text-ink">{text}</p>
        {choice.kind === 'stored' && choice.url ? (
          // biome-ignore lint/a11y/useMediaCaption: a siren or spoken alert chosen by the operator; no captions exist.
          <audio controls src={choice.url} aria-label={t('audio.player')} className="h-9 w-full max-w-sm" />
        ) : null}
        {locked ? null : (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={id} className={`${buttonClasses('secondary', 'sm')} cursor-pointer`}>
              {t('audio.choose')}
            </label>
            <input
              id={id}
              type="file"
              accept="audio/wav,audio/x-wav,audio/mpeg,audio/ogg,.wav,.mp3,.ogg"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) set({ kind: 'file', file, name: file.name });
                event.target.value = '';
              }}
            />
            <Button size="sm" onClick={() => set({ kind: 'generate' })}>
              {t('audio.generateAction')}
            </Button>
            {choice.kind === 'none' ? null : (
              <Button size="sm" variant="ghost" onClick={() => set({ kind: 'none' })}>
                {t('audio.remove')}
              </Button>
            )}
            <span className="text-[12px] text-muted">{t('audio.formats')}</span>
          </div>
        )}
      </div>
      <FieldErrorText error={error} />
    </fieldset>
  );
}
