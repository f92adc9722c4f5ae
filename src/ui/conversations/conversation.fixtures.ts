import type { Conversation } from '../../contract/entities/conversation';
import { sampleConversation, sampleMessages } from '../../machines/conversation-thread/conversation-thread.fixtures';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { conversationForm } from './conversation-form';

const sam = { id: 2, name: 'Sam Staff', avatar_url: null };
const rita = sampleConversation.participants[1]!;

/** The inbox of Rita (user 4): one unread conversation, one read, one she observes. */
export const sampleConversations: Conversation[] = [
  { ...sampleConversation, unread: 2, subject: 'Parcel at the desk' },
  {
    ...sampleConversation,
    id: 8,
    subject: 'Parking permit renewal',
    interlocutor: sam,
    participants: [rita, sam],
    message: { ...sampleMessages[1]!, id: 30, conversation_id: 8, body: 'Sent the form this morning.' },
    unread: 0,
    updated_at: '2026-02-27T16:40:00.000Z',
  },
];

const rows = sampleConversations as unknown as ListRow[];

/** Snapshots of the inbox and of the new-conversation dialog. */
export const conversationFixtures = {
  list: {
    loading: entityListSnapshot({ browsing: 'loading' }),
    ready: entityListSnapshot({ browsing: 'ready' }, { items: rows, total: rows.length, lastPage: 1 }),
    empty: entityListSnapshot({ browsing: 'ready' }, { items: [], total: 0, lastPage: 1 }),
  },
  form: {
    creating: entityFormSnapshot(conversationForm, 'editing', { mayEdit: true }),
    withErrors: entityFormSnapshot(conversationForm, 'editing', {
      values: { subject: 'Parcel', message: '' },
      errors: { interlocutor: { code: 'required' }, message: { code: 'required' } },
    }),
  },
};
