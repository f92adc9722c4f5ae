import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Notification } from '../../contract/entities/notification';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';
import { formatWhen } from './format-when';
import { NotificationIcon } from './NotificationIcon';
import { notificationText } from './notification-text';

/** Props of {@link NotificationCard}. */
export interface NotificationCardProps {
  notification: Notification;
  /** Opening it (a button): the actor marks it read and follows its popup action. */
  onOpen?: () => void;
  /** Opening it as a link to its page (the /notifications list); `onOpen` then runs on click too. */
  href?: string;
  /** A close button (popups). */
  onDismiss?: () => void;
  /** Popups stand out with a border and shadow. */
  tone?: 'plain' | 'popup';
}

/**
 * One notification: icon in its colour, title, text, time and an unread mark.
 * The title is the one control that opens it; the whole card is its click area.
 */
export function NotificationCard({ notification, onOpen, href, onDismiss, tone = 'plain' }: NotificationCardProps) {
  const { t, i18n } = useTranslation('notifications');
  const words = notificationText(t, notification);
  const unread = notification.read_at === null;
  // The stretched ::after makes the whole card clickable through the one focusable control.
  const opener =
    'text-left font-medium text-ink after:absolute after:inset-0 after:content-[""] focus-visible:outline-none';
  const title = <span className={cx(unread ? 'font-semibold' : 'font-medium')}>{words.title}</span>;
  return (
    <article
      data-notification={notification.id}
      data-unread={unread || undefined}
      className={cx(
        'group relative flex gap-3 px-3 py-2.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
        tone === 'popup' ? 'rounded-md border border-line bg-surface shadow-lg' : 'hover:bg-canvas',
        unread && tone === 'plain' ? 'bg-brand-50/60' : null,
      )}
    >
      <NotificationIcon icon={notification.icon} colour={notification.colour} />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2 text-sm">
          {href ? (
            <Link to={href} onClick={onOpen} className={opener}>
              {title}
            </Link>
          ) : onOpen ? (
            <button type="button" onClick={onOpen} className={opener}>
              {title}
            </button>
          ) : (
            title
          )}
          {notification.significance === 'important' ? (
            <span className="rounded bg-danger-50 px-1 text-[11px] font-medium text-danger-600">
              {t('card.important')}
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 line-clamp-2 text-[13px] whitespace-pre-line text-muted">{words.body}</p>
        <p className="mt-0.5 text-xs text-muted">
          <time dateTime={notification.created_at}>{formatWhen(notification.created_at, i18n.language)}</time>
          {unread ? <span className="sr-only">, {t('card.unread')}</span> : null}
        </p>
      </div>
      {unread ? <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" /> : null}
      {onDismiss ? (
        <button
          type="button"
          aria-label={t('popups.dismiss')}
          onClick={onDismiss}
          className="relative z-10 -mr-1 self-start rounded p-0.5 text-muted hover:bg-ink/5 hover:text-ink"
        >
          <Icon name="close" className="size-3.5" />
        </button>
      ) : null}
    </article>
  );
}

/** The page a notification's popup action opens, as a link target, if it has one. */
export function popupHref(notification: Notification): string | undefined {
  const action = notification.popup_action;
  if (!action) return undefined;
  const search = new URLSearchParams(action.params.query).toString();
  return search ? `${action.params.page}?${search}` : action.params.page;
}
