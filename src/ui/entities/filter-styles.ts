import { cx } from '../kit/class-names';

/** A filter control: quiet when unused, tinted when it narrows the list. */
export const filterButtonClasses = (active: boolean) =>
  cx(
    'inline-flex h-8 max-w-72 items-center gap-1.5 rounded-md border px-2.5 text-[13px]',
    active
      ? 'border-brand-500 bg-brand-50 text-brand-700'
      : 'border-dashed border-line bg-surface text-muted hover:border-muted hover:text-ink',
  );
