import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import { conversationFeedFixtures } from '../../src/machines/conversation-feed/conversation-feed.fixtures';
import {
  type ConversationFeedEvent,
  conversationFeedMachine,
} from '../../src/machines/conversation-feed/conversation-feed.machine';
import { selectFeedLast, selectFeedReceived } from '../../src/machines/conversation-feed/conversation-feed.selectors';
import { sampleMessages } from '../../src/machines/conversation-thread/conversation-thread.fixtures';
import { calls, describeModel, quietActions } from '../support/model-based';

function stubbed() {
  const effects = { subscribe: vi.fn() };
  const machine = conversationFeedMachine.provide({ actions: { subscribe: (_, p) => effects.subscribe(p) } });
  return { machine, effects };
}

const message = sampleMessages[0]!;
const arrived = {
  type: 'realtime.message',
  topic: 'private-users.4',
  data: { type: 'ConversationMessageCreated', conversation_id: message.conversation_id, message },
} as const;
const events: ConversationFeedEvent[] = [
  arrived,
  { type: 'realtime.message', topic: 'private-users.4', data: { type: 'NotificationCreated' } },
  { type: 'realtime.connected' },
];

describeModel('conversationFeed', {
  machine: conversationFeedMachine.provide({ actions: quietActions('subscribe') }),
  events,
  input: { profileId: 4 },
  // How many messages were heard (two at most, so the graph stays finite).
  serialize: (s) => JSON.stringify([s.value, s.context.received]),
  offer: (s) => s.context.received < 2,
  fixtures: conversationFeedFixtures,
  invariants: {
    'the last message is known exactly when one was heard': (s) => {
      expect(s.context.last !== null).toBe(s.context.received > 0);
    },
  },
  rules: {
    'it subscribes to its own topic once, at start': (step) => {
      expect(calls(step, 'subscribe')).toHaveLength(step.before === null ? 1 : 0);
    },
    'each conversation message is passed on once, with its conversation': (step) => {
      const e = step.event as ConversationFeedEvent;
      const isMessage = e.type === 'realtime.message' && e.data.type === 'ConversationMessageCreated';
      expect(step.effects.emitted.filter((x) => x.type === 'conversation.messageArrived')).toEqual(
        isMessage ? [{ type: 'conversation.messageArrived', conversationId: message.conversation_id, message }] : [],
      );
      expect(step.after.context.received).toBe((step.before?.context.received ?? 0) + (isMessage ? 1 : 0));
    },
    'each (re)connection asks the pages to catch up': (step) => {
      expect(step.effects.emitted.filter((x) => x.type === 'conversation.resync')).toHaveLength(
        step.event.type === 'realtime.connected' ? 1 : 0,
      );
    },
  },
});

describe('conversation feed behaviour', () => {
  it('subscribes once, on start', () => {
    const { machine, effects } = stubbed();
    const actor = createActor(machine, { input: { profileId: 4 } }).start();
    actor.send({ type: 'realtime.connected' });
    expect(effects.subscribe).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('asks the realtime actor for its own topic, by systemId', () => {
    const asked: unknown[] = [];
    const parent = createActor(
      setup({
        actors: {
          feed: conversationFeedMachine,
          realtime: fromCallback(({ receive }) => receive((e) => asked.push(e))),
        },
      }).createMachine({
        invoke: [
          { id: 'realtime', systemId: 'realtime', src: 'realtime' },
          { id: 'feed', systemId: 'conversationFeed', src: 'feed', input: { profileId: 4 } },
        ],
      }),
    ).start();
    expect(asked).toEqual([{ type: 'realtime.subscribe', topic: 'private-users.4', subscriber: 'conversationFeed' }]);
    parent.stop();
  });

  it('emits conversation messages and resyncs; other events pass by', () => {
    const actor = createActor(stubbed().machine, { input: { profileId: 4 } }).start();
    const heard: unknown[] = [];
    actor.on('*', (e) => heard.push(e));
    actor.send({ type: 'realtime.message', topic: 'private-users.4', data: { type: 'NotificationCreated' } });
    actor.send({ type: 'realtime.message', topic: 'private-users.4', data: { type: 'ConversationMessageCreated' } });
    actor.send(arrived);
    actor.send({ type: 'realtime.connected' });
    expect(heard).toEqual([
      { type: 'conversation.messageArrived', conversationId: message.conversation_id, message },
      { type: 'conversation.resync' },
    ]);
    expect(selectFeedReceived(actor.getSnapshot())).toBe(1);
    expect(selectFeedLast(actor.getSnapshot())).toEqual(message);
  });
});
