import { randomBytes } from 'node:crypto';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { GUEST_ACCESS } from '../../../src/contract/constants';
import type { GuestKey, GuestKeyStatus } from '../../../src/contract/entities/guest-key';
import type {
  GuestIdentifierCreate,
  GuestIdentifierPatch,
  IdentifierType,
} from '../../../src/contract/entities/identifier';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Filter } from '../../../src/contract/filters';
import { hasPermission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import { credentialRefusal } from '../access/decide/decide';
import { toCredential } from '../access/decide/load';
import { scopedAvailableRules } from '../access/rules/access-rules';
import type { Auth } from '../auth/auth-context';
import { DomainError, invalidData, wrongParameters } from '../errors';
import { createIdentifier, updateIdentifier } from '../identifiers/identifier-writes';
import { checkGuestLimits, guestLimits, type KeyBounds } from './limits';

/**
 * Guest keys (doc 1 §3 "Guest key"; 7.5): guest identifiers with a `key_uid`. Granting goes
 * through the identifiers' writers with the guest rules on top: at least one access rule, every
 * one of them among the rules the granter may hand on (the available set, not merely the rules
 * they see), the granter's group limits, a value made when none is given, and a new key_uid.
 */

/** Types a guest key may have: a face needs face_id for guests and a UKEY2 is a licensed device key. */
const GUEST_KEY_TYPES: readonly IdentifierType[] = ['qr', 'code', 'card', 'plate', 'url', 'ukey'];

/** A new key's page token: 16 random bytes, 22 URL-safe characters. */
export const newKeyUid = () => randomBytes(16).toString('base64url');
/** A QR value made for a key granted without one: what the door's reader scans. */
const newKeyValue = () => `GK-${randomBytes(12).toString('hex').toUpperCase()}`;

/** The ids of the rules the caller may hand on (GET /access-rules/available/items). */
export async function availableRuleIds(db: Kysely<Database>, auth: Auth): Promise<Set<number>> {
  const rows = await scopedAvailableRules(db, auth).select('r.id').execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Scope, in SQL: the guest keys the caller granted; every guest key of the project with identifiers.view_all. */
export function scopedGuestKeys(db: Kysely<Database>, auth: Auth) {
  const q = db
    .selectFrom('identifiers as i')
    .where('i.project_id', '=', auth.projectId)
    .where('i.owner_type', '=', 'guest')
    .where('i.key_uid', 'is not', null);
  return hasPermission(auth.role.permissions, 'identifiers.view_all')
    ? q
    : q.where('i.created_by_user_id', '=', auth.userId);
}

export const GUEST_KEY_COLUMNS = { id: 'i.id', name: 'i.name', value: 'i.value', created_at: 'i.created_at' } as const;

export const GUEST_KEY_CONDITIONS = {
  revoked: (f: Filter): Expression<SqlBool> => {
    const yes = f.value === true || f.value === 'true' || f.value === 1;
    const no = f.value === false || f.value === 'false' || f.value === 0;
    if (f.rule !== 'equals' || (!yes && !no)) throw wrongParameters({ filters: { code: 'invalid' } });
    return yes ? sql<SqlBool>`i.revoked_at is not null` : sql<SqlBool>`i.revoked_at is null`;
  },
};

export function selectGuestKeys(q: ReturnType<typeof scopedGuestKeys>) {
  return q
    .leftJoin('users as author', 'author.id', 'i.created_by_user_id')
    .selectAll('i')
    .select('author.name as author_name');
}
export type GuestKeyRow = RowOf<ReturnType<typeof selectGuestKeys>>;

/** A key's state at `now`, by the evaluator's own rule (credentialRefusal). */
export function keyStatus(row: Parameters<typeof toCredential>[0], now: Date): GuestKeyStatus {
  const refusal = credentialRefusal(toCredential(row), now);
  if (refusal === null) return 'valid';
  if (refusal === 'revoked' || refusal === 'inactive' || refusal === 'not_yet_valid' || refusal === 'expired') {
    return refusal;
  }
  return 'pass_limit';
}

const flag = (x: unknown) => x === 1 || x === true || x === '1';

/** Rows → the granter's items, with every rule of each key (one query). */
export async function toGuestKeys(db: Kysely<Database>, rows: GuestKeyRow[], now: Date): Promise<GuestKey[]> {
  const ids = rows.map((r) => Number(r.id));
  const rules =
    ids.length === 0
      ? []
      : await db
          .selectFrom('access_rule_identifiers as ari')
          .innerJoin('access_rules as r', 'r.id', 'ari.access_rule_id')
          .select(['ari.identifier_id', 'r.id', 'r.name'])
          .where('ari.identifier_id', 'in', ids)
          .orderBy('r.name')
          .orderBy('r.id')
          .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    type: r.type as IdentifierType,
    value: r.value,
    guest_type: r.guest_type,
    key_uid: r.key_uid ?? '',
    key_message: r.key_message,
    is_active: flag(r.is_active),
    period_restrict: { active: flag(r.period_active), from: r.period_from, to: r.period_to },
    passes_restrict: {
      active: flag(r.passes_active),
      max_count: r.passes_max_count === null ? null : Number(r.passes_max_count),
      passes_count: Number(r.passes_count),
    },
    access_rules: rules
      .filter((x) => Number(x.identifier_id) === Number(r.id))
      .map((x) => ({ id: Number(x.id), name: x.name })),
    status: keyStatus(r as never, now),
    revoked_at: r.revoked_at,
    created_at: r.created_at,
    created_by_user:
      r.created_by_user_id === null ? null : { id: Number(r.created_by_user_id), name: r.author_name ?? '' },
  }));
}

