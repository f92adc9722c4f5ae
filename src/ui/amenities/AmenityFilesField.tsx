import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { AmenityFileChoice, AmenityFileChoices } from '../../services/areas/amenities';
import type { FormRef } from '../entities/form-types';
import { Button, buttonClasses } from '../kit/Button';

const ACCEPT = { image: 'image/png,image/jpeg,image/webp,image/gif', terms_of_use: 'application/pdf,.pdf' } as const;

/**
 * The amenity's files (section 3): its image (shown) and its terms of use (a PDF, linked). A file
 * chosen here is uploaded when the amenity is saved; a removed one is deleted then.
 */
export function AmenityFilesField({ formRef }: { formRef: FormRef }) {
  const files = useSelector(formRef, selectFormValue('files')) as AmenityFileChoices | undefined;
  const locked = useSelector(formRef, selectIsLocked);
  if (!files) return null;
  const set = (kind: keyof AmenityFileChoices, choice: AmenityFileChoice) =>
    formRef.send({ type: 'field.change', field: 'files', value: { ...files, [kind]: choice } });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FileChoice kind="image" choice={files.image} locked={locked} onChange={(c) => set('image', c)} />
      <FileChoice
        kind="terms_of_use"
        choice={files.terms_of_use}
        locked={locked}
        onChange={(c) => set('terms_of_use', c)}
      />
    </div>
  );
}

function FileChoice(props: {
  kind: keyof AmenityFileChoices;
  choice: AmenityFileChoice;
  locked: boolean;
  onChange: (choice: AmenityFileChoice) => void;
}) {
  const { t } = useTranslation('amenities');
  const id = useId();
  const { kind, choice } = props;
  const shown = choice.action !== 'delete' && (choice.url || choice.file);
  const preview = choice.action === 'upload' && choice.file ? null : choice.url;
  return (
    <fieldset className="space-y-2 rounded-md border border-line p-3">
      <legend className="px-1 text-[13px] font-medium text-ink">{t(`files.${kind}`)}</legend>
      {shown ? (
        kind === 'image' && preview ? (
          <img src={preview} alt={t('files.imageAlt')} className="h-28 w-28 rounded object-cover" />
        ) : choice.url && choice.action === 'none' ? (
          <a
            href={choice.originalUrl ?? choice.url}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-brand-700 underline"
          >
            {choice.name ?? t('files.open')}
          </a>
        ) : (
          <p className="text-sm text-ink">{t('files.chosen', { name: choice.name ?? '' })}</p>
        )
      ) : (
        <p className="text-sm text-muted">{t('files.none')}</p>
      )}
      {props.locked ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className={`${buttonClasses('secondary', 'sm')} cursor-pointer`}>
            {t('files.choose')}
          </label>
          <input
            id={id}
            type="file"
            accept={ACCEPT[kind]}
            aria-label={t(`files.chooseNamed.${kind}`)}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) props.onChange({ ...choice, action: 'upload', file, name: file.name });
              event.target.value = '';
            }}
          />
          {shown ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                props.onChange(
                  choice.url
                    ? { ...choice, action: 'delete', file: null }
                    : { ...choice, action: 'none', file: null, name: null },
                )
              }
            >
              {t('files.remove')}
            </Button>
          ) : null}
          <span className="text-[12px] text-muted">{t(`files.formats.${kind}`)}</span>
        </div>
      )}
    </fieldset>
  );
}
