import type { SnapshotFrom } from 'xstate';
import type { ConversationFeedMachine } from './conversation-feed.machine';

type S = SnapshotFrom<ConversationFeedMachine>;

/** Live messages heard since login. */
export const selectFeedReceived = (s: S) => s.context.received;
/** The last live message heard, or null. */
export const selectFeedLast = (s: S) => s.context.last;
