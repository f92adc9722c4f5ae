import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SipNumberCreate, SipNumberPatch } from '../../../src/contract/entities/sip-number';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { Database, SipNumbersTable } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, prohibited, refused } from '../errors';
import { assertWithinLimits, type Holder } from './sip-number-limits';
import { holderWithinReach, scopedSipNumbers } from './sip-numbers';

/**
 * Writing virtual numbers (section 3, 5, 6.2, 8.2):
 * - is_active is set or changed only with sip_numbers.activate; a new number
 *   without `is_active` is active exactly when the caller may activate it;
 * - is_reserved and purpose only with sip_numbers.mark_system;
 * - one holder at most (user, device or group); a master number is a group's;
 *   a device and a group hold one number each;
 * - numbers are unique on the server; limits per project, group and user;
 * - manual forwarding needs rule sets, picked forwarding a forward group;
 * - a holder must be within the writer's view scope (no number handed to a
 *   holder the writer cannot reach);
 * - group and master numbers cannot be deleted.
 */
type Row = Selectable<SipNumbersTable>;
type State = Omit<SipNumberCreate, 'is_active' | 'forward_rules'> & { is_active: boolean };

const can = (auth: Auth, permission: Permission) => hasPermission(auth.role.permissions, permission);
const fail = (message: (typeof ERROR_CODES)[keyof typeof ERROR_CODES], field: string) =>
  refused(message, { errors: { [field]: { code: 'not_unique' } } });

/** Changes of the guarded fields need their permission (403 otherwise). */
function assertPrivileges(auth: Auth, before: State | null, after: State): void {
  const changed = <K extends keyof State>(key: K) => (before ? before[key] !== after[key] : false);
  const activating = before ? changed('is_active') : after.is_active;
  if (activating && !can(auth, 'sip_numbers.activate')) throw prohibited();
  const system = before ? changed('is_reserved') || changed('purpose') : after.is_reserved || after.purpose !== null;
  if (system && !can(auth, 'sip_numbers.mark_system')) throw prohibited();
}

/** Shape rules between fields (400 with per-field errors). */
function assertConsistent(after: State, forwardRules: number[]): void {
  const errors: Record<string, FieldError> = {};
  const holders = (['user_id', 'device_id', 'domain_id'] as const).filter((k) => after[k] !== null);
  if (holders.length > 1) for (const k of holders) errors[k] = { code: 'invalid' };
  if (after.purpose === 'master_sip_number' && after.domain_id === null) errors.domain_id = { code: 'required' };
  if (after.forward_mode === 'manual' && forwardRules.length === 0) errors.forward_rules = { code: 'required' };
  if (after.forward_mode === 'picked' && after.forward_group_id === null)
    errors.forward_group_id = { code: 'required' };
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

/** Every id named must be the project's (else `invalid related entity sent` names them). */
async function assertRelated(db: Kysely<Database>, auth: Auth, after: State, forwardRules: number[]) {
  const wrong: string[] = [];
  const exists = async (table: 'devices' | 'domains' | 'forward_groups', id: number | null) =>
    id === null ||
    !!(await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where('project_id', '=', auth.projectId)
      .executeTakeFirst());
  if (after.user_id !== null) {
    const member = await db
      .selectFrom('memberships as ms')
      .innerJoin('users as u', 'u.id', 'ms.user_id')
      .select('ms.user_id')
      .where('ms.user_id', '=', after.user_id)
      .where('ms.project_id', '=', auth.projectId)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) wrong.push('user');
  }
  if (!(await exists('devices', after.device_id))) wrong.push('device');
  if (!(await exists('domains', after.domain_id))) wrong.push('domain');
  if (!(await exists('forward_groups', after.forward_group_id))) wrong.push('forward_group');
  const unique = [...new Set(forwardRules)];
  if (unique.length > 0) {
    const found = await db
      .selectFrom('forward_rule_sets')
      .select('id')
      .where('project_id', '=', auth.projectId)
      .where('id', 'in', unique)
      .execute();
    if (found.length !== unique.length) wrong.push('forward_rules');
  }
  if (wrong.length > 0) throw invalidRelated(wrong);
}

/** The number is free on the server; a device and a group hold one number each. */
async function assertFree(db: Kysely<Database>, before: State | null, after: State, exceptId: number) {
  const taken = (column: 'number' | 'device_id' | 'domain_id', value: string | number) =>
    db
      .selectFrom('sip_numbers')
      .select('id')
      .where(column, '=', value as never)
      .where('id', '<>', exceptId)
      .executeTakeFirst();
  if ((!before || before.number !== after.number) && (await taken('number', after.number)))
    throw fail(ERROR_CODES.virtualNumberNotFree, 'number');
  if (after.device_id !== null && before?.device_id !== after.device_id && (await taken('device_id', after.device_id)))
    throw fail(ERROR_CODES.deviceHasNumber, 'device_id');
  if (after.domain_id !== null && before?.domain_id !== after.domain_id && (await taken('domain_id', after.domain_id)))
    throw fail(ERROR_CODES.groupNumberExists, 'domain_id');
}

