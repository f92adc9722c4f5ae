import type { Kysely, Transaction } from 'kysely';
import type {
  ElevatorAccessRuleCreate,
  ElevatorAccessRuleElevatorInput,
  ElevatorAccessRulePatch,
} from '../../../src/contract/entities/elevator-access-rule';
import type { FieldError } from '../../../src/contract/errors';
import { replaceLinks } from '../../db/replace-links';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, itemNotFound } from '../errors';
import { scopedUsers } from '../users/users';
import { accessFloorsOf } from './access-rules';
import { scopedElevators } from './elevators';

/**
 * Writing elevator access rules (section 5). Users are the caller's to see (users list scope)
 * and elevators the caller's to see (elevators scope), else `invalid related entity sent`; an
 * elevator is named once (`not_unique`), and each floor is one an access rule may grant on
 * its floor map (`not_on_floor_map`), once (`not_unique`). A user whose
 * `elevator_access_disabled` is on may be in a rule (the flag wins at the lift; the item shows
 * it). Writes replace the joins in one transaction and answer the elevators whose access
 * changed (old ∪ new), for the sync to the lift controllers.
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface ElevatorRuleChange {
  /** Elevators the change touches (before and after), ascending. */
  elevators: number[];
  /** Their lift controllers: the devices whose access changed, ascending. */
  devices: number[];
}

async function change(db: Db, elevators: number[]): Promise<ElevatorRuleChange> {
  const ids = sorted(elevators);
  if (ids.length === 0) return { elevators: [], devices: [] };
  const rows = await db.selectFrom('elevator_devices').select('device_id').where('elevator_id', 'in', ids).execute();
  return { elevators: ids, devices: sorted(rows.map((r) => Number(r.device_id))) };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

async function assertElevators(db: Db, auth: Auth, elevators: ElevatorAccessRuleElevatorInput[]): Promise<void> {
  const errors: Record<string, FieldError> = {};
  elevators.forEach((e, i) => {
    if (elevators.findIndex((o) => o.id === e.id) !== i) errors[`elevators.${i}.id`] = { code: 'not_unique' };
    e.floors.forEach((f, j) => {
      if (e.floors.indexOf(f) !== j) errors[`elevators.${i}.floors.${j}`] = { code: 'not_unique' };
    });
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const ids = elevators.map((e) => e.id);
  const found = await scopedElevators(db as Kysely<Database>, auth)
    .select('e.id')
    .where('e.id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw invalidRelated(['elevators']);
  const granted = await accessFloorsOf(db as Kysely<Database>, ids);
  elevators.forEach((e, i) => {
    e.floors.forEach((f, j) => {
      if (!granted.get(e.id)?.has(f)) errors[`elevators.${i}.floors.${j}`] = { code: 'not_on_floor_map' };
    });
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

async function assertUsers(db: Db, auth: Auth, users: number[]): Promise<void> {
  const wanted = unique(users);
  const found = await scopedUsers(db as Kysely<Database>, auth)
    .select('u.id')
    .where('u.id', 'in', wanted)
    .execute();
  if (found.length !== wanted.length) throw invalidRelated(['users']);
}

async function assertBody(db: Db, auth: Auth, body: ElevatorAccessRulePatch): Promise<void> {
  if (body.users) await assertUsers(db, auth, body.users);
  if (body.elevators) await assertElevators(db, auth, body.elevators);
}

async function elevatorsOf(db: Db, ruleIds: number[]): Promise<number[]> {
  if (ruleIds.length === 0) return [];
  const rows = await db
    .selectFrom('elevator_access_rule_floors')
    .select('elevator_id')
    .distinct()
    .where('rule_id', 'in', ruleIds)
    .execute();
  return rows.map((r) => Number(r.elevator_id));
}

async function writeJoins(trx: Transaction<Database>, ruleId: number, body: ElevatorAccessRulePatch): Promise<void> {
  const owner = { column: 'rule_id', id: ruleId };
  if (body.users)
    await replaceLinks(
      trx,
      'elevator_access_rule_users',
      owner,
      unique(body.users).map((user_id) => ({ user_id })),
    );
  if (body.elevators)
    await replaceLinks(
      trx,
      'elevator_access_rule_floors',
      owner,
      body.elevators.flatMap((e) => e.floors.map((floor) => ({ elevator_id: e.id, floor }))),
    );
}

export async function createElevatorRule(
  db: Kysely<Database>,
  auth: Auth,
  body: ElevatorAccessRuleCreate,
): Promise<ElevatorRuleChange & { id: number }> {
  return db.transaction().execute(async (trx) => {
    await assertBody(trx, auth, body);
    const now = nowIso();
    const { id } = await trx
      .insertInto('elevator_access_rules')
      .values({
        project_id: auth.projectId,
        name: body.name,
        description: body.description,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeJoins(trx, id, body);
    return {
      id,
      ...(await change(
        trx,
        body.elevators.map((e) => e.id),
      )),
    };
  });
}

export async function updateElevatorRule(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: ElevatorAccessRulePatch,
): Promise<ElevatorRuleChange> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('elevator_access_rules').select('id').where('id', '=', id).executeTakeFirst();
    if (!before) throw itemNotFound();
    await assertBody(trx, auth, body);
    const old = await elevatorsOf(trx, [id]);
    await trx
      .updateTable('elevator_access_rules')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    await writeJoins(trx, id, body);
    return change(trx, [...old, ...(await elevatorsOf(trx, [id]))]);
  });
}

export async function deleteElevatorRules(
  db: Kysely<Database>,
  ids: number[],
): Promise<ElevatorRuleChange & { deleted: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await change(trx, await elevatorsOf(trx, ids));
    const result = await trx.deleteFrom('elevator_access_rules').where('id', 'in', ids).executeTakeFirst();
    return { deleted: Number(result.numDeletedRows), ...before };
  });
}
