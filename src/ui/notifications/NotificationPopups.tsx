import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTIFICATIONS } from '../../contract/constants';
import {
  selectCanHideAll,
  selectHasMoreImportant,
  selectImportantCount,
  selectPopups,
} from '../../machines/notifications/notifications.selectors';
import { Button } from '../kit/Button';
import type { NotificationsRef } from './NotificationBellView';
import { NotificationCard } from './NotificationCard';

/**
 * The footer area of 2.3 with important notifications: the last 3 unread ones
 * as cards (300 to 450 px wide), each dismissable; hide-all when more than one
 * is unread, see-all when more exist than are shown.
 */
export function NotificationPopups({ actor }: { actor: NotificationsRef }) {
  const { t } = useTranslation('notifications');
  const popups = useSelector(actor, selectPopups);
  const canHideAll = useSelector(actor, selectCanHideAll);
  const hasMore = useSelector(actor, selectHasMoreImportant);
  const count = useSelector(actor, selectImportantCount);
  if (popups.length === 0) return null;
  return (
    <section
      aria-label={t('popups.label')}
      className="fixed bottom-4 left-4 z-40 flex flex-col gap-2"
      style={{
        width: NOTIFICATIONS.cardMaxWidth,
        minWidth: NOTIFICATIONS.cardMinWidth,
        maxWidth: 'calc(100vw - 6rem)',
      }}
    >
      <ul className="flex flex-col gap-2" aria-live="polite">
        {popups.map((n) => (
          <li key={n.id}>
            <NotificationCard
              notification={n}
              tone="popup"
              onOpen={() => actor.send({ type: 'notification.open', id: n.id })}
              onDismiss={() => actor.send({ type: 'popup.dismiss', id: n.id })}
            />
          </li>
        ))}
      </ul>
      {canHideAll || hasMore ? (
        <div className="flex justify-end gap-2">
          {hasMore ? (
            <Link
              to="/notifications?type=important"
              className="inline-flex h-8 items-center rounded-md border border-line bg-surface px-2.5 text-[13px] font-medium text-brand-700 shadow-sm hover:bg-canvas"
            >
              {t('popups.seeAll', { count })}
            </Link>
          ) : null}
          {canHideAll ? (
            <Button size="sm" className="shadow-sm" onClick={() => actor.send({ type: 'popups.hideAll' })}>
              {t('popups.hideAll')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
