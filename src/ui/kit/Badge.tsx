import type { ReactNode } from 'react';
import { cx } from './class-names';

/** Tones of a status badge. */
export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-canvas text-muted border-line',
  brand: 'bg-brand-50 text-brand-700 border-brand-700/30',
  info: 'bg-info-50 text-info-600 border-info-600/30',
  success: 'bg-success-50 text-success-600 border-success-600/30',
  warning: 'bg-warning-50 text-warning-600 border-warning-600/30',
  danger: 'bg-danger-50 text-danger-600 border-danger-600/30',
};

/** A short status label in a table cell or beside a title (new, started, active…). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={cx('inline-flex items-center rounded border px-1.5 py-0.5 text-[12px] font-medium', TONES[tone])}>
      {children}
    </span>
  );
}
