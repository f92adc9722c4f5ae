import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../kit/class-names';
import { DialerIcon, type DialerIconName } from './dialer-icons';

/** Looks of the dialer's round icon buttons. */
const TONES = {
  neutral: 'border-line bg-surface text-ink hover:bg-canvas',
  accept: 'border-transparent bg-success-600 text-white hover:bg-success-600/90',
  danger: 'border-transparent bg-danger-600 text-white hover:bg-danger-700',
  active: 'border-brand-600 bg-brand-50 text-brand-700 hover:bg-brand-100',
} as const;

/** Props of {@link IconButton}: the label is the accessible name and the tooltip. */
export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: DialerIconName;
  label: string;
  tone?: keyof typeof TONES;
  size?: 'sm' | 'md';
}

/** A square-ish icon button of the dialer (call controls, keypad actions). */
export function IconButton({
  icon,
  label,
  tone = 'neutral',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-full border transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'size-8' : 'size-10',
        TONES[tone],
        className,
      )}
      {...rest}
    >
      <DialerIcon name={icon} className={size === 'sm' ? 'size-4' : 'size-5'} />
    </button>
  );
}
