import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS } from '../../contract/constants';
import { EmptyState } from '../kit/EmptyState';
import { Icon } from '../kit/icons';
import { topBarButtonClasses } from './menu-styles';

/** Props of {@link NotificationBell}. */
export interface NotificationBellProps {
  /** Unread count for the badge; no badge when zero or absent. */
  unread?: number;
}

/**
 * The notification bell of 2.3. The notification centre arrives with its own
 * actor; until then the panel opens and says there is nothing new.
 */
export function NotificationBell({ unread }: NotificationBellProps) {
  const { t } = useTranslation('shell');
  return (
    <Popover className="relative">
      <PopoverButton aria-label={t('notifications.label')} className={topBarButtonClasses}>
        <Icon name="bell" className="size-[18px]" />
        {unread ? (
          <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-danger-600 px-1 text-center text-[10px] leading-4 font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        className="absolute right-0 z-30 mt-1 rounded-md border border-line bg-surface shadow-lg focus:outline-none"
        style={{ width: NOTIFICATIONS.cardMinWidth, maxWidth: NOTIFICATIONS.cardMaxWidth }}
      >
        <EmptyState
          icon={<Icon name="bell" className="size-6" />}
          title={t('notifications.empty')}
          description={t('notifications.emptyHint')}
          className="py-8"
        />
      </PopoverPanel>
    </Popover>
  );
}
