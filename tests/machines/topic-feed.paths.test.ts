import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import { IP_BLOCKING_TOPIC } from '../../src/contract/realtime';
import { topicFeedFixtures } from '../../src/machines/topic-feed/topic-feed.fixtures';
import { type TopicFeedEvent, topicFeedMachine } from '../../src/machines/topic-feed/topic-feed.machine';
import { selectIsListeningTo, selectReceivedOn } from '../../src/machines/topic-feed/topic-feed.selectors';
import { calls, describeModel, quietActions } from '../support/model-based';

const other = 'private-other';
const changed = { type: 'IpBansChanged', reason: 'banned' };
const events: TopicFeedEvent[] = [
  { type: 'feed.listen', topic: IP_BLOCKING_TOPIC },
  { type: 'feed.unlisten', topic: IP_BLOCKING_TOPIC },
  { type: 'feed.listen', topic: other },
  { type: 'feed.unlisten', topic: other },
  { type: 'realtime.message', topic: IP_BLOCKING_TOPIC, data: changed },
  { type: 'realtime.message', topic: other, data: { type: 'Something' } },
  { type: 'realtime.connected' },
];

const listeners = (s: { context: { listeners: Record<string, number> } }, topic: string) =>
  s.context.listeners[topic] ?? 0;

describeModel('topicFeed', {
  machine: topicFeedMachine.provide({ actions: quietActions('subscribe', 'unsubscribe') }),
  events,
  // Listener counts up to two per topic, and whether any message was heard, so the graph stays finite.
  serialize: (s) =>
    JSON.stringify([s.value, s.context.listeners, Object.values(s.context.received).some((n) => n > 0)]),
  offer: (s, e) => e.type !== 'feed.listen' || listeners(s, e.topic) < 2,
  fixtures: topicFeedFixtures,
  invariants: {
    'only listened topics are counted, and never below one': (s) => {
      for (const count of Object.values(s.context.listeners)) expect(count).toBeGreaterThanOrEqual(1);
    },
  },
  rules: {
    'a topic is subscribed on its first listener and unsubscribed after its last, once': (step) => {
      const e = step.event as TopicFeedEvent;
      const before = step.before ? listeners(step.before, 'topic' in e ? e.topic : '') : 0;
      const first = e.type === 'feed.listen' && before === 0;
      const last = e.type === 'feed.unlisten' && before === 1;
      expect(calls(step, 'subscribe')).toEqual(first ? [{ topic: e.topic }] : []);
      expect(calls(step, 'unsubscribe')).toEqual(last ? [{ topic: e.topic }] : []);
    },
    'messages of listened topics are passed on, others dropped': (step) => {
      const e = step.event as TopicFeedEvent;
      const listened = e.type === 'realtime.message' && step.before !== null && listeners(step.before, e.topic) > 0;
      expect(step.effects.emitted.filter((x) => x.type === 'feed.message')).toEqual(
        listened ? [{ type: 'feed.message', topic: e.topic, data: e.data }] : [],
      );
    },
    'each (re)connection asks the pages to catch up': (step) => {
      expect(step.effects.emitted.filter((x) => x.type === 'feed.resync')).toHaveLength(
        step.event.type === 'realtime.connected' ? 1 : 0,
      );
    },
  },
});

describe('topic feed behaviour', () => {
  it('subscribes through the realtime actor by systemId, once per topic, and lets go after the last page', () => {
    const asked: unknown[] = [];
    const parent = createActor(
      setup({
        actors: {
          feed: topicFeedMachine,
          realtime: fromCallback(({ receive }) => receive((e) => asked.push(e))),
        },
      }).createMachine({
        invoke: [
          { id: 'realtime', systemId: 'realtime', src: 'realtime' },
          { id: 'feed', systemId: 'topicFeed', src: 'feed' },
        ],
      }),
    ).start();
    const feed = parent.system.get('topicFeed');
    feed.send({ type: 'feed.listen', topic: IP_BLOCKING_TOPIC });
    feed.send({ type: 'feed.listen', topic: IP_BLOCKING_TOPIC });
    feed.send({ type: 'feed.unlisten', topic: IP_BLOCKING_TOPIC });
    expect(asked).toEqual([{ type: 'realtime.subscribe', topic: IP_BLOCKING_TOPIC, subscriber: 'topicFeed' }]);
    feed.send({ type: 'feed.unlisten', topic: IP_BLOCKING_TOPIC });
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual({ type: 'realtime.unsubscribe', topic: IP_BLOCKING_TOPIC, subscriber: 'topicFeed' });
    parent.stop();
  });

  it('emits what it hears on listened topics and counts it', () => {
    const actor = createActor(topicFeedMachine.provide({ actions: quietActions('subscribe') })).start();
    const heard: unknown[] = [];
    actor.on('*', (e) => heard.push(e));
    actor.send({ type: 'realtime.message', topic: IP_BLOCKING_TOPIC, data: changed });
    actor.send({ type: 'feed.listen', topic: IP_BLOCKING_TOPIC });
    actor.send({ type: 'realtime.message', topic: IP_BLOCKING_TOPIC, data: changed });
    actor.send({ type: 'realtime.connected' });
    expect(heard).toEqual([{ type: 'feed.message', topic: IP_BLOCKING_TOPIC, data: changed }, { type: 'feed.resync' }]);
    expect(selectIsListeningTo(IP_BLOCKING_TOPIC)(actor.getSnapshot())).toBe(true);
    expect(selectReceivedOn(IP_BLOCKING_TOPIC)(actor.getSnapshot())).toBe(1);
    actor.stop();
  });
});
