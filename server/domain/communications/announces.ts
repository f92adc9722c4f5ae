import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type * as v from 'valibot';
import {
  type Announce,
  type AnnounceCreate,
  type AnnouncePatch,
  type AnnounceTypeInfo,
  AnnounceTypeInfoSchema,
  announceRuleErrors,
} from '../../../src/contract/entities/announce';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import { readJson } from '../../db/json';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, prohibited, refused } from '../errors';

/**
 * Announcements (6.2 Announces): announces.view_all sees every announce of the
 * project; announces.view sees the ones the caller created (6.1) and the ones
 * delivered to the caller. Changing, deleting, starting and stopping needs the
 * permission and, without view_all, authorship. Only a new announce is edited.
 */
const can = (auth: Auth, p: Parameters<typeof hasPermission>[1]) => hasPermission(auth.role.permissions, p);

export function scopedAnnounces(db: Kysely<Database>, auth: Auth) {
  let q = db.selectFrom('announces as a').where('a.project_id', '=', auth.projectId);
  if (!can(auth, 'announces.view_all')) {
    q = q.where(
      sql<SqlBool>`(a.created_by_user_id = ${auth.userId} or exists (select 1 from announce_recipients mine
        where mine.announce_id = a.id and mine.user_id = ${auth.userId}))`,
    );
  }
  return q;
}

export const ANNOUNCE_COLUMNS = {
  id: 'a.id',
  name: 'a.name',
  subject: 'a.subject',
  type: 'a.type',
  status: 'a.status',
  send_via: 'a.send_via',
  execute_at: 'a.execute_at',
  started_at: 'a.started_at',
  created_at: 'a.created_at',
} as const;

/** Relation filters: sent to one of these users / groups (`has`), or to any / none (`is`). */
export const announceRelations = {
  users: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    const linked = sql`select 1 from announce_users fu where fu.announce_id = a.id`;
    if (rule === 'has') return sql<SqlBool>`exists (${linked} and fu.user_id in (${sql.join(ids as number[])}))`;
    return ids === 'null' ? sql<SqlBool>`not exists (${linked})` : sql<SqlBool>`exists (${linked})`;
  },
  domains: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    const linked = sql`select 1 from announce_domains fd where fd.announce_id = a.id`;
    if (rule === 'has') return sql<SqlBool>`exists (${linked} and fd.domain_id in (${sql.join(ids as number[])}))`;
    return ids === 'null' ? sql<SqlBool>`not exists (${linked})` : sql<SqlBool>`exists (${linked})`;
  },
};

export function selectAnnounces(q: ReturnType<typeof scopedAnnounces>, auth: Auth) {
  return q
    .leftJoin('users as author', 'author.id', 'a.created_by_user_id')
    .selectAll('a')
    .select([
      'author.name as author_name',
      sql<string | null>`(select mt.token from announce_recipients mt
        where mt.announce_id = a.id and mt.user_id = ${auth.userId})`.as('my_token'),
      sql<number>`(select count(*) from announce_recipients rc where rc.announce_id = a.id)`.as('recipients_count'),
      sql<number>`(select count(*) from announce_recipients rs where rs.announce_id = a.id
        and rs.answered_at is not null)`.as('responses_count'),
    ]);
}

/** One row as selectAnnounces reads it. */
export type AnnounceRow = RowOf<ReturnType<typeof selectAnnounces>>;

const EMPTY_TYPE_INFO: AnnounceTypeInfo = {
  questions: [],
  poll_multi_answers_allowed: false,
  poll_user_answer_allowed: false,
};
export const typeInfoOf = (text: string | null): AnnounceTypeInfo =>
  readJson(text, AnnounceTypeInfoSchema as v.GenericSchema<unknown, AnnounceTypeInfo>, EMPTY_TYPE_INFO);

/**
 * Rows as contract items; users and groups in one query each. A caller who only
 * received the announce (neither its author nor holding view_all) is not told who
 * else it went to.
 */
export async function toAnnounces(db: Kysely<Database>, auth: Auth, rows: AnnounceRow[]): Promise<Announce[]> {
  const seesAll = can(auth, 'announces.view_all');
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const users = await db
    .selectFrom('announce_users as au')
    .innerJoin('users as u', 'u.id', 'au.user_id')
    .select(['au.announce_id', 'u.id', 'u.name'])
    .where('au.announce_id', 'in', ids)
    .orderBy('u.name')
    .execute();
  const domains = await db
    .selectFrom('announce_domains as ad')
    .innerJoin('domains as d', 'd.id', 'ad.domain_id')
    .select(['ad.announce_id', 'd.id', 'd.name'])
    .where('ad.announce_id', 'in', ids)
    .orderBy('d.lft')
    .execute();
  const refs = (list: { announce_id: number; id: number; name: string }[], id: number) =>
    list.filter((x) => Number(x.announce_id) === id).map((x) => ({ id: Number(x.id), name: x.name }));
  return rows.map((r) => {
    const id = Number(r.id);
    const mayKnowRecipients = seesAll || Number(r.created_by_user_id) === auth.userId;
    return {
      id,
      name: String(r.name),
      description: (r.description as string | null) ?? null,
      subject: String(r.subject),
      type: r.type as Announce['type'],
      status: r.status as Announce['status'],
      type_info: typeInfoOf(r.type_info as string),
      send_via: r.send_via as Announce['send_via'],
      body: String(r.body),
      use_owner_info: Number(r.use_owner_info) === 1,
      users: mayKnowRecipients ? refs(users, id) : [],
      domains: mayKnowRecipients ? refs(domains, id) : [],
      execute_at: (r.execute_at as string | null) ?? null,
      started_at: (r.started_at as string | null) ?? null,
      stopped_at: (r.stopped_at as string | null) ?? null,
      recipients_count: Number(r.recipients_count ?? 0),
      responses_count: Number(r.responses_count ?? 0),
      token: (r.my_token as string | null) ?? null,
      created_by: r.created_by_user_id ? { id: Number(r.created_by_user_id), name: String(r.author_name ?? '') } : null,
      created_at: String(r.created_at),
      updated_at: String(r.updated_at),
    };
  });
}

