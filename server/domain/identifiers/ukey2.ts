import { randomBytes } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { identifierHex } from '../../../src/contract/entities/identifier';
import type { Ukey2, Ukey2Issue } from '../../../src/contract/entities/ukey2';
import type { Filter } from '../../../src/contract/filters';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, wrongParameters } from '../errors';
import { scopedUsers } from '../users/users';
import { isUniqueViolation } from './identifier-writes';

/**
 * UKEY2 (docs/decisions.md "UKEY2"): identifiers of type ukey2, issued by the server to a user
 * (and, where named, one of their mobile clients), never edited, revoked for good, never deleted.
 * Scope, in SQL: the keys of users the caller reaches (the users list's scope), the ones the
 * caller issued, and the caller's own.
 */
export function scopedUkey2(db: Kysely<Database>, auth: Auth) {
  const reached = scopedUsers(db, auth).select('u.id');
  return db
    .selectFrom('identifiers as i')
    .leftJoin('users as owner', 'owner.id', 'i.owner_id')
    .where('i.project_id', '=', auth.projectId)
    .where('i.type', '=', 'ukey2')
    .where((eb) =>
      eb.or([
        eb('i.owner_id', 'in', reached),
        eb('i.created_by_user_id', '=', auth.userId),
        eb('i.owner_id', '=', auth.userId),
      ]),
    );
}

export const UKEY2_COLUMNS = {
  id: 'i.id',
  name: 'i.name',
  value: 'i.value',
  created_at: 'i.created_at',
  owner_name: 'owner.name',
} as const;

export const UKEY2_RELATIONS = {
  owner: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`i.owner_id in (${sql.join(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`i.owner_id is null` : sql<SqlBool>`i.owner_id is not null`;
  },
};

export const UKEY2_CONDITIONS = {
  revoked: (f: Filter): Expression<SqlBool> => {
    const yes = f.value === true || f.value === 'true' || f.value === 1;
    const no = f.value === false || f.value === 'false' || f.value === 0;
    if (f.rule !== 'equals' || (!yes && !no)) throw wrongParameters({ filters: { code: 'invalid' } });
    return yes ? sql<SqlBool>`i.revoked_at is not null` : sql<SqlBool>`i.revoked_at is null`;
  },
};

export function selectUkey2(q: ReturnType<typeof scopedUkey2>) {
  return q
    .leftJoin('users as author', 'author.id', 'i.created_by_user_id')
    .leftJoin('mobile_clients as mc', 'mc.id', 'i.mobile_client_id')
    .select([
      'i.id',
      'i.name',
      'i.value',
      'i.is_active',
      'i.revoked_at',
      'i.created_at',
      'i.owner_id',
      'owner.name as owner_name',
      'i.created_by_user_id',
      'author.name as author_name',
      'mc.id as client_id',
      'mc.platform as client_platform',
      'mc.info as client_info',
    ]);
}
export type Ukey2Row = RowOf<ReturnType<typeof selectUkey2>>;

export function toUkey2s(rows: Ukey2Row[]): Ukey2[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    value: r.value,
    value_hex: identifierHex('ukey2', r.value),
    owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? '' },
    mobile_client:
      r.client_id === null || r.client_id === undefined
        ? null
        : { id: Number(r.client_id), platform: r.client_platform ?? '', info: r.client_info ?? null },
    is_active: Number(r.is_active) === 1,
    revoked: r.revoked_at !== null,
    revoked_at: r.revoked_at,
    created_at: r.created_at,
    created_by_user:
      r.created_by_user_id === null ? null : { id: Number(r.created_by_user_id), name: r.author_name ?? '' },
  }));
}

/** A fresh key number: 64 random bits in decimal (the stored form of chip numbers). */
const freshValue = () => BigInt(`0x${randomBytes(8).toString('hex')}`).toString(10);

/**
 * POST /ukey2/issue: a new key for a user the caller reaches (or themselves), or for one of that
 * user's mobile clients in this project, which must not hold a usable key already (field error
 * `mobile_client_id: not_unique`: revoke that one first). Answers the new identifier's id.
 */
export async function issueUkey2(db: Kysely<Database>, auth: Auth, body: Ukey2Issue): Promise<number> {
  if (body.user_id !== auth.userId) {
    const user = await scopedUsers(db, auth).select('u.id').where('u.id', '=', body.user_id).executeTakeFirst();
    if (!user) throw invalidRelated(['user_id']);
  }
  if (body.mobile_client_id !== null) {
    const client = await db
      .selectFrom('mobile_clients')
      .select('id')
      .where('id', '=', body.mobile_client_id)
      .where('user_id', '=', body.user_id)
      .where('project_id', '=', auth.projectId)
      .executeTakeFirst();
    if (!client) throw invalidRelated(['mobile_client_id']);
    const held = await db
      .selectFrom('identifiers')
      .select('id')
      .where('mobile_client_id', '=', body.mobile_client_id)
      .where('type', '=', 'ukey2')
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (held) throw invalidData({ mobile_client_id: { code: 'not_unique' } });
  }
  // 64 random bits rarely clash; the unique index decides, and a clash draws again.
  for (let attempt = 0; ; attempt++) {
    const value = freshValue();
    try {
      return await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const { id } = await trx
          .insertInto('identifiers')
          .values({
            project_id: auth.projectId,
            name: body.name,
            type: 'ukey2',
            value,
            owner_type: 'owner',
            owner_id: body.user_id,
            mobile_client_id: body.mobile_client_id,
            created_by_user_id: auth.userId,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (body.mobile_client_id !== null) {
          await trx
            .updateTable('mobile_clients')
            .set({ ukey2: value })
            .where('id', '=', body.mobile_client_id)
            .execute();
        }
        return Number(id);
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}
