import { notificationsMachine } from './notifications.machine';
import { sampleNotifications as n } from './notifications.sample';
import type { NotificationsContext } from './notifications.types';

type DataState = 'loading' | 'ready' | 'failed';
type BellState = 'closed' | { open: 'waiting' } | { open: 'seen' };
type ReadingState = 'idle' | 'marking';

const empty: NotificationsContext = {
  profileId: 4,
  latest: [],
  total: 0,
  unreadCount: 0,
  important: [],
  importantCount: 0,
  failure: null,
  marking: [],
  queued: [],
  desktop: { permission: 'granted', declined: false },
  loaded: true,
};

/** A resident with 5 in the bell (3 unread), 2 unread important ones of 4, 12 in all. */
const loaded: NotificationsContext = {
  ...empty,
  latest: [n.announce, n.alarm, n.message, n.identifier, n.reboot],
  total: 12,
  unreadCount: 5,
  important: [n.announce, n.alarm, n.revoked],
  importantCount: 4,
};

/** After the open bell marked what it shows read. */
const seen: NotificationsContext = {
  ...loaded,
  latest: loaded.latest.map((x) => ({ ...x, read_at: x.read_at ?? '2025-05-12T09:31:00.000Z' })),
  important: [n.revoked],
  importantCount: 1,
  unreadCount: 1,
  marking: [41, 40, 39],
};

const at = (data: DataState, bell: BellState, reading: ReadingState, context: NotificationsContext) =>
  notificationsMachine.resolveState({ value: { data, bell, reading }, context });

const failure = { code: 'internal server error', status: 500 };

/**
 * Named snapshots of the notifications actor, one for every state the machine
 * can reach (data × bell × reading), for stories and the model test.
 */
export const notificationsFixtures = {
  firstLoad: at('loading', 'closed', 'idle', { ...empty, loaded: false }),
  firstLoadOpen: at('loading', { open: 'waiting' }, 'idle', { ...empty, loaded: false }),
  refreshingOpenSeen: at('loading', { open: 'seen' }, 'idle', seen),
  refreshingWhileMarking: at('loading', 'closed', 'marking', seen),
  refreshingOpenWhileMarking: at('loading', { open: 'waiting' }, 'marking', seen),
  refreshingSeenWhileMarking: at('loading', { open: 'seen' }, 'marking', seen),
  empty: at('ready', 'closed', 'idle', empty),
  emptyOpen: at('ready', { open: 'waiting' }, 'idle', empty),
  closed: at('ready', 'closed', 'idle', loaded),
  closedOnePopup: at('ready', 'closed', 'idle', { ...loaded, important: [n.announce], importantCount: 1 }),
  open: at('ready', { open: 'waiting' }, 'idle', loaded),
  openAskDesktop: at('ready', { open: 'waiting' }, 'idle', {
    ...loaded,
    desktop: { permission: 'default', declined: false },
  }),
  openSeen: at('ready', { open: 'seen' }, 'idle', { ...seen, marking: [] }),
  openMarking: at('ready', { open: 'seen' }, 'marking', seen),
  openWaitingMarking: at('ready', { open: 'waiting' }, 'marking', seen),
  closedMarking: at('ready', 'closed', 'marking', seen),
  failed: at('failed', 'closed', 'idle', { ...empty, loaded: false, failure }),
  failedOpen: at('failed', { open: 'waiting' }, 'idle', { ...empty, loaded: false, failure }),
  failedOpenSeen: at('failed', { open: 'seen' }, 'idle', { ...seen, marking: [], failure }),
  failedMarking: at('failed', 'closed', 'marking', { ...seen, failure }),
  failedOpenMarking: at('failed', { open: 'waiting' }, 'marking', { ...seen, failure }),
  failedSeenMarking: at('failed', { open: 'seen' }, 'marking', { ...seen, failure }),
};
