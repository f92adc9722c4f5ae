import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Notification } from '../../contract/entities/notification';
import {
  selectBellImportant,
  selectBellLatest,
  selectCanAskDesktop,
  selectFailure,
  selectIsFirstLoad,
  selectUnreadCount,
} from '../../machines/notifications/notifications.selectors';
import { Button } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';
import { Icon } from '../kit/icons';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { DesktopPrompt } from './DesktopPrompt';
import type { NotificationsRef } from './NotificationBellView';
import { NotificationCard } from './NotificationCard';

/** Props of {@link BellPanel}. */
export interface BellPanelProps {
  actor: NotificationsRef;
  /** Closes the popover (after opening a notification or following a link). */
  close: () => void;
}

/** What the open bell shows: header, desktop prompt, important and latest notifications, links. */
export function BellPanel({ actor, close }: BellPanelProps) {
  const { t } = useTranslation(['notifications', 'errors']);
  const unread = useSelector(actor, selectUnreadCount);
  const important = useSelector(actor, selectBellImportant);
  const latest = useSelector(actor, selectBellLatest);
  const firstLoad = useSelector(actor, selectIsFirstLoad);
  const failure = useSelector(actor, selectFailure);
  const askDesktop = useSelector(actor, selectCanAskDesktop);
  const open = (n: Notification) => {
    actor.send({ type: 'notification.open', id: n.id });
    close();
  };

  return (
    <div className="text-sm">
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
        <h2 className="font-semibold text-ink">
          {t('bell.title')}
          {unread > 0 ? (
            <span className="ml-2 font-normal text-muted">{t('bell.unread', { count: unread })}</span>
          ) : null}
        </h2>
        <Link
          to="/notifications/settings"
          onClick={close}
          className="rounded px-1 text-[13px] text-brand-700 hover:underline"
        >
          {t('bell.settings')}
        </Link>
      </div>
      {askDesktop ? <DesktopPrompt actor={actor} /> : null}
      {failure && (latest.length > 0 || important.length > 0) ? (
        <StaleNote reason={translateError(t, failure)} onRetry={() => actor.send({ type: 'notifications.refresh' })} />
      ) : null}
      {firstLoad ? (
        <div className="flex justify-center py-8 text-muted">
          <Spinner label={t('bell.loading')} />
        </div>
      ) : failure && latest.length === 0 && important.length === 0 ? (
        <div role="alert" className="px-3 py-6 text-center">
          <p className="font-medium text-ink">{t('bell.failed')}</p>
          <p className="mt-1 text-[13px] text-muted">{translateError(t, failure)}</p>
          <Button size="sm" className="mt-3" onClick={() => actor.send({ type: 'notifications.refresh' })}>
            {t('bell.retry')}
          </Button>
        </div>
      ) : important.length === 0 && latest.length === 0 ? (
        <EmptyState
          icon={<Icon name="bell" className="size-6" />}
          title={t('bell.empty')}
          description={t('bell.emptyHint')}
          className="py-8"
        />
      ) : (
        <>
          <BellSection title={t('bell.important')} items={important} onOpen={open} />
          <BellSection title={t('bell.latest')} items={latest} onOpen={open} />
        </>
      )}
      <div className="border-t border-line px-3 py-2 text-center">
        <Link to="/notifications" onClick={close} className="text-[13px] font-medium text-brand-700 hover:underline">
          {t('bell.seeAll')}
        </Link>
      </div>
    </div>
  );
}

/** The last refresh failed while older notifications are shown: say so, offer a retry. */
function StaleNote({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <div role="alert" className="flex items-center gap-2 border-b border-line bg-warning-50 px-3 py-1.5 text-[13px]">
      <span className="flex-1 text-ink">{t('bell.refreshFailed', { reason })}</span>
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('bell.retry')}
      </Button>
    </div>
  );
}

function BellSection({
  title,
  items,
  onOpen,
}: {
  title: string;
  items: Notification[];
  onOpen: (n: Notification) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <ul className="divide-y divide-line/60">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationCard notification={n} onOpen={() => onOpen(n)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
