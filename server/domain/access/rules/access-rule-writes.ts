import type { Kysely, Transaction } from 'kysely';
import type { DeviceType } from '../../../../src/contract/constants';
import type {
  AccessRuleCreate,
  AccessRuleDeviceInput,
  AccessRulePatch,
} from '../../../../src/contract/entities/access-rule';
import { DEVICE_RELAYS } from '../../../../src/contract/entities/device';
import type { FieldError } from '../../../../src/contract/errors';
import { replaceLinks } from '../../../db/replace-links';
import type { Database } from '../../../db/schema';
import type { Auth } from '../../auth/auth-context';
import { nowIso } from '../../clock';
import { scopedDevices } from '../../devices/devices';
import { invalidData, invalidRelated, itemNotFound } from '../../errors';
import { viewScope } from '../../groups/access';
import { scopedUsers } from '../../users/users';

/**
 * Writing access rules (section 5). Every id a rule names is the project's and within the
 * caller's reach: devices, users and groups as their own lists scope them for the caller;
 * time rules and identifiers the project's (else `invalid related entity sent`, naming the
 * fields). A door is a device and one of its locks: the lock number is within the relays of
 * the device's type (field error `range`), and a door is named once (`not_unique`). Writes
 * replace the joins in one transaction.
 *
 * Each writer answers the devices whose access changed (the rule's doors before and after,
 * deduplicated): the access sync sends them their new credential lists.
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface AccessRuleChange {
  /** Devices whose doors the change touches (old ∪ new doors of the rule), ascending. */
  devices: number[];
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

async function assertDevices(db: Db, auth: Auth, doors: AccessRuleDeviceInput[]): Promise<void> {
  const errors: Record<string, FieldError> = {};
  const seen = new Set<string>();
  doors.forEach((door, i) => {
    const key = `${door.id}:${door.lock_number}`;
    if (seen.has(key)) errors[`devices.${i}`] = { code: 'not_unique' };
    seen.add(key);
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const ids = unique(doors.map((d) => d.id));
  const found = await scopedDevices(db as Kysely<Database>, auth)
    .select(['d.id', 'd.type'])
    .where('d.id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw invalidRelated(['devices']);
  const relays = new Map(found.map((d) => [Number(d.id), DEVICE_RELAYS[d.type as DeviceType] ?? 1]));
  doors.forEach((door, i) => {
    const max = relays.get(door.id) ?? 1;
    if (door.lock_number > max) errors[`devices.${i}.lock_number`] = { code: 'range', params: { min: 1, max } };
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

/** Which of the related fields name something outside the project or the caller's reach. */
async function wrongRelated(db: Db, auth: Auth, body: AccessRulePatch): Promise<string[]> {
  const wrong: string[] = [];
  const k = db as Kysely<Database>;
  const check = async (field: string, ids: number[] | undefined, count: (ids: number[]) => Promise<number>) => {
    if (!ids || ids.length === 0) return;
    const wanted = unique(ids);
    if ((await count(wanted)) !== wanted.length) wrong.push(field);
  };
  const countOf = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
  await check('time_rules', body.time_rules, (ids) =>
    countOf(k.selectFrom('time_rules').select('id').where('project_id', '=', auth.projectId).where('id', 'in', ids)),
  );
  await check('users', body.users, (ids) => countOf(scopedUsers(k, auth).select('u.id').where('u.id', 'in', ids)));
  await check('identifiers', body.identifiers, (ids) =>
    countOf(k.selectFrom('identifiers').select('id').where('project_id', '=', auth.projectId).where('id', 'in', ids)),
  );
  await check('domains', body.domains, async (ids) => {
    const scope = viewScope(auth, 'g');
    if (!scope) return 0;
    return countOf(
      k
        .selectFrom('domains as g')
        .select('g.id')
        .where('g.project_id', '=', auth.projectId)
        .where('g.id', 'in', ids)
        .where(scope),
    );
  });
  return wrong;
}

async function assertBody(db: Db, auth: Auth, body: AccessRulePatch): Promise<void> {
  if (body.devices) await assertDevices(db, auth, body.devices);
  const wrong = await wrongRelated(db, auth, body);
  if (wrong.length > 0) throw invalidRelated(wrong);
}

async function devicesOf(db: Db, ruleIds: number[]): Promise<number[]> {
  if (ruleIds.length === 0) return [];
  const rows = await db
    .selectFrom('access_rule_devices')
    .select('device_id')
    .distinct()
    .where('access_rule_id', 'in', ruleIds)
    .execute();
  return rows.map((r) => Number(r.device_id));
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** Replaces the joins the body names (absent fields keep theirs). */
async function writeJoins(trx: Transaction<Database>, ruleId: number, body: AccessRulePatch): Promise<void> {
  const owner = { column: 'access_rule_id', id: ruleId };
  if (body.devices)
    await replaceLinks(
      trx,
      'access_rule_devices',
      owner,
      body.devices.map((d) => ({ device_id: d.id, lock_number: d.lock_number })),
    );
  const simple = [
    ['access_rule_time_rules', 'time_rule_id', body.time_rules],
    ['access_rule_users', 'user_id', body.users],
    ['access_rule_identifiers', 'identifier_id', body.identifiers],
    ['access_rule_domains', 'domain_id', body.domains],
  ] as const;
  for (const [table, column, ids] of simple)
    if (ids)
      await replaceLinks(
        trx,
        table,
        owner,
        unique(ids).map((id) => ({ [column]: id })),
      );
}

export async function createAccessRule(
  db: Kysely<Database>,
  auth: Auth,
  body: AccessRuleCreate,
): Promise<AccessRuleChange & { id: number }> {
  return db.transaction().execute(async (trx) => {
    await assertBody(trx, auth, body);
    const now = nowIso();
    const { id } = await trx
      .insertInto('access_rules')
      .values({
        project_id: auth.projectId,
        name: body.name,
        description: body.description,
        prohibition: body.prohibition ? 1 : 0,
        is_shareable: body.is_shareable ? 1 : 0,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeJoins(trx, id, body);
    return { id, devices: sorted(body.devices.map((d) => d.id)) };
  });
}

export async function updateAccessRule(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: AccessRulePatch,
): Promise<AccessRuleChange> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('access_rules').select('id').where('id', '=', id).executeTakeFirst();
    // Deleted between the scope check and here.
    if (!before) throw itemNotFound();
    await assertBody(trx, auth, body);
    const old = await devicesOf(trx, [id]);
    await trx
      .updateTable('access_rules')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.prohibition !== undefined ? { prohibition: body.prohibition ? 1 : 0 } : {}),
        ...(body.is_shareable !== undefined ? { is_shareable: body.is_shareable ? 1 : 0 } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeJoins(trx, id, body);
    return { devices: sorted([...old, ...(await devicesOf(trx, [id]))]) };
  });
}

export async function deleteAccessRules(
  db: Kysely<Database>,
  ids: number[],
): Promise<AccessRuleChange & { deleted: number }> {
  return db.transaction().execute(async (trx) => {
    const devices = await devicesOf(trx, ids);
    const result = await trx.deleteFrom('access_rules').where('id', 'in', ids).executeTakeFirst();
    return { deleted: Number(result.numDeletedRows), devices: sorted(devices) };
  });
}
