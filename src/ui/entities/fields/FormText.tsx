import { useSelector } from '@xstate/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import { TextField } from '../../kit/TextField';
import type { FormRef } from '../form-types';

/** Props of {@link FormText}. */
export interface FormTextProps
  extends Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'required'
  > {
  formRef: FormRef;
  field: string;
  label: string;
  hint?: ReactNode;
  className?: string;
}

/** A text input bound to one field of a form actor: its value, its error, locked when the form is. */
export function FormText({ formRef, field, label, hint, className, ...input }: FormTextProps) {
  const value = useSelector(formRef, selectFormValue(field));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  return (
    <TextField
      label={label}
      name={field}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => formRef.send({ type: 'field.change', field, value: event.target.value })}
      error={error}
      hint={hint}
      disabled={locked}
      className={className}
      {...input}
    />
  );
}
