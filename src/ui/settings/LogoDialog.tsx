import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_BOX } from '../../contract/entities/project-settings';
import { selectFieldError } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import type { FormRef } from '../entities/form-types';
import { FieldErrorText } from '../kit/FieldErrorText';

/** Choose a picture and upload it as the white-label logo (kept within LOGO_BOX, proportions kept). */
export function LogoDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const error = useSelector(formRef, selectFieldError('image'));
  return (
    <EntityFormDialog formRef={formRef} title={t('whitelabel.logoUpload')} onClose={onClose}>
      <div>
        <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-ink">
          {t('whitelabel.logoFile')}
        </label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) =>
            formRef.send({ type: 'field.change', field: 'image', value: event.target.files?.[0] ?? null })
          }
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
        />
        <p id={`${id}-hint`} className="mt-1 text-[12px] text-muted">
          {t('whitelabel.logoHint', LOGO_BOX)}
        </p>
        <FieldErrorText error={error} id={`${id}-error`} />
      </div>
    </EntityFormDialog>
  );
}
