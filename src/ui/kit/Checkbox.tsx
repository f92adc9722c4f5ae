import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldError } from '../../contract/errors';
import { cx } from './class-names';
import { FieldErrorText } from './FieldErrorText';

/** Props of {@link Checkbox}: a native checkbox with its label to the right. */
export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: FieldError | null;
}

/** A labelled checkbox; clicking the label toggles it. */
export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={cx('size-4 rounded border-line accent-brand-600')}
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-ink select-none">
          {label}
        </label>
      </div>
      <FieldErrorText error={error} id={`${inputId}-error`} />
    </div>
  );
}
