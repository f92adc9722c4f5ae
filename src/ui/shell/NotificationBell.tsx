import { useSelector } from '@xstate/react';
import { selectNotificationsRef } from '../../machines/app/app.selectors';
import { useAppActor } from '../app/actor-context';
import { NotificationBellView } from '../notifications/NotificationBellView';
import { NotificationPopups } from '../notifications/NotificationPopups';

/** The bell of the top bar, over the session's notifications actor (2.3). */
export function NotificationBell() {
  const actor = useSelector(useAppActor(), selectNotificationsRef);
  return <NotificationBellView actor={actor} />;
}

/** The footer's important notifications (2.3), while the notification centre runs. */
export function NotificationPopupsArea() {
  const actor = useSelector(useAppActor(), selectNotificationsRef);
  return actor ? <NotificationPopups actor={actor} /> : null;
}
