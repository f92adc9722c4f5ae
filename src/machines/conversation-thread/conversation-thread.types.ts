import type { Conversation, ConversationMessage, MessagePage } from '../../contract/entities/conversation';
import type { CallFailure } from '../session/session.types';

export interface ConversationThreadContext {
  conversationId: number;
  /** The conversation (subject, participants, whether the caller takes part), once loaded. */
  conversation: Conversation | null;
  /** Loaded messages, oldest first, without duplicates. */
  messages: ConversationMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  /** What the composer holds. */
  draft: string;
  /** A refetch of the newest page is running (after a reconnect). */
  syncing: boolean;
  failure: CallFailure | null;
}

export interface ConversationThreadInput {
  conversationId: number;
}

/** What opening the thread loads: the conversation and its newest messages. */
export interface ThreadLoaded {
  conversation: Conversation;
  page: MessagePage;
}

export type ConversationThreadEvent =
  | { type: 'thread.retry' }
  | { type: 'thread.loadOlder' }
  | { type: 'thread.draftChanged'; text: string }
  | { type: 'thread.send' }
  /** Reported by the live effect: a message of this conversation arrived (maybe one we sent). */
  | { type: 'thread.messageArrived'; message: ConversationMessage }
  /** Reported by the live effect after a reconnection: refetch the newest page. */
  | { type: 'thread.resync' };
