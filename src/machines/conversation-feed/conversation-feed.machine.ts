import * as v from 'valibot';
import { assign, emit, sendTo, setup } from 'xstate';
import {
  CONVERSATION_MESSAGE_CREATED,
  type ConversationMessage,
  ConversationMessageCreatedSchema,
} from '../../contract/entities/conversation';
import { type RealtimeData, userTopic } from '../../contract/realtime';

/** systemId of the feed: the realtime actor delivers to it, pages listen to what it emits. */
export const CONVERSATION_FEED_ID = 'conversationFeed';

export interface ConversationFeedContext {
  profileId: number;
  /** Messages heard since start (a count for views that show activity). */
  received: number;
  /** The last message heard, if any. */
  last: ConversationMessage | null;
}

export interface ConversationFeedInput {
  profileId: number;
}

export type ConversationFeedEvent =
  | { type: 'realtime.message'; topic: string; data: RealtimeData }
  | { type: 'realtime.connected' };

/** What the feed emits to the conversation pages (list and thread actors, through services). */
export type ConversationFeedEmitted =
  | { type: 'conversation.messageArrived'; conversationId: number; message: ConversationMessage }
  /** The line was (re)made: anything may have been missed, refetch. */
  | { type: 'conversation.resync' };

const parsed = (data: RealtimeData) =>
  data.type === CONVERSATION_MESSAGE_CREATED ? v.safeParse(ConversationMessageCreatedSchema, data) : null;

/**
 * The user's live conversation messages (7.10): one root singleton, started
 * once the profile is known, subscribed to `private-users.{id}` through the
 * realtime actor. Each ConversationMessageCreated is emitted as
 * `conversation.messageArrived`; each (re)connection as `conversation.resync`.
 * Pages live in their own actor systems, so they hear the feed's emitted
 * events rather than being realtime subscribers themselves.
 */
export const conversationFeedMachine = setup({
  types: {
    context: {} as ConversationFeedContext,
    events: {} as ConversationFeedEvent,
    input: {} as ConversationFeedInput,
    emitted: {} as ConversationFeedEmitted,
  },
  actions: {
    subscribe: sendTo(
      ({ system }) => system.get('realtime'),
      ({ context }) => ({
        type: 'realtime.subscribe' as const,
        topic: userTopic(context.profileId),
        subscriber: CONVERSATION_FEED_ID,
      }),
    ),
    record: assign(({ context }, params: { message: ConversationMessage }) => ({
      received: context.received + 1,
      last: params.message,
    })),
    emitArrived: emit((_, params: { message: ConversationMessage }) => ({
      type: 'conversation.messageArrived' as const,
      conversationId: params.message.conversation_id,
      message: params.message,
    })),
    emitResync: emit({ type: 'conversation.resync' as const }),
  },
  guards: {
    isConversationMessage: (_, params: { data: RealtimeData }) => parsed(params.data)?.success === true,
  },
}).createMachine({
  id: 'conversationFeed',
  context: ({ input }) => ({ profileId: input.profileId, received: 0, last: null }),
  initial: 'listening',
  states: {
    listening: {
      // No unsubscribe: the feed stops only at logout, when the realtime actor stops too.
      entry: 'subscribe',
      on: {
        'realtime.message': {
          guard: { type: 'isConversationMessage', params: ({ event }) => ({ data: event.data }) },
          actions: [
            {
              type: 'record',
              params: ({ event }) => ({
                message: (parsed(event.data) as { output: { message: ConversationMessage } }).output.message,
              }),
            },
            {
              type: 'emitArrived',
              params: ({ event }) => ({
                message: (parsed(event.data) as { output: { message: ConversationMessage } }).output.message,
              }),
            },
          ],
        },
        'realtime.connected': { actions: 'emitResync' },
      },
    },
  },
});

export type ConversationFeedMachine = typeof conversationFeedMachine;
