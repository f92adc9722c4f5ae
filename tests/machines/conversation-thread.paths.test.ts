import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise } from 'xstate';
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
import { calls, describeModel, type ModelStep, pendingActor, replay, starts } from '../support/model-based';

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

const live = message(21, '2026-03-02T10:01:00.000Z', 'live');
const events = [
  loaded,
  {
    type: 'xstate.done.actor.loadThread',
    output: { conversation: { ...sampleConversation, is_participant: false }, page: page(sampleMessages, false) },
  },
  { type: 'xstate.error.actor.loadThread', error: failure },
  { type: 'xstate.done.actor.loadOlder', output: page(sampleMessages.slice(0, 2), false) },
  { type: 'xstate.error.actor.loadOlder', error: failure },
  { type: 'xstate.done.actor.loadLatest', output: page(sampleMessages, false) },
  { type: 'xstate.error.actor.loadLatest', error: failure },
  { type: 'xstate.done.actor.sendMessage', output: message(20, '2026-03-02T10:00:00.000Z', 'sent') },
  { type: 'xstate.error.actor.sendMessage', error: failure },
  { type: 'thread.retry' },
  { type: 'thread.loadOlder' },
  { type: 'thread.draftChanged', text: '  Hello there ' },
  { type: 'thread.draftChanged', text: '   ' },
  { type: 'thread.draftChanged', text: 'x'.repeat(COMMUNICATIONS.messageMaxLength + 1) },
  { type: 'thread.send' },
  { type: 'thread.messageArrived', message: live },
  { type: 'thread.messageArrived', message: { ...live, id: 41, conversation_id: 8 } },
  { type: 'thread.resync' },
] as unknown as ConversationThreadEvent[];

const modelMachine = stubbed().machine;
type Step = ModelStep<typeof modelMachine>;
const running = (s: Step['after'], id: string) =>
  (s.children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot().status === 'active';

describeModel('conversationThread', {
  machine: modelMachine,
  events,
  input,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft.trim().length > 0,
      s.context.draft.trim().length > COMMUNICATIONS.messageMaxLength,
      s.context.conversation?.is_participant ?? null,
      s.context.messages.length,
      s.context.syncing,
    ]),
  fixtures: conversationThreadFixtures,
  invariants: {
    'messages stay unique and in order whatever happened': (s) => {
      const ids = s.context.messages.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      const stamps = s.context.messages.map((m) => m.created_at);
      expect([...stamps].sort()).toEqual(stamps);
    },
    'the live feed runs exactly while the thread is shown; a resync exactly while syncing': (s) => {
      expect(running(s, 'live')).toBe(s.matches('ready'));
      expect(running(s, 'loadLatest')).toBe(s.context.syncing);
    },
    "only this conversation's messages are shown": (s) => {
      for (const m of s.context.messages) expect(m.conversation_id).toBe(input.conversationId);
    },
  },
  rules: {
    'a message is sent only by a participant, trimmed, with text within the limit': (step) => {
      for (const sent of starts(step, 'sendMessage') as { conversationId: number; text: string }[]) {
        expect(step.before?.context.conversation?.is_participant).toBe(true);
        expect(sent).toEqual({ conversationId: input.conversationId, text: step.before?.context.draft.trim() });
        expect(sent.text.length).toBeGreaterThan(0);
        expect(sent.text.length).toBeLessThanOrEqual(COMMUNICATIONS.messageMaxLength);
      }
    },
    'the draft goes only once its message is sent; a failure keeps it and says why': (step) => {
      const e = step.event.type;
      const sending = step.before?.matches({ ready: { composer: 'sending' } }) === true;
      if (e === 'thread.draftChanged' || (e === 'xstate.done.actor.sendMessage' && sending)) return;
      expect(step.after.context.draft).toBe(step.before?.context.draft ?? '');
      if (e === 'xstate.error.actor.sendMessage' && sending)
        expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: `errors.http.${failure.code}` }]);
    },
    'the newest page is refetched after a reconnection, once at a time': (step) => {
      const refetches = starts(step, 'loadLatest');
      if (refetches.length === 0) return;
      expect(step.event.type).toBe('thread.resync');
      expect(step.before?.context.syncing).toBe(false);
      expect(refetches).toEqual([{ conversationId: input.conversationId }]);
    },
    'a live message of this conversation is taken once and marked read; others are ignored': (step) => {
      const e = step.event as ConversationThreadEvent;
      const isNew =
        e.type === 'thread.messageArrived' &&
        step.before?.matches('ready') &&
        e.message.conversation_id === input.conversationId &&
        !step.before.context.messages.some((m) => m.id === e.message.id);
      expect(calls(step, 'markRead')).toEqual(isNew ? [{ conversationId: input.conversationId }] : []);
    },
    'older messages are asked before the oldest one shown': (step) => {
      for (const asked of starts(step, 'loadOlder') as { before: string }[])
        expect(asked.before).toBe(step.before?.context.messages[0]?.created_at);
    },
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
