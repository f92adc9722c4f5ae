import { cx } from './class-names';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Text for assistive technology; without it the spinner is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A small rotating ring. With a label it is a polite status region. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block animate-spin rounded-full border-current border-t-transparent align-middle',
        SIZES[size],
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Props of {@link PageSpinner}. */
export interface PageSpinnerProps {
  /** Announced to assistive technology. */
  label: string;
  /** Cover the whole window (session start-up) instead of the content area. */
  fullScreen?: boolean;
}

/** A centred spinner for a page or the whole window while something essential loads. */
export function PageSpinner({ label, fullScreen }: PageSpinnerProps) {
  return (
    <div
      className={cx(
        'flex items-center justify-center text-brand-600',
        fullScreen ? 'fixed inset-0 z-40 bg-canvas' : 'min-h-64 w-full py-16',
      )}
    >
      <Spinner label={label} size="lg" />
    </div>
  );
}
