import { type AnyActorRef, type EventFromLogic, fromCallback, type Subscription } from 'xstate';
import {
  CONVERSATION_FEED_ID,
  type ConversationFeedEmitted,
} from '../machines/conversation-feed/conversation-feed.machine';
import type { ConversationThreadEvent } from '../machines/conversation-thread/conversation-thread.machine';
import type { EntityListMachine } from '../machines/entity-list/entity-list.machine';

/**
 * Live conversation messages for page actors. Pages run in their own actor
 * systems, so they cannot subscribe to the realtime actor by systemId; they
 * listen to what the root's `conversationFeed` emits instead. The feed starts
 * once the profile is loaded and is replaced at the next login: listeners
 * follow the root actor and re-attach to whichever feed runs.
 */
export function createConversationLive(root: () => AnyActorRef | undefined) {
  function listen(handler: (event: ConversationFeedEmitted) => void): () => void {
    let feed: AnyActorRef | undefined;
    let subscriptions: Subscription[] = [];
    const attach = () => {
      const current = root()?.system.get(CONVERSATION_FEED_ID) as AnyActorRef | undefined;
      if (current === feed) return;
      for (const s of subscriptions) s.unsubscribe();
      feed = current;
      subscriptions = current
        ? [
            current.on('conversation.messageArrived', (e: ConversationFeedEmitted) => handler(e)),
            current.on('conversation.resync', (e: ConversationFeedEmitted) => handler(e)),
          ]
        : [];
    };
    attach();
    const following = root()?.subscribe(attach);
    return () => {
      following?.unsubscribe();
      for (const s of subscriptions) s.unsubscribe();
    };
  }

  return {
    /** The conversations list refreshes on any message or reconnection. */
    listChanges: fromCallback<EventFromLogic<EntityListMachine>>(({ sendBack }) =>
      listen(() => sendBack({ type: 'list.refresh' })),
    ),
    /** One thread hears its own messages, and every reconnection. */
    thread: fromCallback<ConversationThreadEvent, { conversationId: number }>(({ sendBack, input }) =>
      listen((event) => {
        if (event.type === 'conversation.resync') sendBack({ type: 'thread.resync' });
        else if (event.conversationId === input.conversationId) {
          sendBack({ type: 'thread.messageArrived', message: event.message });
        }
      }),
    ),
  };
}

export type ConversationLive = ReturnType<typeof createConversationLive>;
