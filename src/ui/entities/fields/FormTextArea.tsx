import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import { cx } from '../../kit/class-names';
import { FieldErrorText } from '../../kit/FieldErrorText';
import type { FormRef } from '../form-types';

/** Props of {@link FormTextArea}. */
export interface FormTextAreaProps {
  formRef: FormRef;
  field: string;
  label: string;
  rows?: number;
  className?: string;
}

/** A multi-line text input bound to one field (descriptions). */
export function FormTextArea({ formRef, field, label, rows = 3, className }: FormTextAreaProps) {
  const id = useId();
  const value = useSelector(formRef, selectFormValue(field));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={field}
        rows={rows}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => formRef.send({ type: 'field.change', field, value: event.target.value })}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(
          'block w-full rounded-md border bg-surface px-2.5 py-1.5 text-sm text-ink disabled:bg-canvas disabled:text-muted',
          error ? 'border-danger-600' : 'border-line focus:border-brand-500',
        )}
      />
      <FieldErrorText error={error} id={`${id}-error`} />
    </div>
  );
}
