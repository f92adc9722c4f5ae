import type { FastifyInstance } from 'fastify';
import { conversationRecipientsEntity, conversationsEntity } from '../../../src/contract/entities/conversation';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { scopedConversations, scopedRecipients } from '../../domain/communications/conversation-scopes';
import { addMessage, createConversation, deleteConversations } from '../../domain/communications/conversation-writes';
import {
  CONVERSATION_COLUMNS,
  markRead,
  participantsCondition,
  readMessages,
  selectConversations,
  toConversations,
  visibleConversation,
} from '../../domain/communications/conversations';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Conversations (7.6): items, {id}, PUT, DELETE, messages (newest and before a date), recipients. */
export async function conversationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: conversationsEntity,
    scoped: (auth) => scopedConversations(ctx.db, auth),
    select: selectConversations,
    columns: CONVERSATION_COLUMNS,
    idColumn: 'c.id',
    relations: { participants: participantsCondition },
    toItems: (rows, auth) => toConversations(ctx.db, auth, rows),
    create: (auth, body) => createConversation(ctx, auth, body),
    remove: (_, ids) => deleteConversations(ctx.db, ids),
  });
  registerEntityCalls(app, {
    entity: conversationRecipientsEntity,
    scoped: (auth) => scopedRecipients(ctx.db, auth),
    select: (q) => q.select(['u.id', 'u.name', 'u.email', 'u.avatar_url']),
    columns: { id: 'u.id', name: 'u.name', email: 'u.email' },
    idColumn: 'u.id',
    toItems: async (rows) => rows.map((r) => ({ id: r.id, name: r.name, email: r.email, avatar_url: r.avatar_url })),
  });

  const messages = async (auth: Auth, id: number, before: string | null) => {
    const conversation = await visibleConversation(ctx.db, auth, id);
    const page = await readMessages(ctx.db, conversation.id, before);
    // Reading the newest page is reading the conversation.
    if (before === null && conversation.isParticipant) await markRead(ctx.db, auth, conversation.id);
    return page;
  };
  registerCall(app, 'GET /conversations/{id}/messages', ({ auth, params }) => messages(auth, params.id, null));
  registerCall(app, 'GET /conversations/{id}/messages/{before_date}', ({ auth, params }) =>
    messages(auth, params.id, new Date(params.before_date).toISOString()),
  );
  registerCall(app, 'POST /conversations/{id}/messages', async ({ auth, params, body }) => ({
    data: await addMessage(ctx, auth, params.id, body.message),
  }));
  registerCall(app, 'POST /conversations/{id}/read', async ({ auth, params }) => {
    const conversation = await visibleConversation(ctx.db, auth, params.id);
    if (conversation.isParticipant) await markRead(ctx.db, auth, conversation.id);
    return { data: true as const };
  });
}