/** Without view_all only the author changes, deletes, starts or stops an announce. */
export async function assertManageable(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<void> {
  if (can(auth, 'announces.view_all') || ids.length === 0) return;
  const foreign = await db
    .selectFrom('announces')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('created_by_user_id', 'is', null), eb('created_by_user_id', '<>', auth.userId)]))
    .executeTakeFirst();
  if (foreign) throw prohibited();
}

/** Users and groups must be of the project (else `invalid related entity sent` names them). */
async function assertRelated(db: Kysely<Database>, auth: Auth, users: number[], domains: number[]) {
  const entities: string[] = [];
  if (users.length > 0) {
    const found = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('project_id', '=', auth.projectId)
      .where('user_id', 'in', users)
      .execute();
    if (found.length !== new Set(users).size) entities.push('users');
  }
  if (domains.length > 0) {
    const found = await db
      .selectFrom('domains')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('id', 'in', domains)
      .execute();
    if (found.length !== new Set(domains).size) entities.push('domains');
  }
  if (entities.length > 0) throw invalidRelated(entities);
}

/** Scheduling is sending later: it needs announces.send. */
function assertMaySchedule(auth: Auth, executeAt: string | null | undefined) {
  if (executeAt && !can(auth, 'announces.send')) throw prohibited();
}

const isoOrNull = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

async function writeLinks(db: Kysely<Database>, id: number, users?: number[], domains?: number[]) {
  if (users) {
    await db.deleteFrom('announce_users').where('announce_id', '=', id).execute();
    const unique = [...new Set(users)];
    if (unique.length > 0)
      await db
        .insertInto('announce_users')
        .values(unique.map((user_id) => ({ announce_id: id, user_id })))
        .execute();
  }
  if (domains) {
    await db.deleteFrom('announce_domains').where('announce_id', '=', id).execute();
    const unique = [...new Set(domains)];
    if (unique.length > 0)
      await db
        .insertInto('announce_domains')
        .values(unique.map((domain_id) => ({ announce_id: id, domain_id })))
        .execute();
  }
}

export async function createAnnounce(db: Kysely<Database>, auth: Auth, body: AnnounceCreate): Promise<number> {
  assertMaySchedule(auth, body.execute_at);
  await assertRelated(db, auth, body.users, body.domains);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('announces')
      .values({
        project_id: auth.projectId,
        name: body.name,
        description: body.description ?? null,
        subject: body.subject,
        type: body.type,
        status: 'new',
        type_info: JSON.stringify(body.type === 'poll' ? body.type_info : EMPTY_TYPE_INFO),
        send_via: body.send_via,
        body: body.body,
        use_owner_info: body.use_owner_info ? 1 : 0,
        execute_at: isoOrNull(body.execute_at),
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, id, body.users, body.domains);
    return id;
  });
}

/** PATCH: only a new announce changes; section 5 is checked on the merged announce. */
export async function updateAnnounce(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: AnnouncePatch,
  current: Announce,
): Promise<void> {
  await assertManageable(db, auth, [id]);
  if (current.status !== 'new') throw refused(ERROR_CODES.cannotPerformAction);
  assertMaySchedule(auth, body.execute_at);
  const merged = {
    type: body.type ?? current.type,
    users: body.users ?? current.users.map((u) => u.id),
    domains: body.domains ?? current.domains.map((d) => d.id),
    type_info: { ...current.type_info, ...body.type_info },
  };
  const errors = announceRuleErrors(merged);
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  await assertRelated(db, auth, body.users ?? [], body.domains ?? []);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('announces')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.subject !== undefined ? { subject: body.subject } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.type_info !== undefined || body.type !== undefined
          ? { type_info: JSON.stringify(merged.type === 'poll' ? merged.type_info : EMPTY_TYPE_INFO) }
          : {}),
        ...(body.send_via !== undefined ? { send_via: body.send_via } : {}),
        ...(body.body !== undefined ? { body: body.body } : {}),
        ...(body.use_owner_info !== undefined ? { use_owner_info: body.use_owner_info ? 1 : 0 } : {}),
        ...(body.execute_at !== undefined ? { execute_at: isoOrNull(body.execute_at) } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, body.users, body.domains);
  });
}

export async function deleteAnnounces(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number> {
  await assertManageable(db, auth, ids);
  const result = await db.deleteFrom('announces').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
