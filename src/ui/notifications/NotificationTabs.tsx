import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTIFICATION_TABS, type NotificationTab } from '../../contract/entities/notification';
import { cx } from '../kit/class-names';

/**
 * The tabs of /notifications (all, normal, important, ACS, alarm) as links to
 * `?type=`, so a tab can be bookmarked and back goes to the previous tab.
 */
export function NotificationTabs({ current }: { current: NotificationTab }) {
  const { t } = useTranslation('notifications');
  return (
    <nav aria-label={t('page.tabsLabel')} className="flex gap-1 border-b border-line">
      {NOTIFICATION_TABS.map((tab) => (
        <Link
          key={tab}
          to={tab === 'all' ? '/notifications' : `/notifications?type=${tab}`}
          replace
          aria-current={tab === current ? 'page' : undefined}
          className={cx(
            '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
            tab === current
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-muted hover:border-line hover:text-ink',
          )}
        >
          {t(`page.tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
