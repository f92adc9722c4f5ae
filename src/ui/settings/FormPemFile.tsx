import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { FieldErrorText } from '../kit/FieldErrorText';

/** Props of {@link FormPemFile}. */
export interface FormPemFileProps {
  formRef: FormRef;
  /** The field that holds the file's PEM text. */
  field: string;
  /** A field that holds the file's name, when the form keeps it. */
  nameField?: string;
  label: string;
  /** Whether one is stored already (the placeholder of 7.9: choosing none keeps it). */
  stored?: boolean;
}

/**
 * A certificate or key file (PEM): the chosen file's text goes into the field
 * (a certificate is text, sent in the JSON body); choosing none keeps what is stored.
 */
export function FormPemFile({ formRef, field, nameField, label, stored = false }: FormPemFileProps) {
  const { t } = useTranslation('settings');
  const id = useId();
  const value = useSelector(formRef, selectFormValue(field));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  const chosen = typeof value === 'string' && value !== '';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".pem,.crt,.cer,.key,application/x-pem-file"
        disabled={locked}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          void file.text().then((text) => {
            formRef.send({ type: 'field.change', field, value: text });
            if (nameField) formRef.send({ type: 'field.change', field: nameField, value: file.name });
          });
        }}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
      />
      <p id={`${id}-hint`} className="mt-1 text-[12px] text-muted">
        {chosen ? t('files.chosen') : stored ? t('files.stored') : t('files.none')}
      </p>
      <FieldErrorText error={error} id={`${id}-error`} />
    </div>
  );
}
