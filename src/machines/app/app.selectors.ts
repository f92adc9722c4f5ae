import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AlertsMachine } from '../alerts/alerts.machine';
import type { NotificationsMachine } from '../notifications/notifications.machine';
import type { RealtimeMachine } from '../realtime/realtime.machine';
import type { SessionMachine } from '../session/session.machine';
import type { TopicFeedMachine } from '../topic-feed/topic-feed.machine';
import type { AppMachine } from './app.machine';
import type { FloatingButton } from './app.types';

type S = SnapshotFrom<AppMachine>;

export const selectLocale = (s: S) => s.context.locale;
export const selectDrawerOpen = (s: S) => s.context.drawerOpen;
export const selectCollapsedCategories = (s: S) => s.context.collapsedCategories;
export const selectFloatingButtonsRaw = (s: S) => s.context.floatingButtons;
/** The session child (spawned once with a fixed id). */
export const selectSessionRef = (s: S) => s.children.session as ActorRefFrom<SessionMachine>;
export const selectAlertsRef = (s: S) => s.children.alerts as ActorRefFrom<AlertsMachine>;
/** The notification centre, while logged in with a profile (undefined otherwise). */
export const selectNotificationsRef = (s: S) =>
  s.children.notifications as ActorRefFrom<NotificationsMachine> | undefined;
/** The realtime child, present while logged in. */
export const selectRealtimeRef = (s: S) => s.children.realtime as ActorRefFrom<RealtimeMachine> | undefined;
/** The feed of topics pages listen to while shown, present while logged in. */
export const selectTopicFeedRef = (s: S) => s.children.topicFeed as ActorRefFrom<TopicFeedMachine> | undefined;

/** Buttons to draw (2.3): hidden ones and ones without a click handler are left out; sorted by order. */
export function visibleFloatingButtons(buttons: readonly FloatingButton[]): FloatingButton[] {
  return buttons.filter((b) => b.state !== 'hidden' && b.click !== undefined).sort((a, b) => a.order - b.order);
}
