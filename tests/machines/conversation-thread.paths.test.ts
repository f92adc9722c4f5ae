import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { COMMUNICATIONS } from '../../src/contract/constants';
import type { ConversationMessage, MessagePage } from '../../src/contract/entities/conversation';
import {
  conversationThreadFixtures,
  sampleConversation,
  sampleMessages,
} from '../../src/machines/conversation-thread/conversation-thread.fixtures';
import {
  type ConversationThreadEvent,
  conversationThreadMachine,
} from '../../src/machines/conversation-thread/conversation-thread.machine';
import { mergeMessages } from '../../src/machines/conversation-thread/conversation-thread.merge';
import {
  selectCanSend,
  selectHasOlder,
  selectThreadMessages,
} from '../../src/machines/conversation-thread/conversation-thread.selectors';
import { describeModel, pendingActor, replay } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn(), markRead: vi.fn() };
  const machine = conversationThreadMachine.provide({
    actors: {
      loadThread: pendingActor(),
      loadOlder: pendingActor(),
      loadLatest: pendingActor(),
      sendMessage: pendingActor(),
      live: fromCallback(() => undefined),
    },
    actions: {
      alert: (_, p) => effects.alert(p),
      markRead: (_, p) => effects.markRead(p),
    },
  });
  return { machine, effects };
}

const page = (data: ConversationMessage[], hasMore: boolean): MessagePage => ({ data, meta: { has_more: hasMore } });
const message = (id: number, at: string, body = `m${id}`): ConversationMessage => ({
  id,
  conversation_id: 7,
  author: sampleConversation.participants[0] ?? null,
  body,
  created_at: at,
});
const failure = { code: 'internal server error', status: 500 };
const input = { conversationId: 7 };
const loaded = {
  type: 'xstate.done.actor.loadThread',
  output: { conversation: sampleConversation, page: page(sampleMessages.slice(2), true) },
};

const events = [
  loaded,
  { type: 'xstate.error.actor.loadThread', error: failure },
  { type: 'xstate.done.actor.loadOlder', output: page(sampleMessages.slice(0, 2), false) },
  { type: 'xstate.error.actor.loadOlder', error: failure },
  { type: 'xstate.done.actor.loadLatest', output: page(sampleMessages, false) },
  { type: 'xstate.error.actor.loadLatest', error: failure },
  { type: 'xstate.done.actor.sendMessage', output: message(20, '2026-03-02T10:00:00.000Z', 'sent') },
  { type: 'xstate.error.actor.sendMessage', error: failure },
  { type: 'thread.retry' },
  { type: 'thread.loadOlder' },
  { type: 'thread.draftChanged', text: 'Hello there' },
  { type: 'thread.send' },
  { type: 'thread.messageArrived', message: message(21, '2026-03-02T10:01:00.000Z', 'live') },
  { type: 'thread.resync' },
] as unknown as ConversationThreadEvent[];

describeModel('conversationThread', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input,
  fixtures: conversationThreadFixtures,
  invariant: (s) => {
    // Messages stay unique and in order whatever happened.
    const ids = s.context.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stamps = s.context.messages.map((m) => m.created_at);
    expect([...stamps].sort()).toEqual(stamps);
  },
});

const ready = (machine = stubbed().machine) => replay(machine, input, [loaded as unknown as ConversationThreadEvent]);

