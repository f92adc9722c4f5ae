import { type AnyActorRef, fromCallback, type Subscription } from 'xstate';
import { TOPIC_FEED_ID, type TopicFeedEmitted } from '../machines/topic-feed/topic-feed.machine';

/** What a page's service hears of a topic: its messages, and a resync after every (re)connection. */
export type TopicHandler = (event: TopicFeedEmitted) => void;

const isRunning = (actor: AnyActorRef) => actor.getSnapshot().status === 'active';

/**
 * Realtime topics for page actors (they run outside the root actor's system):
 * a page's service asks the root's `topicFeed` for a topic while the page is
 * shown and hears what the feed emits. The feed runs while logged in and is
 * replaced at the next login: listeners follow the root actor and re-attach
 * (asking for their topic again) to whichever feed runs.
 */
export function createTopicLive(root: () => AnyActorRef | undefined) {
  /** Listens to `topic` until the returned function is called. */
  function listen(topic: string, handler: TopicHandler): () => void {
    let feed: AnyActorRef | undefined;
    let subscriptions: Subscription[] = [];
    const detach = () => {
      for (const s of subscriptions) s.unsubscribe();
      subscriptions = [];
      if (feed && isRunning(feed)) feed.send({ type: 'feed.unlisten', topic });
      feed = undefined;
    };
    const attach = () => {
      const current = root()?.system.get(TOPIC_FEED_ID) as AnyActorRef | undefined;
      if (current === feed) return;
      detach();
      if (!current) return;
      feed = current;
      subscriptions = [
        current.on('feed.message', (e: TopicFeedEmitted) => {
          if (e.type === 'feed.message' && e.topic === topic) handler(e);
        }),
        current.on('feed.resync', (e: TopicFeedEmitted) => handler(e)),
      ];
      current.send({ type: 'feed.listen', topic });
    };
    attach();
    const following = root()?.subscribe(attach);
    return () => {
      following?.unsubscribe();
      detach();
    };
  }

  return { listen };
}

export type TopicLive = ReturnType<typeof createTopicLive>;

/** Refreshes of a busy topic come at most once a second (a fleet can send hundreds of events a second). */
export const REFRESH_EVERY_MS = 1000;

/**
 * A list's `changes` actor: sends `list.refresh` when `accept` takes a message of `topic`
 * (at most once a second), and on every resync after a (re)connection.
 */
export function refreshOn(topics: TopicLive, topic: string, accept: (data: unknown) => boolean) {
  return fromCallback(({ sendBack }) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const refresh = () => {
      timer = null;
      last = Date.now();
      sendBack({ type: 'list.refresh' });
    };
    const handler: TopicHandler = (e) => {
      if (e.type !== 'feed.resync' && !accept(e.data)) return;
      if (timer) return;
      timer = setTimeout(refresh, Math.max(0, last + REFRESH_EVERY_MS - Date.now()));
    };
    const stop = topics.listen(topic, handler);
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  });
}
