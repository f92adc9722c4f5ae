import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** Props of {@link Button}: a native button plus look and a loading state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** An icon before the text. */
  icon?: ReactNode;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 border-transparent',
  secondary: 'bg-surface text-ink border-line hover:bg-canvas',
  danger: 'bg-danger-600 text-white hover:bg-danger-700 border-transparent',
  ghost: 'bg-transparent text-ink border-transparent hover:bg-ink/5',
};

/** Base classes shared with links styled as buttons. */
export function buttonClasses(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-md border font-medium transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    size === 'sm' ? 'h-8 px-2.5 text-[13px]' : 'h-9 px-3.5 text-sm',
    VARIANTS[variant],
  );
}

/** The console's button. Defaults to `type="button"` so it never submits by accident. */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(buttonClasses(variant, size), className)}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