function assertGuestType(type: IdentifierType | undefined) {
  if (type !== undefined && !GUEST_KEY_TYPES.includes(type)) throw invalidData({ type: { code: 'invalid' } });
}

function assertSomeRule(rules: readonly number[] | undefined) {
  if (rules !== undefined && rules.length === 0) throw invalidData({ access_rules: { code: 'access_rule_required' } });
}

/** PUT /identifiers/guest: grants a key; answers its id. */
export async function grantGuestKey(db: Kysely<Database>, auth: Auth, body: GuestIdentifierCreate): Promise<number> {
  assertGuestType(body.type);
  assertSomeRule(body.access_rules);
  const linkable = await availableRuleIds(db, auth);
  checkGuestLimits(await guestLimits(db, auth), {
    period: { active: body.period_restrict.active, from: body.period_restrict.from, to: body.period_restrict.to },
    passes: { active: body.passes_restrict.active, max_count: body.passes_restrict.max_count },
  });
  const { key_message, ...identifier } = body;
  const value = identifier.value?.trim() ? identifier.value : body.type === 'qr' ? newKeyValue() : identifier.value;
  return createIdentifier(
    db,
    auth,
    {
      ...identifier,
      value,
      owner_type: 'guest',
      owner_id: null,
      guest_type: identifier.guest_type ?? GUEST_ACCESS.guestType,
      is_profile_identifier: false,
    },
    { message: ERROR_CODES.guestIdentifierExists, linkable, extra: { key_uid: newKeyUid(), key_message } },
  );
}

/** PATCH /identifiers/guest/{id}: the same rules on what changes; a key without a key_uid gets one. */
export async function editGuestKey(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: GuestIdentifierPatch,
): Promise<void> {
  const row = await db.selectFrom('identifiers').selectAll().where('id', '=', id).executeTakeFirst();
  if (row?.owner_type !== 'guest') throw new DomainError('not_found', { message: ERROR_CODES.identifierNotFound });
  assertGuestType(body.type);
  assertSomeRule(body.access_rules);
  if (body.period_restrict !== undefined || body.passes_restrict !== undefined) {
    const bounds: KeyBounds = {
      period: body.period_restrict
        ? { active: body.period_restrict.active, from: body.period_restrict.from, to: body.period_restrict.to }
        : { active: flag(row.period_active), from: row.period_from, to: row.period_to },
      passes: body.passes_restrict
        ? { active: body.passes_restrict.active, max_count: body.passes_restrict.max_count }
        : {
            active: flag(row.passes_active),
            max_count: row.passes_max_count === null ? null : Number(row.passes_max_count),
          },
    };
    checkGuestLimits(await guestLimits(db, auth), bounds);
  }
  const linkable = body.access_rules === undefined ? undefined : await availableRuleIds(db, auth);
  const { key_message, ...identifier } = body;
  const extra: { key_uid?: string; key_message?: string | null } = {};
  if (key_message !== undefined) extra.key_message = key_message;
  if (row.key_uid === null) extra.key_uid = newKeyUid();
  await updateIdentifier(
    db,
    auth,
    id,
    { ...identifier, owner_id: undefined, is_profile_identifier: undefined },
    {
      guest: true,
      message: ERROR_CODES.guestIdentifierExists,
      linkable,
      extra,
    },
  );
}