const holderOf = (s: State): Holder => ({ user_id: s.user_id, device_id: s.device_id, domain_id: s.domain_id });
const sameHolder = (a: State, b: State) =>
  a.user_id === b.user_id && a.device_id === b.device_id && a.domain_id === b.domain_id;

/** The written number's holder must be within the writer's reach (a free number always is). */
async function assertReachable(trx: Transaction<Database>, auth: Auth, id: number, after: State) {
  if (can(auth, 'sip_numbers.view_all')) return;
  if (after.user_id === null && after.device_id === null && after.domain_id === null) return;
  const seen = await scopedSipNumbers(trx, auth)
    .select('n.id')
    .where('n.id', '=', id)
    .where(holderWithinReach(auth))
    .executeTakeFirst();
  if (seen) return;
  const holder = after.user_id !== null ? 'user' : after.device_id !== null ? 'device' : 'domain';
  throw invalidRelated([holder]);
}

async function writeForwardRules(trx: Transaction<Database>, id: number, ruleSets: number[]) {
  await trx.deleteFrom('sip_number_forward_rule_sets').where('sip_number_id', '=', id).execute();
  const unique = [...new Set(ruleSets)];
  if (unique.length > 0) {
    await trx
      .insertInto('sip_number_forward_rule_sets')
      .values(unique.map((forward_rule_set_id, position) => ({ sip_number_id: id, forward_rule_set_id, position })))
      .execute();
  }
}

const columns = (s: State) =>
  ({
    number: s.number,
    name: s.name,
    password: s.password,
    is_active: s.is_active ? 1 : 0,
    is_reserved: s.is_reserved ? 1 : 0,
    user_id: s.user_id,
    device_id: s.device_id,
    domain_id: s.domain_id,
    forward_mode: s.forward_mode,
    forward_group_id: s.forward_group_id,
    purpose: s.purpose,
  }) as const;

export async function createSipNumber(db: Kysely<Database>, auth: Auth, body: SipNumberCreate): Promise<number> {
  const { forward_rules, ...rest } = body;
  const after: State = {
    ...rest,
    name: rest.name || null,
    is_active: body.is_active ?? can(auth, 'sip_numbers.activate'),
  };
  assertPrivileges(auth, null, after);
  assertConsistent(after, forward_rules);
  await assertRelated(db, auth, after, forward_rules);
  await assertFree(db, null, after, 0);
  await assertWithinLimits(db, auth.projectId, holderOf(after), { checkTotal: true });
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('sip_numbers')
      .values({
        ...columns(after),
        project_id: auth.projectId,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeForwardRules(trx, id, forward_rules);
    await assertReachable(trx, auth, id, after);
    return id;
  });
}

function stateOf(row: Row): State {
  return {
    number: row.number,
    name: row.name,
    password: row.password,
    is_active: row.is_active === 1,
    is_reserved: row.is_reserved === 1,
    user_id: row.user_id,
    device_id: row.device_id,
    domain_id: row.domain_id,
    forward_mode: row.forward_mode as State['forward_mode'],
    forward_group_id: row.forward_group_id,
    purpose: row.purpose as State['purpose'],
  };
}

export async function updateSipNumber(db: Kysely<Database>, auth: Auth, id: number, body: SipNumberPatch) {
  const row = await db.selectFrom('sip_numbers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const before = stateOf(row);
  const { forward_rules, ...rest } = body;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const after: State = { ...before, ...defined };
  if (after.name === '') after.name = null;
  const ruleSets =
    forward_rules ??
    (
      await db
        .selectFrom('sip_number_forward_rule_sets')
        .select('forward_rule_set_id')
        .where('sip_number_id', '=', id)
        .orderBy('position')
        .orderBy('forward_rule_set_id')
        .execute()
    ).map((r) => r.forward_rule_set_id);
  assertPrivileges(auth, before, after);
  assertConsistent(after, ruleSets);
  await assertRelated(db, auth, after, ruleSets);
  await assertFree(db, before, after, id);
  if (!sameHolder(before, after)) {
    await assertWithinLimits(db, auth.projectId, holderOf(after), { exceptId: id, checkTotal: false });
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sip_numbers')
      .set({ ...columns(after), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (forward_rules) await writeForwardRules(trx, id, forward_rules);
    await assertReachable(trx, auth, id, after);
  });
}

/**
 * Deletes numbers; a group's number (master numbers included) is refused:
 * take it from the group first (8.2 "cannot delete group or master numbers").
 */
export async function deleteSipNumbers(db: Kysely<Database>, ids: number[]): Promise<number> {
  const held = await db
    .selectFrom('sip_numbers')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('domain_id', 'is not', null), eb('purpose', '=', 'master_sip_number')]))
    .executeTakeFirst();
  if (held) throw refused(ERROR_CODES.cannotDeleteGroupNumbers);
  return db.transaction().execute(async (trx) => {
    // users.sip_number_id (the profile's chosen number) has no foreign key: clear it by hand.
    await trx.updateTable('users').set({ sip_number_id: null }).where('sip_number_id', 'in', ids).execute();
    const result = await trx.deleteFrom('sip_numbers').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
