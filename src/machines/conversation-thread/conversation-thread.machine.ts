import { assign, fromCallback, fromPromise, sendTo, setup, spawnChild } from 'xstate';
import { COMMUNICATIONS } from '../../contract/constants';
import type { ConversationMessage, MessagePage } from '../../contract/entities/conversation';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';
import { mergeMessages } from './conversation-thread.merge';
import type {
  ConversationThreadContext,
  ConversationThreadEvent,
  ConversationThreadInput,
  ThreadLoaded,
} from './conversation-thread.types';

const failureOf = (error: unknown) => error as CallFailure;

export type { ConversationThreadContext, ConversationThreadEvent, ConversationThreadInput, ThreadLoaded };

type AlertParams = ReturnType<typeof failureAlert>;

/**
 * One conversation (/conversation/:id): load it with its newest messages, load
 * older pages by `before_date`, write (the draft stays if sending fails), and
 * take messages live: the `live` effect reports arrivals and reconnections;
 * an arrival is merged (once, by id) and marked read, a reconnection refetches
 * the newest page. Loading older and sending run side by side.
 */
export const conversationThreadMachine = setup({
  types: {
    context: {} as ConversationThreadContext,
    events: {} as ConversationThreadEvent,
    input: {} as ConversationThreadInput,
  },
  actors: {
    loadThread: fromPromise<ThreadLoaded, { conversationId: number }>(() => new Promise(() => {})),
    loadOlder: fromPromise<MessagePage, { conversationId: number; before: string }>(() => new Promise(() => {})),
    loadLatest: fromPromise<MessagePage, { conversationId: number }>(() => new Promise(() => {})),
    sendMessage: fromPromise<ConversationMessage, { conversationId: number; text: string }>(
      () => new Promise(() => {}),
    ),
    /** Reports `thread.messageArrived` and `thread.resync` for this conversation (services: the feed). */
    live: fromCallback<ConversationThreadEvent, { conversationId: number }>(() => undefined),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    /** Tells the server the caller has read up to now (fire and forget). */
    markRead: (_, _params: { conversationId: number }) => {},
    merge: assign({
      messages: ({ context }, params: { messages: ConversationMessage[] }) =>
        mergeMessages(context.messages, params.messages),
    }),
    /** The conversation and its newest page, each message once, oldest first. */
    takeThread: assign((_, params: { loaded: ThreadLoaded }) => ({
      conversation: params.loaded.conversation,
      messages: mergeMessages([], params.loaded.page.data),
      hasMore: params.loaded.page.meta.has_more,
      failure: null,
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** A reconnection: refetch the newest page (its answer is merged). */
    startResync: spawnChild('loadLatest', {
      id: 'loadLatest',
      input: ({ context }) => ({ conversationId: context.conversationId }),
    }),
    setSyncing: assign((_, params: { syncing: boolean }) => ({ syncing: params.syncing })),
    setHasMore: assign((_, params: { hasMore: boolean }) => ({ hasMore: params.hasMore })),
    setDraft: assign((_, params: { text: string }) => ({ draft: params.text })),
  },
  guards: {
    hasOlder: ({ context }) => context.hasMore && context.messages.length > 0,
    canSend: ({ context }) => {
      const text = context.draft.trim();
      return (
        context.conversation?.is_participant === true &&
        text.length > 0 &&
        text.length <= COMMUNICATIONS.messageMaxLength
      );
    },
    isNewHere: ({ context }, params: { message: ConversationMessage }) =>
      params.message.conversation_id === context.conversationId &&
      !context.messages.some((m) => m.id === params.message.id),
    isParticipant: ({ context }) => context.conversation?.is_participant === true,
    isNotSyncing: ({ context }) => !context.syncing,
  },
}).createMachine({
  id: 'conversationThread',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    conversation: null,
    messages: [],
    hasMore: false,
    draft: '',
    syncing: false,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadThread',
        src: 'loadThread',
        input: ({ context }) => ({ conversationId: context.conversationId }),
        onDone: { target: 'ready', actions: { type: 'takeThread', params: ({ event }) => ({ loaded: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    failed: { on: { 'thread.retry': 'loading' } },
    ready: {
      type: 'parallel',
      invoke: {
        id: 'live',
        src: 'live',
        input: ({ context }) => ({ conversationId: context.conversationId }),
      },
      on: {
        'thread.messageArrived': [
          {
            guard: {
              type: 'isNewHere',
              params: ({ event }) => ({ message: event.message }),
            },
            actions: [
              { type: 'merge', params: ({ event }) => ({ messages: [event.message] }) },
              {
                type: 'markRead',
                params: ({ context }) => ({ conversationId: context.conversationId }),
              },
            ],
          },
        ],
        'thread.resync': {
          guard: 'isNotSyncing',
          actions: ['startResync', { type: 'setSyncing', params: { syncing: true } }],
        },
        'xstate.done.actor.loadLatest': {
          actions: [
            { type: 'setSyncing', params: { syncing: false } },
            {
              type: 'merge',
              // A spawned child's done event is not in the event union: read it as what it is.
              params: ({ event }: { event: { output?: MessagePage } }) => ({ messages: event.output?.data ?? [] }),
            },
          ],
        },
        // A failed resync is not worth an alert: the next reconnection or message tries again.
        'xstate.error.actor.loadLatest': { actions: { type: 'setSyncing', params: { syncing: false } } },
      },
      states: {
        history: {
          initial: 'idle',
          states: {
            idle: { on: { 'thread.loadOlder': { guard: 'hasOlder', target: 'loadingOlder' } } },
            loadingOlder: {
              invoke: {
                id: 'loadOlder',
                src: 'loadOlder',
                input: ({ context }) => ({
                  conversationId: context.conversationId,
                  before: context.messages[0]?.created_at ?? new Date(0).toISOString(),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'merge', params: ({ event }) => ({ messages: event.output.data }) },
                    { type: 'setHasMore', params: ({ event }) => ({ hasMore: event.output.meta.has_more }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) },
                },
              },
            },
          },
        },
        composer: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'thread.draftChanged': { actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) } },
                'thread.send': { guard: 'canSend', target: 'sending' },
              },
            },
            sending: {
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => ({ conversationId: context.conversationId, text: context.draft.trim() }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'merge', params: ({ event }) => ({ messages: [event.output] }) },
                    { type: 'setDraft', params: { text: '' } },
                  ],
                },
                // The draft stays, so nothing typed is lost.
                onError: {
                  target: 'idle',
                  actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ConversationThreadMachine = typeof conversationThreadMachine;
