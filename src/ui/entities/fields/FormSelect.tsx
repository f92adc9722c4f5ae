import { useSelector } from '@xstate/react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import { Select, type SelectOption } from '../../kit/Select';
import type { FormRef } from '../form-types';

/** Props of {@link FormSelect}. */
export interface FormSelectProps {
  formRef: FormRef;
  field: string;
  label: string;
  options: readonly SelectOption[];
  className?: string;
}

/** A native select bound to one field (a few fixed choices). */
export function FormSelect({ formRef, field, label, options, className }: FormSelectProps) {
  const value = useSelector(formRef, selectFormValue(field));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  return (
    <Select
      label={label}
      name={field}
      options={options}
      value={String(value ?? '')}
      onChange={(next) => formRef.send({ type: 'field.change', field, value: next })}
      error={error}
      disabled={locked}
      className={className}
    />
  );
}
