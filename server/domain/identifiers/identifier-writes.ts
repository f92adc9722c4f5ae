import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type IdentifierCreate,
  type IdentifierFormat,
  type IdentifierPatch,
  type IdentifierType,
  normaliseIdentifierValue,
} from '../../../src/contract/entities/identifier';
import { ERROR_CODES, type ErrorCode, type FieldError } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { conflict, DomainError, invalidData, invalidRelated, refused } from '../errors';
import { scopedUsers } from '../users/users';
import { accessRuleScope } from './identifiers';

/**
 * Writing identifiers (section 3, 5, 8.2). The value is stored in its type's one form
 * (normaliseIdentifierValue), so (project, type, value) is unique by index: a save that
 * loses a race, or repeats a value, gets "duplicate identifier with number and type" on
 * `value` (guest saves: "guest identifier already exists"). The owner is a user the caller
 * reaches (or the caller); access rules must be ones the caller may see, and the rules
 * they cannot see keep their links. Revoking is its own call and is final (§4).
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface IdentifierInput {
  name?: string | null;
  description?: string | null;
  is_active?: boolean;
  type?: IdentifierType;
  value?: string;
  value_format?: IdentifierFormat;
  owner_type?: 'owner' | 'guest';
  owner_id?: number | null;
  guest_type?: string | null;
  period_restrict?: { active: boolean; from: string | null; to: string | null };
  passes_restrict?: { active: boolean; max_count: number | null };
  access_rules?: number[];
  is_profile_identifier?: boolean;
}

const iso = (s: string | null) => (s === null ? null : new Date(s).toISOString());
const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

export const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** The refusal of a value already taken by another identifier of the same type. */
export function duplicateValue(type: string, value: string, message: ErrorCode = ERROR_CODES.duplicateIdentifier) {
  return refused(message, { errors: { value: { code: 'not_unique', params: { type, value } } } });
}

/** Checks a merged input (create or before+patch) and answers the columns it sets. */
async function columnsOf(db: Db, auth: Auth, input: Required<IdentifierInput>, valueSent: boolean) {
  const errors: Record<string, FieldError> = {};
  let value = input.value;
  if (valueSent || value === '') {
    if (input.type === 'face' && value.trim() === '') value = `face-${randomBytes(8).toString('hex')}`;
    const normal = normaliseIdentifierValue(input.type, value, input.value_format);
    if ('error' in normal) errors.value = { code: normal.error };
    else value = normal.value;
  }
  if (input.owner_type === 'owner' && input.owner_id === null) errors.owner_id = { code: 'required' };
  const period = input.period_restrict;
  for (const end of ['from', 'to'] as const) {
    const at = period[end];
    if (at !== null && !Number.isFinite(Date.parse(at))) errors[`period_restrict.${end}`] = { code: 'invalid' };
  }
  if (Object.keys(errors).some((k) => k.startsWith('period_restrict.'))) {
    // Checked before the order: an unreadable date has none.
  } else if (period.active && (period.from === null || period.to === null)) {
    errors[period.from === null ? 'period_restrict.from' : 'period_restrict.to'] = { code: 'required' };
  } else if (period.from !== null && period.to !== null && Date.parse(period.from) >= Date.parse(period.to)) {
    errors['period_restrict.to'] = { code: 'time_order' };
  }
  if (input.passes_restrict.active && input.passes_restrict.max_count === null) {
    errors['passes_restrict.max_count'] = { code: 'required' };
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  if (input.owner_id !== null) await assertOwner(db, auth, input.owner_id);
  return {
    name: input.name,
    description: input.description,
    is_active: bit(input.is_active),
    type: input.type,
    value,
    owner_type: input.owner_type,
    owner_id: input.owner_id,
    guest_type: input.guest_type,
    period_active: bit(period.active),
    period_from: iso(period.from),
    period_to: iso(period.to),
    passes_active: bit(input.passes_restrict.active),
    passes_max_count: input.passes_restrict.max_count,
    is_profile_identifier: bit(input.is_profile_identifier),
  };
}

async function assertOwner(db: Db, auth: Auth, ownerId: number) {
  if (ownerId === auth.userId) return;
  const found = await scopedUsers(db as Kysely<Database>, auth)
    .select('u.id')
    .where('u.id', '=', ownerId)
    .executeTakeFirst();
  if (!found) throw invalidRelated(['owner']);
}

async function assertRules(db: Db, auth: Auth, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .selectFrom('access_rules as r')
    .select('r.id')
    .where('r.project_id', '=', auth.projectId)
    .where('r.id', 'in', unique)
    .where(accessRuleScope(auth))
    .execute();
  if (found.length !== unique.length) throw invalidRelated(['access_rules']);
  return unique;
}

/** Replaces the links to the rules the caller may see; links to rules they cannot see stay. */
async function linkRules(trx: Transaction<Database>, auth: Auth, identifierId: number, ruleIds: number[]) {
  const visible = await trx
    .selectFrom('access_rule_identifiers as ari')
    .innerJoin('access_rules as r', 'r.id', 'ari.access_rule_id')
    .select('r.id')
    .where('ari.identifier_id', '=', identifierId)
    .where(accessRuleScope(auth))
    .execute();
  const drop = visible.map((r) => Number(r.id));
  if (drop.length > 0) {
    await trx
      .deleteFrom('access_rule_identifiers')
      .where('identifier_id', '=', identifierId)
      .where('access_rule_id', 'in', drop)
      .execute();
  }
  if (ruleIds.length > 0) {
    await trx
      .insertInto('access_rule_identifiers')
      .values(ruleIds.map((access_rule_id) => ({ access_rule_id, identifier_id: identifierId })))
      .execute();
  }
}

/** Runs a write and turns a (project, type, value) clash into the catalogue's refusal. */
async function uniquely<T>(type: string, value: string, message: ErrorCode, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateValue(type, value, message);
    throw error;
  }
}

