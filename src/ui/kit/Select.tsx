import { type SelectHTMLAttributes, useId } from 'react';
import type { FieldError } from '../../contract/errors';
import { cx } from './class-names';
import { FieldErrorText } from './FieldErrorText';
import { inputClasses } from './TextField';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link Select}: a native select (keyboard and screen readers for free). */
export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | null;
}

/** A labelled choice among a few options. */
export function Select({ label, options, value, onChange, error, id, className, ...rest }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1 block text-[13px] font-medium text-ink">
        {label}
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={cx(inputClasses(Boolean(error)), 'pr-8')}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrorText error={error} id={`${selectId}-error`} />
    </div>
  );
}
