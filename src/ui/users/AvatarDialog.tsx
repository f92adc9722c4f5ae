import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldError } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import type { FormRef } from '../entities/form-types';
import { FieldErrorText } from '../kit/FieldErrorText';
import { AvatarCropper } from './AvatarCropper';

/** Choose an image, crop a square of it, and upload it as the user's avatar. */
export function AvatarDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('users');
  const id = useId();
  const error = useSelector(formRef, selectFieldError('image'));
  return (
    <EntityFormDialog formRef={formRef} title={t('avatar.title')} onClose={onClose}>
      <div>
        <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-ink">
          {t('avatar.file')}
        </label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) =>
            formRef.send({ type: 'field.change', field: 'image', value: event.target.files?.[0] ?? null })
          }
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
        />
        <FieldErrorText error={error} id={`${id}-error`} />
      </div>
      <AvatarCropper formRef={formRef} />
    </EntityFormDialog>
  );
}
