import type { SnapshotFrom } from 'xstate';
import { IP_BLOCKING_TOPIC } from '../../contract/realtime';
import { type TopicFeedMachine, topicFeedMachine } from './topic-feed.machine';

/** Named snapshots of the feed: it only ever listens (here the IP-blocking page's topic, three changes heard). */
export const topicFeedFixtures = {
  listening: topicFeedMachine.resolveState({
    value: 'listening',
    context: { listeners: { [IP_BLOCKING_TOPIC]: 1 }, received: { [IP_BLOCKING_TOPIC]: 3 } },
  }),
} satisfies Record<string, SnapshotFrom<TopicFeedMachine>>;
