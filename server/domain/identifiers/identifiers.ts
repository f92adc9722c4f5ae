import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { type Identifier, type IdentifierType, identifierHex } from '../../../src/contract/entities/identifier';
import type { Filter } from '../../../src/contract/filters';
import { hasPermission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { wrongParameters } from '../errors';

/**
 * Identifiers (section 3, 6.2). Scope, in SQL: identifiers.view_all → every identifier of the
 * project; otherwise the caller's own (owner_id) and the ones they created (6.1 default rule).
 * Edits, deletes, revokes, exports reach the same rows.
 */
export const viewsAllIdentifiers = (auth: Auth) => hasPermission(auth.role.permissions, 'identifiers.view_all');

export function identifierScope(auth: Auth, alias: string): Expression<SqlBool> | null {
  if (viewsAllIdentifiers(auth)) return null;
  return sql<SqlBool>`(${sql.ref(`${alias}.owner_id`)} = ${auth.userId} or ${sql.ref(`${alias}.created_by_user_id`)} = ${auth.userId})`;
}

export function scopedIdentifiers(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('identifiers as i').where('i.project_id', '=', auth.projectId);
  const scope = identifierScope(auth, 'i');
  return scope ? q.where(scope) : q;
}

export const IDENTIFIER_COLUMNS = {
  id: 'i.id',
  name: 'i.name',
  type: 'i.type',
  value: 'i.value',
  owner_type: 'i.owner_type',
  is_active: 'i.is_active',
  created_at: 'i.created_at',
} as const;

const idsIn = (ids: number[]) => sql.join(ids);
export const IDENTIFIER_RELATIONS = {
  owner: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`i.owner_id in (${idsIn(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`i.owner_id is null` : sql<SqlBool>`i.owner_id is not null`;
  },
  access_rules: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') {
      return sql<SqlBool>`exists (select 1 from access_rule_identifiers ari where ari.identifier_id = i.id
        and ari.access_rule_id in (${idsIn(ids as number[])}))`;
    }
    const any = sql<SqlBool>`exists (select 1 from access_rule_identifiers ari where ari.identifier_id = i.id)`;
    return ids === 'null' ? sql<SqlBool>`not ${any}` : any;
  },
};

/** `revoked` = true / false: revoked_at set or not. */
export const IDENTIFIER_CONDITIONS = {
  revoked: (f: Filter): Expression<SqlBool> => {
    const yes = f.value === true || f.value === 'true' || f.value === 1;
    const no = f.value === false || f.value === 'false' || f.value === 0;
    if (f.rule !== 'equals' || (!yes && !no)) throw wrongParameters({ filters: { code: 'invalid' } });
    return yes ? sql<SqlBool>`i.revoked_at is not null` : sql<SqlBool>`i.revoked_at is null`;
  },
};

export function selectIdentifiers(q: ReturnType<typeof scopedIdentifiers>) {
  return q
    .leftJoin('users as owner', 'owner.id', 'i.owner_id')
    .leftJoin('users as author', 'author.id', 'i.created_by_user_id')
    .selectAll('i')
    .select(['owner.name as owner_name', 'author.name as author_name']);
}
export type IdentifierRow = RowOf<ReturnType<typeof selectIdentifiers>>;

/**
 * The access rules the caller may see, in SQL (alias `r`): access_rules.view_all → every rule
 * of the project; otherwise the ones they created and the shareable ones (the rules area owns
 * the full scope; docs/decisions.md, Access management — Identifiers).
 */
export function accessRuleScope(auth: Auth): Expression<SqlBool> {
  if (hasPermission(auth.role.permissions, 'access_rules.view_all')) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(r.created_by_user_id = ${auth.userId} or r.is_shareable = 1)`;
}

const flag = (x: unknown) => x === 1 || x === true || x === '1';
export const PHOTO_URL_PREFIX = '/api/v0/uploads/identifiers/';

/** Rows → items, with the access rules naming them that the caller may see (one query). */
export async function toIdentifiers(db: Kysely<Database>, auth: Auth, rows: IdentifierRow[]): Promise<Identifier[]> {
  const ids = rows.map((r) => Number(r.id));
  const rules =
    ids.length === 0
      ? []
      : await db
          .selectFrom('access_rule_identifiers as ari')
          .innerJoin('access_rules as r', 'r.id', 'ari.access_rule_id')
          .select(['ari.identifier_id', 'r.id', 'r.name'])
          .where('ari.identifier_id', 'in', ids)
          .where('r.project_id', '=', auth.projectId)
          .where(accessRuleScope(auth))
          .orderBy('r.name')
          .orderBy('r.id')
          .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description,
    is_active: flag(r.is_active),
    type: r.type as IdentifierType,
    value: r.value,
    value_hex: identifierHex(r.type, r.value),
    owner_type: r.owner_type === 'guest' ? 'guest' : 'owner',
    owner_id: r.owner_id === null ? null : Number(r.owner_id),
    owner: r.owner_id === null ? null : { id: Number(r.owner_id), name: r.owner_name ?? '' },
    guest_type: r.guest_type,
    period_restrict: { active: flag(r.period_active), from: r.period_from, to: r.period_to },
    passes_restrict: {
      active: flag(r.passes_active),
      max_count: r.passes_max_count === null ? null : Number(r.passes_max_count),
      passes_count: Number(r.passes_count),
    },
    access_rules: rules
      .filter((x) => Number(x.identifier_id) === Number(r.id))
      .map((x) => ({ id: Number(x.id), name: x.name })),
    is_profile_identifier: flag(r.is_profile_identifier),
    revoked: r.revoked_at !== null,
    revoked_at: r.revoked_at,
    photo_url: r.photo_path ? `${PHOTO_URL_PREFIX}${r.photo_path}` : null,
    created_at: r.created_at,
    created_by_user:
      r.created_by_user_id === null ? null : { id: Number(r.created_by_user_id), name: r.author_name ?? '' },
  }));
}
