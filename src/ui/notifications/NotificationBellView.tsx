import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { NOTIFICATIONS } from '../../contract/constants';
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine';
import { selectUnreadCount } from '../../machines/notifications/notifications.selectors';
import { Icon } from '../kit/icons';
import { Spinner } from '../kit/Spinner';
import { topBarButtonClasses } from '../shell/menu-styles';
import { BellPanel } from './BellPanel';

const panelClasses =
  'absolute right-0 z-30 mt-1 max-h-[min(36rem,calc(100vh-4rem))] overflow-y-auto rounded-md border border-line bg-surface shadow-lg focus:outline-none';
// Card width of section 9: 300 to 450 px, never wider than the window.
const panelStyle = {
  width: NOTIFICATIONS.cardMaxWidth,
  minWidth: NOTIFICATIONS.cardMinWidth,
  maxWidth: 'calc(100vw - 1rem)',
};

/** The notifications actor as views get it. */
export type NotificationsRef = ActorRefFrom<NotificationsMachine>;

/** Props of {@link NotificationBellView}. */
export interface NotificationBellViewProps {
  /** The session's notifications actor; absent until the profile is loaded. */
  actor?: NotificationsRef;
  /** Open from the start (stories). */
  defaultOpen?: boolean;
}

/**
 * The bell of 2.3: a badge with the unread count and a panel with the last 3
 * unread important and the last 5 notifications. Headless UI's Popover gives
 * keyboard use, Escape, outside click and focus return.
 */
export function NotificationBellView({ actor, defaultOpen }: NotificationBellViewProps) {
  return (
    <Popover className="relative">
      {actor ? <BellWithActor actor={actor} defaultOpen={defaultOpen} /> : <BellStarting />}
    </Popover>
  );
}

function BellWithActor({ actor, defaultOpen }: { actor: NotificationsRef; defaultOpen?: boolean }) {
  const unread = useSelector(actor, selectUnreadCount);
  return (
    <>
      <BellButton unread={unread} />
      <PopoverPanel
        static={defaultOpen}
        focus
        className="absolute right-0 z-30 mt-1 max-h-[min(36rem,calc(100vh-4rem))] overflow-y-auto rounded-md border border-line bg-surface shadow-lg focus:outline-none"
        style={{
          width: NOTIFICATIONS.cardMaxWidth,
          minWidth: NOTIFICATIONS.cardMinWidth,
          maxWidth: 'calc(100vw - 1rem)',
        }}
      >
        {({ close }) => (
          <>
            <OpenReport actor={actor} />
            <BellPanel actor={actor} close={() => close()} />
          </>
        )}
      </PopoverPanel>
    </>
  );
}

/** Before the centre runs (the profile is still loading) the bell opens on a spinner. */
function BellStarting() {
  const { t } = useTranslation('notifications');
  return (
    <>
      <BellButton unread={0} />
      <PopoverPanel className={panelClasses} style={panelStyle}>
        <div className="flex justify-center py-8 text-muted">
          <Spinner label={t('bell.loading')} />
        </div>
      </PopoverPanel>
    </>
  );
}

function BellButton({ unread }: { unread: number }) {
  const { t } = useTranslation('notifications');
  return (
    <PopoverButton
      aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
      className={topBarButtonClasses}
    >
      <Icon name="bell" className="size-[18px]" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-danger-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </PopoverButton>
  );
}

/**
 * Headless UI owns whether the panel is open (Escape, outside click, the
 * button); this reports it to the actor, which starts and cancels the
 * 1 s mark-read timer. It only relays the fact; the rule lives in the machine.
 */
function OpenReport({ actor }: { actor: NotificationsRef }) {
  useEffect(() => {
    actor.send({ type: 'bell.open' });
    return () => {
      // At logout the actor stops before the panel unmounts: nothing left to tell.
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'bell.close' });
    };
  }, [actor]);
  return null;
}
