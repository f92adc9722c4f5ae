import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectHasMore,
  selectIsLoadingMore,
  selectItems,
  selectTotal,
} from '../../machines/notification-list/notification-list.selectors';
import { Button } from '../kit/Button';
import type { NotificationListRef } from './NotificationsPageView';

/** "N of total" and Load more (20 a page, section 9). */
export function NotificationListFooter({ actor }: { actor: NotificationListRef }) {
  const { t } = useTranslation('notifications');
  const shown = useSelector(actor, selectItems).length;
  const total = useSelector(actor, selectTotal);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  if (total === 0) return null;
  return (
    <div className="mt-3 flex items-center justify-between text-[13px] text-muted">
      <span>{t('page.shownOf', { shown, total })}</span>
      {hasMore ? (
        <Button size="sm" loading={loadingMore} onClick={() => actor.send({ type: 'list.loadMore' })}>
          {t('page.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
