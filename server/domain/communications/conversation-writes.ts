import type { Kysely, Transaction } from 'kysely';
import {
  CONVERSATION_MESSAGE_CREATED,
  type ConversationCreate,
  type ConversationMessage,
} from '../../../src/contract/entities/conversation';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import { userTopic } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { invalidRelated, prohibited, refused } from '../errors';
import { notify } from '../notifications/notifications';
import { mayWriteTo } from './conversation-scopes';
import { readMessage, visibleConversation } from './conversations';

/** Writes of conversations: start one, add a message, delete. Each new message goes out live and to the bell. */

/**
 * A timestamp after every message of the conversation: the clock, or 1 ms after
 * the last message when the clock has not moved on. `before_date` pages then
 * never split two messages of the same millisecond.
 */
async function nextStamp(trx: Transaction<Database>, conversationId: number): Promise<string> {
  // Touching the conversation first serialises concurrent writers on PostgreSQL (row lock).
  const now = new Date();
  await trx
    .updateTable('conversations')
    .set({ updated_at: now.toISOString() })
    .where('id', '=', conversationId)
    .execute();
  const last = await trx
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  const lastMs = last?.at ? Date.parse(String(last.at)) : 0;
  return new Date(Math.max(now.getTime(), lastMs + 1)).toISOString();
}

async function insertMessage(
  trx: Transaction<Database>,
  conversationId: number,
  userId: number,
  body: string,
): Promise<number> {
  const at = await nextStamp(trx, conversationId);
  const row = await trx
    .insertInto('conversation_messages')
    .values({ conversation_id: conversationId, user_id: userId, body, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('conversations').set({ updated_at: at }).where('id', '=', conversationId).execute();
  // The author has read what they wrote.
  await trx
    .updateTable('conversation_participants')
    .set({ last_read_at: at })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
  return row.id;
}

async function participantIds(db: Kysely<Database>, conversationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('conversation_participants')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Live update for every participant's consoles, and a notification for the others. */
async function announceMessage(
  ctx: AppContext,
  auth: Auth,
  conversation: { id: number; subject: string },
  message: ConversationMessage,
  first: boolean,
): Promise<void> {
  const everyone = await participantIds(ctx.db, conversation.id);
  for (const userId of everyone) {
    ctx.realtime.publish(
      userTopic(userId),
      { type: CONVERSATION_MESSAGE_CREATED, conversation_id: conversation.id, message },
      { projectId: auth.projectId },
    );
  }
  await notify(ctx, {
    projectId: auth.projectId,
    userIds: everyone.filter((id) => id !== auth.userId),
    type: first ? 'conversation_received' : 'conversation_message_received',
    data: {
      conversation_id: conversation.id,
      subject: conversation.subject,
      author: message.author?.name ?? '',
      message: message.body.slice(0, 200),
    },
  });
}

/** PUT /conversations: the caller and one interlocutor they may write to, with the first message. */
export async function createConversation(ctx: AppContext, auth: Auth, body: ConversationCreate): Promise<number> {
  if (body.interlocutor === auth.userId) {
    throw refused(ERROR_CODES.cannotCommunicateWithHimself);
  }
  if (!(await mayWriteTo(ctx.db, auth, body.interlocutor))) throw invalidRelated(['interlocutor']);
  const { conversationId, messageId } = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const { id } = await trx
      .insertInto('conversations')
      .values({
        project_id: auth.projectId,
        subject: body.subject,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('conversation_participants')
      .values([
        { conversation_id: id, user_id: auth.userId, last_read_at: null },
        { conversation_id: id, user_id: body.interlocutor, last_read_at: null },
      ])
      .execute();
    return { conversationId: id, messageId: await insertMessage(trx, id, auth.userId, body.message) };
  });
  const message = await readMessage(ctx.db, messageId);
  await announceMessage(ctx, auth, { id: conversationId, subject: body.subject }, message, true);
  return conversationId;
}

/** POST /conversations/{id}/messages: only a participant writes (with conversations.create_message). */
export async function addMessage(
  ctx: AppContext,
  auth: Auth,
  conversationId: number,
  text: string,
): Promise<ConversationMessage> {
  const conversation = await visibleConversation(ctx.db, auth, conversationId);
  if (!conversation.isParticipant || !hasPermission(auth.role.permissions, 'conversations.create_message')) {
    throw prohibited();
  }
  const messageId = await ctx.db.transaction().execute((trx) => insertMessage(trx, conversationId, auth.userId, text));
  const message = await readMessage(ctx.db, messageId);
  const row = await ctx.db
    .selectFrom('conversations')
    .select('subject')
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow();
  await announceMessage(ctx, auth, { id: conversationId, subject: row.subject }, message, false);
  return message;
}

/** Deletes conversations already known to be visible; their messages go with them. */
export async function deleteConversations(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('conversations').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
