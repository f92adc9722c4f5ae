import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import type {
  AnnounceByToken,
  AnnounceResponse,
  AnnounceResponseCreate,
} from '../../../src/contract/entities/announce';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, itemNotFound, refused } from '../errors';
import { typeInfoOf } from './announces';

/**
 * The recipient's side of an announce (/announce/:token) and the responses
 * list (/announces/response). A token is only good for the user it was
 * delivered to, in the project it belongs to: anyone else is told it does not
 * exist.
 */
const AnswersSchema = v.array(v.number());
const answersOf = (text: string | null) => readJson(text, AnswersSchema, [] as number[]);

async function recipientByToken(db: Kysely<Database>, auth: Auth, token: string) {
  const row = await db
    .selectFrom('announce_recipients as r')
    .innerJoin('announces as a', 'a.id', 'r.announce_id')
    .leftJoin('users as author', 'author.id', 'a.created_by_user_id')
    .select([
      'r.id as recipient_id',
      'r.token',
      'r.viewed_at',
      'r.answers',
      'r.custom_answer',
      'r.answered_at',
      'a.name',
      'a.subject',
      'a.body',
      'a.type',
      'a.status',
      'a.type_info',
      'a.use_owner_info',
      'a.started_at',
      'author.name as author_name',
      'author.email as author_email',
    ])
    .where('r.token', '=', token)
    .where('r.user_id', '=', auth.userId)
    .where('a.project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  return row;
}

type RecipientRow = Awaited<ReturnType<typeof recipientByToken>>;

function toByToken(row: RecipientRow): AnnounceByToken {
  return {
    token: row.token,
    name: row.name,
    subject: row.subject,
    body: row.body,
    type: row.type as AnnounceByToken['type'],
    status: row.status as AnnounceByToken['status'],
    type_info: typeInfoOf(row.type_info),
    owner:
      row.use_owner_info === 1 && row.author_name ? { name: row.author_name, email: row.author_email ?? null } : null,
    started_at: row.started_at,
    response: row.answered_at
      ? { answers: answersOf(row.answers), custom_answer: row.custom_answer, answered_at: row.answered_at }
      : null,
  };
}

/** GET /announces/items/token/{token}: the first read marks the announce viewed. */
export async function readByToken(db: Kysely<Database>, auth: Auth, token: string): Promise<AnnounceByToken> {
  const row = await recipientByToken(db, auth, token);
  if (!row.viewed_at) {
    await db
      .updateTable('announce_recipients')
      .set({ viewed_at: nowIso() })
      .where('id', '=', row.recipient_id)
      .execute();
  }
  return toByToken(row);
}

/**
 * POST /announces/response: the recipient's answer to a started poll (again
 * while it runs, to change it). Options by index; one unless multiple answers
 * are allowed; a custom answer only where allowed; section 5: answers or a
 * custom response.
 */
export async function answerPoll(
  db: Kysely<Database>,
  auth: Auth,
  body: AnnounceResponseCreate,
): Promise<AnnounceByToken> {
  const row = await recipientByToken(db, auth, body.token);
  if (row.type !== 'poll' || row.status !== 'started') {
    throw refused(ERROR_CODES.cannotPerformAction);
  }
  const info = typeInfoOf(row.type_info);
  const answers = [...new Set(body.answers)].sort((x, y) => x - y);
  const custom = body.custom_answer?.trim() ? body.custom_answer.trim() : null;
  const errors: Record<string, { code: string }> = {};
  if (answers.some((a) => a >= info.questions.length)) errors.answers = { code: 'invalid' };
  else if (answers.length > 1 && !info.poll_multi_answers_allowed) errors.answers = { code: 'invalid' };
  if (custom && !info.poll_user_answer_allowed) errors.custom_answer = { code: 'invalid' };
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  await db
    .updateTable('announce_recipients')
    .set({ answers: JSON.stringify(answers), custom_answer: custom, answered_at: nowIso() })
    .where('id', '=', row.recipient_id)
    .execute();
  return toByToken(await recipientByToken(db, auth, body.token));
}

/**
 * Answered responses the caller may read: all of the project with
 * announces.view_all; otherwise those to the caller's own announces and the
 * caller's own answers.
 */
export function scopedResponses(db: Kysely<Database>, auth: Auth) {
  let q = db
    .selectFrom('announce_recipients as r')
    .innerJoin('announces as a', 'a.id', 'r.announce_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('a.project_id', '=', auth.projectId)
    .where('r.answered_at', 'is not', null);
  if (!hasPermission(auth.role.permissions, 'announces.view_all')) {
    q = q.where(sql<SqlBool>`(a.created_by_user_id = ${auth.userId} or r.user_id = ${auth.userId})`);
  }
  return q;
}

export const RESPONSE_COLUMNS = {
  id: 'r.id',
  answered_at: 'r.answered_at',
  announce_name: 'a.name',
  user_name: 'u.name',
  custom_answer: 'r.custom_answer',
} as const;

export const responseRelations = {
  announce: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has' ? sql<SqlBool>`r.announce_id in (${sql.join(ids as number[])})` : sql<SqlBool>`1 = 1`,
  user: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> =>
    rule === 'has' ? sql<SqlBool>`r.user_id in (${sql.join(ids as number[])})` : sql<SqlBool>`1 = 1`,
};

export function selectResponses(q: ReturnType<typeof scopedResponses>) {
  return q.select([
    'r.id',
    'r.answers',
    'r.custom_answer',
    'r.answered_at',
    'a.id as announce_id',
    'a.name as announce_name',
    'a.type_info',
    'u.id as user_id',
    'u.name as user_name',
    'u.email as user_email',
  ]);
}

/** One row as selectResponses reads it. */
export type ResponseRow = RowOf<ReturnType<typeof selectResponses>>;

export function toResponse(row: ResponseRow): AnnounceResponse {
  const answers = answersOf(row.answers as string | null);
  const questions = typeInfoOf(row.type_info as string).questions;
  return {
    id: Number(row.id),
    announce: { id: Number(row.announce_id), name: String(row.announce_name) },
    user: { id: Number(row.user_id), name: String(row.user_name), email: (row.user_email as string | null) ?? null },
    answers,
    answer_texts: answers.map((i) => questions[i] ?? `#${i + 1}`),
    custom_answer: (row.custom_answer as string | null) ?? null,
    answered_at: String(row.answered_at),
  };
}
