import type { SnapshotFrom } from 'xstate';
import { sampleMessages } from '../conversation-thread/conversation-thread.fixtures';
import { type ConversationFeedMachine, conversationFeedMachine } from './conversation-feed.machine';

/** Named snapshots of the feed: it only ever listens (with or without messages heard). */
export const conversationFeedFixtures = {
  listening: conversationFeedMachine.resolveState({
    value: 'listening',
    context: { profileId: 4, received: 2, last: sampleMessages.at(-1) ?? null },
  }),
} satisfies Record<string, SnapshotFrom<ConversationFeedMachine>>;
