import { useTranslation } from 'react-i18next';
import type { LicenceWarning } from '../../contract/entities/licence';
import { cx } from '../kit/class-names';
import { formatDateTime } from '../kit/format-date';

/** The licence warning of section 4 in words: expires in N days or today; features go in N days or today; no licence. */
export function warningWords(
  t: (key: string, options?: Record<string, unknown>) => string,
  warning: LicenceWarning,
  locale: string,
): string | null {
  const date = warning.at ? formatDateTime(warning.at, locale) : '';
  if (warning.status === 'no_license') return t('warning.no_license');
  if (warning.status === 'will_expire') {
    return warning.days === 0
      ? t('warning.will_expire_today', { date })
      : t('warning.will_expire', { count: warning.days ?? 0, date });
  }
  if (warning.status === 'already_expired') {
    return warning.days === 0
      ? t('warning.already_expired_today', { date })
      : t('warning.already_expired', { count: warning.days ?? 0, date });
  }
  return null;
}

/** The warning's status as a short label (the banner says the rest); `tone` colours it by how urgent it is. */
export function WarningText({ warning, tone = false }: { warning: LicenceWarning; tone?: boolean }) {
  const { t } = useTranslation('licences');
  const words = t(`warningStatus.${warning.status}`);
  const colour =
    warning.status === 'normal'
      ? 'text-success-600'
      : warning.status === 'will_expire'
        ? 'text-warning-600'
        : 'text-danger-600';
  return (
    <span data-status={warning.status} className={cx('text-[13px] font-medium', tone && colour)}>
      {words}
    </span>
  );
}
