import { assign, emit, sendTo, setup } from 'xstate';
import type { RealtimeData } from '../../contract/realtime';

/** systemId of the feed: the realtime actor delivers to it, pages' services listen to what it emits. */
export const TOPIC_FEED_ID = 'topicFeed';

export interface TopicFeedContext {
  /** Topic → how many page listeners want it; a topic is subscribed while its count is above zero. */
  listeners: Record<string, number>;
  /** Messages passed on since start, per topic (views show that a page keeps up). */
  received: Record<string, number>;
}

export type TopicFeedEvent =
  /** A page (through its service) wants the messages of a topic while it is shown. */
  | { type: 'feed.listen'; topic: string }
  /** That page is gone. */
  | { type: 'feed.unlisten'; topic: string }
  | { type: 'realtime.message'; topic: string; data: RealtimeData }
  | { type: 'realtime.connected' };

/** What the feed emits to the pages' services. */
export type TopicFeedEmitted =
  | { type: 'feed.message'; topic: string; data: RealtimeData }
  /** The line was (re)made: anything may have been missed, refetch. */
  | { type: 'feed.resync' };

const countOf = (counts: Record<string, number>, topic: string) => counts[topic] ?? 0;

/**
 * Topics that pages listen to while they are shown (the IP-blocking page and
 * `private-ip-blocking`, 7.10): one root singleton, running while logged in.
 * Pages live in their own actor systems, so they cannot be realtime
 * subscribers themselves; their services ask this feed for a topic, and it
 * subscribes through the realtime actor on the first listener and
 * unsubscribes after the last. Each message of a listened topic is emitted as
 * `feed.message`, each (re)connection as `feed.resync`.
 */
export const topicFeedMachine = setup({
  types: {
    context: {} as TopicFeedContext,
    events: {} as TopicFeedEvent,
    emitted: {} as TopicFeedEmitted,
  },
  actions: {
    subscribe: sendTo(
      ({ system }) => system.get('realtime'),
      (_, params: { topic: string }) => ({
        type: 'realtime.subscribe' as const,
        topic: params.topic,
        subscriber: TOPIC_FEED_ID,
      }),
    ),
    unsubscribe: sendTo(
      ({ system }) => system.get('realtime'),
      (_, params: { topic: string }) => ({
        type: 'realtime.unsubscribe' as const,
        topic: params.topic,
        subscriber: TOPIC_FEED_ID,
      }),
    ),
    addListener: assign(({ context }, params: { topic: string }) => ({
      listeners: { ...context.listeners, [params.topic]: countOf(context.listeners, params.topic) + 1 },
    })),
    removeListener: assign(({ context }, params: { topic: string }) => {
      const { [params.topic]: count = 0, ...others } = context.listeners;
      return { listeners: count > 1 ? { ...others, [params.topic]: count - 1 } : others };
    }),
    countMessage: assign(({ context }, params: { topic: string }) => ({
      received: { ...context.received, [params.topic]: countOf(context.received, params.topic) + 1 },
    })),
    emitMessage: emit((_, params: { topic: string; data: RealtimeData }) => ({
      type: 'feed.message' as const,
      topic: params.topic,
      data: params.data,
    })),
    emitResync: emit({ type: 'feed.resync' as const }),
  },
  guards: {
    isNewTopic: ({ context }, params: { topic: string }) => countOf(context.listeners, params.topic) === 0,
    isLastListener: ({ context }, params: { topic: string }) => countOf(context.listeners, params.topic) === 1,
    isListened: ({ context }, params: { topic: string }) => countOf(context.listeners, params.topic) > 0,
  },
}).createMachine({
  id: 'topicFeed',
  context: { listeners: {}, received: {} },
  initial: 'listening',
  states: {
    listening: {
      on: {
        'feed.listen': [
          {
            guard: { type: 'isNewTopic', params: ({ event }) => ({ topic: event.topic }) },
            actions: [
              { type: 'addListener', params: ({ event }) => ({ topic: event.topic }) },
              { type: 'subscribe', params: ({ event }) => ({ topic: event.topic }) },
            ],
          },
          { actions: { type: 'addListener', params: ({ event }) => ({ topic: event.topic }) } },
        ],
        'feed.unlisten': [
          {
            guard: { type: 'isLastListener', params: ({ event }) => ({ topic: event.topic }) },
            actions: [
              { type: 'removeListener', params: ({ event }) => ({ topic: event.topic }) },
              { type: 'unsubscribe', params: ({ event }) => ({ topic: event.topic }) },
            ],
          },
          {
            guard: { type: 'isListened', params: ({ event }) => ({ topic: event.topic }) },
            actions: { type: 'removeListener', params: ({ event }) => ({ topic: event.topic }) },
          },
        ],
        'realtime.message': {
          // A late message of a topic no page wants any more is dropped.
          guard: { type: 'isListened', params: ({ event }) => ({ topic: event.topic }) },
          actions: [
            { type: 'countMessage', params: ({ event }) => ({ topic: event.topic }) },
            { type: 'emitMessage', params: ({ event }) => ({ topic: event.topic, data: event.data }) },
          ],
        },
        'realtime.connected': { actions: 'emitResync' },
      },
    },
  },
});

export type TopicFeedMachine = typeof topicFeedMachine;
