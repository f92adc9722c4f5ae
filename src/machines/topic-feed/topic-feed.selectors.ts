import type { SnapshotFrom } from 'xstate';
import type { TopicFeedMachine } from './topic-feed.machine';

type S = SnapshotFrom<TopicFeedMachine>;

/** Whether some page listens to this topic now (it is subscribed). */
export const selectIsListeningTo = (topic: string) => (s: S) => (s.context.listeners[topic] ?? 0) > 0;
/** Messages of this topic passed on since login. */
export const selectReceivedOn = (topic: string) => (s: S) => s.context.received[topic] ?? 0;
