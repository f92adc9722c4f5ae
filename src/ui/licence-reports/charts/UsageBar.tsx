import { useTranslation } from 'react-i18next';
import { cx } from '../../kit/class-names';

/** A colour of the console's palette, for SVG: its theme variable (no extra CSS classes). */
export const colour = (name: string) => `var(--color-${name})`;

/** Props of {@link UsageBar}. */
export interface UsageBarProps {
  /** What it is (a feature's name), read with the numbers. */
  label: string;
  used: number;
  /** The most allowed; null: no limit. */
  available: number | null;
  className?: string;
}

/**
 * Used against available as a bar (plain SVG): calm below 80 %, amber from 80 %, red when full
 * or over; no limit shows the count alone. The numbers stay beside it, for those who read.
 */
export function UsageBar({ label, used, available, className }: UsageBarProps) {
  const { t, i18n } = useTranslation('licences');
  const n = (x: number) => x.toLocaleString(i18n.language);
  const share = available === null ? null : available === 0 ? (used > 0 ? 1 : 0) : Math.min(1, used / available);
  const tone = colour(
    share === null ? 'info-600' : share >= 1 ? 'danger-600' : share >= 0.8 ? 'warning-600' : 'success-600',
  );
  const words =
    available === null
      ? t('usage.unlimited', { used: n(used) })
      : t('usage.of', { used: n(used), available: n(available) });
  return (
    <div className={cx('flex items-center gap-2', className)}>
      <svg
        role="img"
        aria-label={`${label}: ${words}`}
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        className="h-2 min-w-16 flex-1 overflow-visible"
      >
        <rect
          x="0"
          y="0"
          width="100"
          height="8"
          rx="4"
          fill={colour('canvas')}
          stroke={colour('line')}
          strokeWidth="0.5"
        />
        {share === null ? (
          <rect x="0" y="0" width="100" height="8" rx="4" fill={colour('info-50')} />
        ) : (
          <rect x="0" y="0" width={Math.max(share * 100, used > 0 ? 2 : 0)} height="8" rx="4" fill={tone} />
        )}
      </svg>
      <span className="w-28 shrink-0 text-right text-[12px] tabular-nums text-muted" aria-hidden="true">
        {words}
      </span>
    </div>
  );
}