const DEFAULTS: Required<IdentifierInput> = {
  name: null,
  description: null,
  is_active: true,
  type: 'card',
  value: '',
  value_format: 'dec',
  owner_type: 'owner',
  owner_id: null,
  guest_type: null,
  period_restrict: { active: false, from: null, to: null },
  passes_restrict: { active: false, max_count: null },
  access_rules: [],
  is_profile_identifier: false,
};

export async function createIdentifier(
  db: Kysely<Database>,
  auth: Auth,
  body: IdentifierCreate | IdentifierInput,
  message: ErrorCode = ERROR_CODES.duplicateIdentifier,
): Promise<number> {
  const input = { ...DEFAULTS, ...stripUndefined(body) } as Required<IdentifierInput>;
  const columns = await columnsOf(db, auth, input, true);
  const rules = await assertRules(db, auth, input.access_rules);
  return uniquely(columns.type, columns.value, message, () =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      const { id } = await trx
        .insertInto('identifiers')
        .values({
          ...columns,
          project_id: auth.projectId,
          created_by_user_id: auth.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await linkRules(trx, auth, Number(id), rules);
      return Number(id);
    }),
  );
}

const stripUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

/** The stored identifier as an input, for patches to merge into. */
async function currentInput(db: Db, id: number): Promise<Required<IdentifierInput> & { revoked: boolean }> {
  const r = await db.selectFrom('identifiers').selectAll().where('id', '=', id).executeTakeFirst();
  // Deleted between the scope check and here.
  if (!r) throw new DomainError('not_found', { message: ERROR_CODES.identifierNotFound });
  return {
    name: r.name,
    description: r.description,
    is_active: Number(r.is_active) === 1,
    type: r.type as IdentifierType,
    value: r.value,
    value_format: 'dec',
    owner_type: r.owner_type === 'guest' ? 'guest' : 'owner',
    owner_id: r.owner_id === null ? null : Number(r.owner_id),
    guest_type: r.guest_type,
    period_restrict: { active: Number(r.period_active) === 1, from: r.period_from, to: r.period_to },
    passes_restrict: {
      active: Number(r.passes_active) === 1,
      max_count: r.passes_max_count === null ? null : Number(r.passes_max_count),
    },
    access_rules: [],
    is_profile_identifier: Number(r.is_profile_identifier) === 1,
    revoked: r.revoked_at !== null,
  };
}

export async function updateIdentifier(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: IdentifierPatch | IdentifierInput,
  options: { guest?: boolean; message?: ErrorCode } = {},
): Promise<void> {
  const before = await currentInput(db, id);
  if (options.guest && before.owner_type !== 'guest') {
    throw new DomainError('not_found', { message: ERROR_CODES.identifierNotFound });
  }
  const patch = stripUndefined(body);
  // A new type re-reads the stored value in that type's form (a code "0042" is not card 42).
  const valueSent = patch.value !== undefined || (patch.type !== undefined && patch.type !== before.type);
  const input = { ...before, ...patch, value: patch.value ?? before.value } as Required<IdentifierInput>;
  if (patch.value === undefined) input.value_format = 'dec';
  const columns = await columnsOf(db, auth, input, valueSent);
  const rules = patch.access_rules === undefined ? null : await assertRules(db, auth, patch.access_rules);
  await uniquely(columns.type, columns.value, options.message ?? ERROR_CODES.duplicateIdentifier, () =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('identifiers')
        .set({ ...columns, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      if (rules) await linkRules(trx, auth, id, rules);
    }),
  );
}

/**
 * §4: revoked for good; revoking again keeps the first time. A UKEY2's mobile client no longer
 * holds it as its key (the identifier keeps naming the client).
 */
export async function revokeIdentifier(db: Kysely<Database>, id: number): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('identifiers')
      .set({ revoked_at: now, updated_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    const key = await trx
      .selectFrom('identifiers')
      .select(['mobile_client_id', 'value'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (key?.mobile_client_id != null) {
      await trx
        .updateTable('mobile_clients')
        .set({ ukey2: null })
        .where('id', '=', key.mobile_client_id)
        .where('ukey2', '=', key.value)
        .execute();
    }
  });
}

/** Deletes identifiers; a UKEY2 is never deleted (8.2), and one among them refuses the whole delete. */
export async function deleteIdentifiers(db: Kysely<Database>, ids: number[]): Promise<number> {
  const ukey2 = await db
    .selectFrom('identifiers')
    .select('id')
    .where('id', 'in', ids)
    .where('type', '=', 'ukey2')
    .executeTakeFirst();
  if (ukey2) throw conflict(ERROR_CODES.ukey2CannotBeDeleted);
  const result = await db.deleteFrom('identifiers').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
