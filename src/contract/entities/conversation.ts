import * as v from 'valibot';
import { COMMUNICATIONS } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema } from '../ids';

/**
 * Conversations (sections 3 and 7.6): a subject between the caller and one
 * interlocutor, with its messages. The list answers each conversation with its
 * last message (`message`) and how many messages the caller has not read.
 */
export const ConversationUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  avatar_url: v.nullable(v.string()),
});
export type ConversationUser = v.InferOutput<typeof ConversationUserSchema>;

export const ConversationMessageSchema = v.object({
  id: v.number(),
  conversation_id: v.number(),
  /** Null once the author's account is gone. */
  author: v.nullable(ConversationUserSchema),
  body: v.string(),
  /** ISO time; strictly increasing within a conversation, so `before_date` pages never skip one. */
  created_at: v.string(),
});
export type ConversationMessage = v.InferOutput<typeof ConversationMessageSchema>;

export const ConversationSchema = v.object({
  id: v.number(),
  subject: v.string(),
  /** The other participant (for a participant); for an observer, the one the creator wrote to. */
  interlocutor: v.nullable(ConversationUserSchema),
  participants: v.array(ConversationUserSchema),
  /** The last message. */
  message: v.nullable(ConversationMessageSchema),
  /** Messages of others the caller has not read (0 for an observer). */
  unread: v.number(),
  /** The caller takes part (may write); observers see it through view_descendants / view_all. */
  is_participant: v.boolean(),
  created_at: v.string(),
  /** Time of the last message. */
  updated_at: v.string(),
  created_by_user: v.nullable(v.object({ id: v.number(), name: v.string() })),
});
export type Conversation = v.InferOutput<typeof ConversationSchema>;

const messageText = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(COMMUNICATIONS.messageMaxLength));

/** PUT /conversations: a new conversation with its first message. */
export const ConversationCreateSchema = v.object({
  subject: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(COMMUNICATIONS.subjectMaxLength)),
  interlocutor: IdSchema,
  message: messageText,
});
export type ConversationCreate = v.InferOutput<typeof ConversationCreateSchema>;

/** POST /conversations/{id}/messages. */
export const MessageCreateSchema = v.object({ message: messageText });

/** A page of messages, oldest first; `has_more` says whether older ones exist. */
export const MessagePageSchema = v.object({
  data: v.array(ConversationMessageSchema),
  meta: v.object({ has_more: v.boolean() }),
});
export type MessagePage = v.InferOutput<typeof MessagePageSchema>;

export const conversationsEntity = defineEntity({
  name: 'conversations',
  path: '/conversations',
  access: {
    view: ['conversations.view', 'conversations.view_descendants', 'conversations.view_all'],
    create: ['conversations.create'],
    delete: ['conversations.delete'],
  },
  item: ConversationSchema,
  create: ConversationCreateSchema,
  // Conversations are not edited: only messages are added.
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    subject: { kind: 'text', sortable: true, filterable: true },
    updated_at: { kind: 'date', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    unread: { kind: 'number', sortable: true, filterable: true },
    participants: { kind: 'relation', filterable: true },
  },
  search: ['subject'],
  with: [],
  defaultSort: ['-updated_at'],
});
export const ConversationListSchema = listAnswer(ConversationSchema);

/** Who the caller may write to (7.6 recipients): a picker's rows. */
export const RecipientSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  avatar_url: v.nullable(v.string()),
});
export type Recipient = v.InferOutput<typeof RecipientSchema>;

export const conversationRecipientsEntity = defineEntity({
  name: 'conversation_recipients',
  path: '/conversations/recipients',
  listOnly: true,
  access: { view: ['conversations.create'] },
  item: RecipientSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    email: { kind: 'text', sortable: true, filterable: true },
  },
  search: ['name', 'email'],
  with: [],
  defaultSort: ['name'],
});

/** Realtime event on `private-users.{id}` of every participant when a message is added. */
export const ConversationMessageCreatedSchema = v.object({
  type: v.literal('ConversationMessageCreated'),
  conversation_id: v.number(),
  message: ConversationMessageSchema,
});
export type ConversationMessageCreated = v.InferOutput<typeof ConversationMessageCreatedSchema>;
export const CONVERSATION_MESSAGE_CREATED = 'ConversationMessageCreated';
