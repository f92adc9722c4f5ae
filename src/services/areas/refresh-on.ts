import { fromCallback } from 'xstate';
import type { TopicLive } from '../topic-live';

/** Refreshes of a busy topic come at most once a second (a fleet can send hundreds of events a second). */
export const REFRESH_EVERY_MS = 1000;

/**
 * Calls `refresh` when `accept` takes a message of `topic` (at most once per REFRESH_EVERY_MS),
 * and on every resync (messages may have been missed); the returned function stops it.
 */
export function listenThrottled(
  topics: TopicLive,
  topic: string,
  accept: (data: unknown) => boolean,
  refresh: () => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const fire = () => {
    timer = null;
    last = Date.now();
    refresh();
  };
  const stop = topics.listen(topic, (e) => {
    if (e.type !== 'feed.resync' && !accept(e.data)) return;
    if (timer) return;
    timer = setTimeout(fire, Math.max(0, last + REFRESH_EVERY_MS - Date.now()));
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
}

/** A list's `changes` effect: `list.refresh` on the messages of `topic` that `accept` takes (listenThrottled). */
export const refreshOn = (topics: TopicLive, topic: string, accept: (data: unknown) => boolean) =>
  fromCallback(({ sendBack }) => listenThrottled(topics, topic, accept, () => sendBack({ type: 'list.refresh' })));
