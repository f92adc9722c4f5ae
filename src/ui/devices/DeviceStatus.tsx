import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from '../../contract/entities/device';
import { cx } from '../kit/class-names';
import { formatDateTime } from '../kit/format-date';

const DOT: Record<DeviceStatus, string> = {
  online: 'bg-success-600',
  offline: 'bg-danger-600',
  unknown: 'bg-muted',
};

/** The current time, refreshed every `ms` (so "for 3 min" moves on its own). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** How long ago, in the largest whole unit (seconds under a minute), as Intl says it. */
export function sinceText(iso: string, now: number, locale: string): string | null {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return null;
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3_600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3_600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** Props of {@link DeviceStatusBadge}. */
export interface DeviceStatusBadgeProps {
  status: DeviceStatus;
  /** When the status last changed (ISO); null: not known. */
  since?: string | null;
  className?: string;
}

/** Online / offline with a coloured dot and, when known, how long ago it changed (the exact time on hover). */
export function DeviceStatusBadge({ status, since, className }: DeviceStatusBadgeProps) {
  const { t, i18n } = useTranslation('devices');
  const now = useNow(30_000);
  const ago = since ? sinceText(since, now, i18n.language) : null;
  return (
    <span className={cx('inline-flex min-w-0 items-baseline gap-1.5 whitespace-nowrap', className)}>
      <span aria-hidden="true" className={cx('size-2 shrink-0 self-center rounded-full', DOT[status])} />
      <span className={status === 'online' ? 'text-ink' : 'text-muted'}>{t(`status.${status}`)}</span>
      {ago && since ? (
        <time dateTime={since} title={formatDateTime(since, i18n.language)} className="text-xs text-muted">
          {ago}
        </time>
      ) : null}
    </span>
  );
}
