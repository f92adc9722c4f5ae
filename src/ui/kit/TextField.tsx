import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldError } from '../../contract/errors';
import { cx } from './class-names';
import { FieldErrorText } from './FieldErrorText';

/** Props of {@link TextField}: a native input with its label, hint and field error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Visible label; also the input's accessible name. */
  label: string;
  /** The field's error (section 5), translated under the input. */
  error?: FieldError | null;
  /** Help text under the input. */
  hint?: ReactNode;
}

/** Shared look of text inputs and selects. */
export const inputClasses = (invalid: boolean) =>
  cx(
    'block h-9 w-full rounded-md border bg-surface px-2.5 text-sm text-ink placeholder:text-muted/70',
    'disabled:bg-canvas disabled:text-muted',
    invalid ? 'border-danger-600' : 'border-line focus:border-brand-500',
  );

/** A labelled text input (also for passwords, e-mail, numbers). */
export function TextField({ label, error, hint, id, className, required, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="mb-1 flex items-baseline gap-0.5">
        <label htmlFor={inputId} className="text-[13px] font-medium text-ink">
          {label}
        </label>
        {/* Outside the label so the accessible name stays the label alone; `required` is announced. */}
        {required ? (
          <span aria-hidden="true" className="text-[13px] text-danger-600">
            *
          </span>
        ) : null}
      </div>
      <input
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(Boolean(error))}
        {...rest}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrorText error={error} id={errorId} />
    </div>
  );
}
