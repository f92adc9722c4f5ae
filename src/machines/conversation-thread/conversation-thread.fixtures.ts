import type { SnapshotFrom } from 'xstate';
import type { Conversation, ConversationMessage } from '../../contract/entities/conversation';
import {
  type ConversationThreadContext,
  type ConversationThreadMachine,
  conversationThreadMachine,
} from './conversation-thread.machine';

const cora = { id: 3, name: 'Cora Concierge', avatar_url: null };
const rita = { id: 4, name: 'Rita Resident', avatar_url: null };

/** Messages of the sample conversation, oldest first (Rita is the caller). */
export const sampleMessages: ConversationMessage[] = [
  {
    id: 11,
    conversation_id: 7,
    author: cora,
    body: 'A parcel is waiting for you at the desk.',
    created_at: '2026-03-02T09:14:00.000Z',
  },
  {
    id: 12,
    conversation_id: 7,
    author: rita,
    body: 'Thank you! Can it wait until six?',
    created_at: '2026-03-02T09:20:00.000Z',
  },
  {
    id: 13,
    conversation_id: 7,
    author: cora,
    body: 'Of course, the desk is open until eight.',
    created_at: '2026-03-02T09:21:30.000Z',
  },
  { id: 14, conversation_id: 7, author: rita, body: 'Great, see you then.', created_at: '2026-03-02T09:22:10.000Z' },
];

export const sampleConversation: Conversation = {
  id: 7,
  subject: 'Parcel at the desk',
  interlocutor: cora,
  participants: [cora, rita],
  message: sampleMessages.at(-1) ?? null,
  unread: 0,
  is_participant: true,
  created_at: '2026-03-02T09:14:00.000Z',
  updated_at: '2026-03-02T09:22:10.000Z',
  created_by_user: { id: 3, name: 'Cora Concierge' },
};

const base: ConversationThreadContext = {
  conversationId: 7,
  conversation: null,
  messages: [],
  hasMore: false,
  draft: '',
  syncing: false,
  failure: null,
};
const loaded: ConversationThreadContext = {
  ...base,
  conversation: sampleConversation,
  messages: sampleMessages,
  hasMore: true,
};
const ready = (
  history: 'idle' | 'loadingOlder',
  composer: 'idle' | 'sending',
  extra: Partial<ConversationThreadContext> = {},
) =>
  conversationThreadMachine.resolveState({ value: { ready: { history, composer } }, context: { ...loaded, ...extra } });

/** One named snapshot per state of the thread, for stories and the model test. */
export const conversationThreadFixtures = {
  loading: conversationThreadMachine.resolveState({ value: 'loading', context: base }),
  failed: conversationThreadMachine.resolveState({
    value: 'failed',
    context: { ...base, failure: { code: 'item not found', status: 404 } },
  }),
  ready: ready('idle', 'idle', { draft: 'On my way' }),
  loadingOlder: ready('loadingOlder', 'idle'),
  sending: ready('idle', 'sending', { draft: 'On my way down now.' }),
  loadingOlderWhileSending: ready('loadingOlder', 'sending', { draft: 'On my way down now.' }),
  observing: ready('idle', 'idle', {
    conversation: { ...sampleConversation, is_participant: false },
    hasMore: false,
  }),
} satisfies Record<string, SnapshotFrom<ConversationThreadMachine>>;
