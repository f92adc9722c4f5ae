import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  conversationRecipientsResource,
  conversationsResource,
  type Recipient,
} from '../../src/contract/entities/conversation';
import type { Permission } from '../../src/contract/permissions';
import type { AppContext } from '../context';
import { scopedConversations, scopedRecipients } from '../domain/conversation-scopes';
import { addMessage, createConversation, deleteConversations } from '../domain/conversation-writes';
import {
  CONVERSATION_COLUMNS,
  markRead,
  participantsCondition,
  readMessages,
  selectConversations,
  toConversations,
  visibleConversation,
} from '../domain/conversations';
import { defineList, defineResource, idOf } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { itemNotFound } from './http-error';
import { defineRoute } from './route';

const VIEW: Permission[] = ['conversations.view', 'conversations.view_descendants', 'conversations.view_all'];

/** The `{before_date}` of a path: an ISO time, else nothing is named (404). */
function beforeDateOf(request: FastifyRequest): string {
  const raw = (request.params as Record<string, string | undefined>).before_date ?? '';
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(ms)) throw itemNotFound();
  return new Date(ms).toISOString();
}

/** Conversations (7.6): items, {id}, PUT, DELETE, messages (newest and before a date), recipients. */
export async function conversationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  defineResource(app, {
    contract: conversationsResource,
    permissions: { view: VIEW, create: ['conversations.create'], delete: ['conversations.delete'] },
    scoped: (auth) => scopedConversations(ctx.db, auth),
    select: (q, auth) => selectConversations(auth)(q),
    columns: CONVERSATION_COLUMNS,
    idColumn: 'c.id',
    relations: { participants: participantsCondition },
    toItems: (rows, auth) => toConversations(ctx.db, auth, rows),
    create: (auth, body) => createConversation(ctx, auth, body),
    remove: (_, ids) => deleteConversations(ctx.db, ids),
  });
  defineList(app, {
    contract: conversationRecipientsResource,
    permissions: { view: ['conversations.create'] },
    scoped: (auth) => scopedRecipients(ctx.db, auth),
    select: (q) => q.select(['u.id', 'u.name', 'u.email', 'u.avatar_url']),
    columns: { id: 'u.id', name: 'u.name', email: 'u.email' },
    idColumn: 'u.id',
    toItems: async (rows) =>
      rows.map(
        (r): Recipient => ({
          id: Number(r.id),
          name: String(r.name),
          email: r.email ?? null,
          avatar_url: r.avatar_url ?? null,
        }),
      ),
  });

  const messages = async (request: FastifyRequest, before: string | null) => {
    const auth = authOf(request);
    const conversation = await visibleConversation(ctx.db, auth, idOf(request));
    const page = await readMessages(ctx.db, conversation.id, before);
    // Reading the newest page is reading the conversation.
    if (before === null && conversation.isParticipant) await markRead(ctx.db, auth, conversation.id);
    return page;
  };
  defineRoute(app, 'GET /conversations/{id}/messages', {
    guard: requirePermission(...VIEW),
    handler: ({ request }) => messages(request, null),
  });
  defineRoute(app, 'GET /conversations/{id}/messages/{before_date}', {
    guard: requirePermission(...VIEW),
    handler: ({ request }) => messages(request, beforeDateOf(request)),
  });
  defineRoute(app, 'POST /conversations/{id}/messages', {
    guard: requirePermission('conversations.create_message'),
    handler: async ({ request, body }) => ({
      data: await addMessage(ctx, authOf(request), idOf(request), body.message),
    }),
  });
  defineRoute(app, 'POST /conversations/{id}/read', {
    guard: requirePermission(...VIEW),
    handler: async ({ request }) => {
      const auth = authOf(request);
      const conversation = await visibleConversation(ctx.db, auth, idOf(request));
      if (conversation.isParticipant) await markRead(ctx.db, auth, conversation.id);
      return { data: true as const };
    },
  });
}
