import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { COMMUNICATIONS } from '../../../src/contract/constants';
import type {
  Conversation,
  ConversationMessage,
  ConversationUser,
  MessagePage,
} from '../../../src/contract/entities/conversation';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { itemNotFound } from '../errors';
import { participates, scopedConversations } from './conversation-scopes';

/** Reads of conversations: list rows, participants, last messages and message pages. */

export const CONVERSATION_COLUMNS = {
  id: 'c.id',
  subject: 'c.subject',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  unread: 'unread',
} as const;

/** The `participants` relation filter: one of these users takes part (`has`). */
export function participantsCondition(rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> {
  const members = sql`select 1 from conversation_participants fp where fp.conversation_id = c.id`;
  if (rule === 'has') return sql<SqlBool>`exists (${members} and fp.user_id in (${sql.join(ids as number[])}))`;
  return ids === 'null' ? sql<SqlBool>`not exists (${members})` : sql<SqlBool>`exists (${members})`;
}

/** Messages of others after the caller's last read (0 when the caller does not take part). */
function unreadCount(auth: Auth) {
  return sql<number>`(select count(*) from conversation_messages um
    inner join conversation_participants up on up.conversation_id = um.conversation_id and up.user_id = ${auth.userId}
    where um.conversation_id = c.id and (um.user_id is null or um.user_id <> ${auth.userId})
      and (up.last_read_at is null or um.created_at > up.last_read_at))`;
}

/** Adds the conversation's columns, its author, the caller's unread count and participation. */
export function selectConversations(q: ReturnType<typeof scopedConversations>, auth: Auth) {
  return q
    .leftJoin('users as author', 'author.id', 'c.created_by_user_id')
    .select([
      'c.id',
      'c.subject',
      'c.created_at',
      'c.updated_at',
      'c.created_by_user_id',
      'author.name as author_name',
      unreadCount(auth).as('unread'),
      sql<number>`case when ${participates(auth)} then 1 else 0 end`.as('is_participant'),
    ]);
}

/** One row of a conversations list. */
export type ConversationRow = RowOf<ReturnType<typeof selectConversations>>;

const userOf = (id: unknown, name: unknown, avatar: unknown): ConversationUser | null =>
  id === null || id === undefined
    ? null
    : { id: Number(id), name: String(name), avatar_url: (avatar as string | null) ?? null };

/** A message row joined with its author (messagesQuery). */
export interface MessageRow {
  id: number;
  conversation_id: number;
  body: string;
  created_at: string;
  author_id: number | null;
  author_name: string | null;
  author_avatar: string | null;
}

export function toMessage(row: MessageRow): ConversationMessage {
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    author: userOf(row.author_id, row.author_name, row.author_avatar),
    body: String(row.body),
    created_at: String(row.created_at),
  };
}

function messagesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('conversation_messages as m')
    .leftJoin('users as mu', 'mu.id', 'm.user_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.body',
      'm.created_at',
      'mu.id as author_id',
      'mu.name as author_name',
      'mu.avatar_url as author_avatar',
    ]);
}

/** Rows of the list as contract items: participants and last messages in one query each. */
export async function toConversations(
  db: Kysely<Database>,
  auth: Auth,
  rows: ConversationRow[],
): Promise<Conversation[]> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const people = await db
    .selectFrom('conversation_participants as p')
    .innerJoin('users as pu', 'pu.id', 'p.user_id')
    .select(['p.conversation_id', 'pu.id', 'pu.name', 'pu.avatar_url'])
    .where('p.conversation_id', 'in', ids)
    .orderBy('pu.name')
    .execute();
  const last = await messagesQuery(db)
    .where('m.conversation_id', 'in', ids)
    .where(
      'm.created_at',
      '=',
      sql<string>`(select max(lm.created_at) from conversation_messages lm where lm.conversation_id = m.conversation_id)`,
    )
    .execute();
  const lastOf = new Map(last.map((m) => [Number(m.conversation_id), toMessage(m)]));
  return rows.map((row) => {
    const id = Number(row.id);
    const participants = people
      .filter((p) => Number(p.conversation_id) === id)
      .map((p) => userOf(p.id, p.name, p.avatar_url) as ConversationUser);
    const isParticipant = Number(row.is_participant) === 1;
    // A participant talks to the other one; an observer sees whom the creator wrote to.
    const self = isParticipant ? auth.userId : Number(row.created_by_user_id ?? 0);
    return {
      id,
      subject: String(row.subject),
      interlocutor: participants.find((p) => p.id !== self) ?? null,
      participants,
      message: lastOf.get(id) ?? null,
      unread: Number(row.unread ?? 0),
      is_participant: isParticipant,
      created_at: String(row.created_at),
      updated_at: String(row.updated_at),
      created_by_user: row.created_by_user_id
        ? { id: Number(row.created_by_user_id), name: String(row.author_name ?? '') }
        : null,
    };
  });
}

/** The conversation if the caller may read it (404 otherwise), with whether the caller takes part. */
export async function visibleConversation(db: Kysely<Database>, auth: Auth, id: number) {
  const row = await scopedConversations(db, auth)
    .select(['c.id', sql<number>`case when ${participates(auth)} then 1 else 0 end`.as('is_participant')])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  return { id: Number(row.id), isParticipant: Number(row.is_participant) === 1 };
}

/**
 * The newest page of messages, or the page just before `before` (ISO), oldest
 * first. One extra row tells whether older messages exist.
 */
export async function readMessages(
  db: Kysely<Database>,
  conversationId: number,
  before: string | null,
): Promise<MessagePage> {
  let q = messagesQuery(db).where('m.conversation_id', '=', conversationId);
  if (before) q = q.where('m.created_at', '<', before);
  const rows = await q
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(COMMUNICATIONS.messagesPage + 1)
    .execute();
  const page = rows.slice(0, COMMUNICATIONS.messagesPage).reverse();
  return { data: page.map(toMessage), meta: { has_more: rows.length > COMMUNICATIONS.messagesPage } };
}

/** Marks everything up to now read for a participant. */
export async function markRead(db: Kysely<Database>, auth: Auth, conversationId: number): Promise<void> {
  const last = await db
    .selectFrom('conversation_messages')
    .select(sql<string | null>`max(created_at)`.as('at'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (!last?.at) return;
  await db
    .updateTable('conversation_participants')
    .set({ last_read_at: last.at })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', auth.userId)
    .execute();
}

/** Reads one message with its author. */
export async function readMessage(db: Kysely<Database>, id: number): Promise<ConversationMessage> {
  return toMessage(await messagesQuery(db).where('m.id', '=', id).executeTakeFirstOrThrow());
}
