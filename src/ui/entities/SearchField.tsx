import { useId } from 'react';
import { cx } from '../kit/class-names';
import { inputClasses } from '../kit/TextField';

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** Accessible name, e.g. "Search by name or e-mail". */
  label: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}

/**
 * A compact search box (name search of 2.5). The actor debounces; this only
 * reports what is typed. Escape clears it.
 */
export function SearchField({ label, value, onChange, className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
      >
        <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14M20 20l-4-4" />
      </svg>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={label}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
        className={cx(inputClasses(false), 'pl-8')}
      />
    </div>
  );
}