describe('conversation thread behaviour', () => {
  it('merges by id and keeps order, whatever the arrival order', () => {
    const a = message(1, '2026-01-01T00:00:01.000Z');
    const b = message(2, '2026-01-01T00:00:02.000Z');
    const c = message(3, '2026-01-01T00:00:02.000Z');
    expect(mergeMessages([c, a], [b, a]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('sends the trimmed draft only when it has text within the limit, and clears it once sent', () => {
    const sent: { text: string }[] = [];
    const machine = stubbed().machine.provide({
      actors: {
        sendMessage: fromPromise(({ input: req }: { input: { conversationId: number; text: string } }) => {
          sent.push(req);
          return new Promise<ConversationMessage>(() => {});
        }),
      },
    });
    const actor = ready(machine);
    actor.send({ type: 'thread.draftChanged', text: '   ' });
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'thread.send' });
    expect(sent).toHaveLength(0);
    actor.send({ type: 'thread.draftChanged', text: 'x'.repeat(COMMUNICATIONS.messageMaxLength + 1) });
    actor.send({ type: 'thread.send' });
    expect(sent).toHaveLength(0);
    actor.send({ type: 'thread.draftChanged', text: '  On my way  ' });
    actor.send({ type: 'thread.send' });
    expect(sent).toEqual([{ conversationId: 7, text: 'On my way' }]);
    actor.send({
      type: 'xstate.done.actor.sendMessage',
      output: message(30, '2026-03-02T11:00:00.000Z', 'On my way'),
    } as unknown as ConversationThreadEvent);
    expect(actor.getSnapshot().context.draft).toBe('');
    expect(selectThreadMessages(actor.getSnapshot()).at(-1)?.body).toBe('On my way');
  });

  it('keeps the draft and alerts when sending fails', () => {
    const { machine, effects } = stubbed();
    const actor = ready(machine);
    actor.send({ type: 'thread.draftChanged', text: 'Keep me' });
    actor.send({ type: 'thread.send' });
    actor.send({ type: 'xstate.error.actor.sendMessage', error: failure } as unknown as ConversationThreadEvent);
    expect(actor.getSnapshot().context.draft).toBe('Keep me');
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'errors.http.internal server error' });
  });

  it('takes a live message once and marks it read; ignores other conversations and echoes', () => {
    const { machine, effects } = stubbed();
    const actor = ready(machine);
    const live = message(40, '2026-03-02T12:00:00.000Z', 'live');
    actor.send({ type: 'thread.messageArrived', message: live });
    actor.send({ type: 'thread.messageArrived', message: live });
    actor.send({ type: 'thread.messageArrived', message: { ...live, id: 41, conversation_id: 8 } });
    expect(selectThreadMessages(actor.getSnapshot()).filter((m) => m.id === 40)).toHaveLength(1);
    expect(selectThreadMessages(actor.getSnapshot()).some((m) => m.id === 41)).toBe(false);
    expect(effects.markRead).toHaveBeenCalledTimes(1);
    expect(effects.markRead).toHaveBeenCalledWith({ conversationId: 7 });
  });

  it('loads older messages before the oldest one and stops when none are left', () => {
    const asked: string[] = [];
    const machine = stubbed().machine.provide({
      actors: {
        loadOlder: fromPromise(({ input: req }: { input: { conversationId: number; before: string } }) => {
          asked.push(req.before);
          return new Promise<MessagePage>(() => {});
        }),
      },
    });
    const actor = ready(machine);
    expect(selectHasOlder(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'thread.loadOlder' });
    expect(asked).toEqual([sampleMessages[2]?.created_at]);
    actor.send({
      type: 'xstate.done.actor.loadOlder',
      output: page(sampleMessages.slice(0, 2), false),
    } as unknown as ConversationThreadEvent);
    expect(selectThreadMessages(actor.getSnapshot()).map((m) => m.id)).toEqual(sampleMessages.map((m) => m.id));
    expect(selectHasOlder(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'thread.loadOlder' });
    expect(asked).toHaveLength(1);
  });

  it('a reconnection refetches the newest page once at a time', () => {
    let calls = 0;
    const machine = stubbed().machine.provide({
      actors: {
        loadLatest: fromPromise(() => {
          calls++;
          return new Promise<MessagePage>(() => {});
        }),
      },
    });
    const actor = ready(machine);
    actor.send({ type: 'thread.resync' });
    actor.send({ type: 'thread.resync' });
    expect(calls).toBe(1);
    expect(actor.getSnapshot().context.syncing).toBe(true);
  });

  it('an observer cannot send', () => {
    const actor = createActor(stubbed().machine, { input }).start();
    actor.send({
      type: 'xstate.done.actor.loadThread',
      output: { conversation: { ...sampleConversation, is_participant: false }, page: page(sampleMessages, false) },
    } as unknown as ConversationThreadEvent);
    actor.send({ type: 'thread.draftChanged', text: 'hello' });
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
  });
});
