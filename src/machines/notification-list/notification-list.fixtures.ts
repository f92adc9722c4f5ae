import { sampleNotifications as n, sampleNotification } from '../notifications/notifications.sample';
import type { NotificationListContext } from './notification-list.machine';
import { notificationListMachine } from './notification-list.machine';

const items = [n.announce, n.alarm, n.message, n.identifier, n.reboot, n.revoked];
const base: NotificationListContext = { tab: 'all', items, page: 1, total: 26, failure: null };

/** Named snapshots of the /notifications list, one per state (and the empty and alarm tabs). */
export const notificationListFixtures = {
  loading: notificationListMachine.resolveState({ value: 'loading', context: { ...base, items: [], total: 0 } }),
  ready: notificationListMachine.resolveState({ value: 'ready', context: base }),
  allRead: notificationListMachine.resolveState({
    value: 'ready',
    context: { ...base, total: 6, items: items.map((x) => ({ ...x, read_at: x.read_at ?? x.created_at })) },
  }),
  alarmTab: notificationListMachine.resolveState({
    value: 'ready',
    context: {
      tab: 'alarm',
      page: 1,
      total: 3,
      failure: null,
      items: [
        n.alarm,
        sampleNotification(
          30,
          'device_alarm_processed',
          { alarm_id: 6, device: { id: 3, name: 'Gate panel' }, user: { id: 1, name: 'Alex Admin' } },
          { read: true, minutesAgo: 900 },
        ),
        sampleNotification(
          29,
          'device_alarm_disabled',
          { alarm_id: 5, device: { id: 4, name: 'Garage' } },
          { read: true, minutesAgo: 1500 },
        ),
      ],
    },
  }),
  empty: notificationListMachine.resolveState({
    value: 'ready',
    context: { ...base, tab: 'acs', items: [], total: 0 },
  }),
  loadingMore: notificationListMachine.resolveState({ value: 'loadingMore', context: base }),
  markingAll: notificationListMachine.resolveState({ value: 'markingAll', context: base }),
  failed: notificationListMachine.resolveState({
    value: 'failed',
    context: { ...base, items: [], total: 0, failure: { code: 'internal server error', status: 500 } },
  }),
};
