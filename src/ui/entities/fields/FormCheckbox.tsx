import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import { Checkbox } from '../../kit/Checkbox';
import type { FormRef } from '../form-types';

/** Props of {@link FormCheckbox}. */
export interface FormCheckboxProps {
  formRef: FormRef;
  field: string;
  label: ReactNode;
  className?: string;
}

/** A checkbox bound to one boolean field. */
export function FormCheckbox({ formRef, field, label, className }: FormCheckboxProps) {
  const value = useSelector(formRef, selectFormValue(field));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  return (
    <Checkbox
      label={label}
      name={field}
      checked={value === true}
      onChange={(event) => formRef.send({ type: 'field.change', field, value: event.target.checked })}
      error={error}
      disabled={locked}
      className={className}
    />
  );
}
