import { useActorRef } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { NOTIFICATION_TABS, type NotificationTab } from '../../contract/entities/notification';
import { usePageMachines } from '../app/actor-context';
import { NotificationsPageView } from './NotificationsPageView';

/** The tab a `?type=` names; anything else is all. */
export function tabOf(type: string | null): NotificationTab {
  return (NOTIFICATION_TABS as readonly string[]).includes(type ?? '') ? (type as NotificationTab) : 'all';
}

/**
 * /notifications (2.1): the tab comes from `?type=`; each tab gets its own
 * list actor (keyed), so back and forward between tabs just work.
 */
export function NotificationsPage() {
  const [params] = useSearchParams();
  const tab = tabOf(params.get('type'));
  return <NotificationsList key={tab} tab={tab} />;
}

function NotificationsList({ tab }: { tab: NotificationTab }) {
  const actor = useActorRef(usePageMachines().notifications.list, { input: { tab } });
  return <NotificationsPageView actor={actor} />;
}
