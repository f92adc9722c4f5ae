import { type Kysely, sql, type Transaction } from 'kysely';
import type { ElevatorCreate, ElevatorPatch } from '../../../src/contract/entities/elevator';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, itemNotFound, refused } from '../errors';
import { groupReach, scopedControllers } from './elevators';

/**
 * Writing elevators (section 5, 8.2): the group is the project's and within the caller's
 * reach; each controller is a lift controller the caller reaches (else `invalid related
 * entity sent`), sent once, with a floor map (field error `floor_map_required`), and
 * linked to no other elevator (`controller already linked to another elevator`). The
 * floor map rules themselves (public or panel floor, no apartments on the panel's floor,
 * the lift mode) are the device's, checked when the device is saved (deviceRuleErrors).
 */
type Db = Kysely<Database> | Transaction<Database>;

async function assertGroup(db: Db, auth: Auth, groupId: number): Promise<void> {
  let q = db
    .selectFrom('domains as g')
    .select('g.id')
    .where('g.id', '=', groupId)
    .where('g.project_id', '=', auth.projectId);
  if (!hasPermission(auth.role.permissions, 'elevators.view_all')) q = q.where(groupReach(auth, 'g.id'));
  if (!(await q.executeTakeFirst())) throw invalidRelated(['domain']);
}

/** The controllers may drive elevator `elevatorId` (0: a new one); see the rules above. */
async function assertControllers(db: Db, auth: Auth, ids: number[], elevatorId: number): Promise<void> {
  const errors: Record<string, FieldError> = {};
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) errors[`devices.${i}`] = { code: 'not_unique' };
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const found = await scopedControllers(db, auth)
    .select([
      'd.id',
      sql<number | string>`(select count(*) from device_floors f where f.device_id = d.id)`.as('floors'),
    ])
    .where('d.id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw invalidRelated(['devices']);
  const floors = new Map(found.map((d) => [Number(d.id), Number(d.floors)]));
  ids.forEach((id, i) => {
    if (floors.get(id) === 0) errors[`devices.${i}`] = { code: 'floor_map_required' };
  });
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  const linked = await db
    .selectFrom('elevator_devices')
    .select('device_id')
    .where('device_id', 'in', ids)
    .where('elevator_id', '<>', elevatorId)
    .execute();
  if (linked.length > 0) {
    const taken = new Set(linked.map((l) => Number(l.device_id)));
    ids.forEach((id, i) => {
      if (taken.has(id)) errors[`devices.${i}`] = { code: 'not_unique' };
    });
    throw refused(ERROR_CODES.controllerLinked, { errors });
  }
}

async function linkControllers(trx: Transaction<Database>, elevatorId: number, ids: number[]) {
  await trx.deleteFrom('elevator_devices').where('elevator_id', '=', elevatorId).execute();
  await trx
    .insertInto('elevator_devices')
    .values(ids.map((device_id) => ({ elevator_id: elevatorId, device_id })))
    .execute();
}

export async function createElevator(db: Kysely<Database>, auth: Auth, body: ElevatorCreate): Promise<number> {
  await assertGroup(db, auth, body.domain_id);
  return db.transaction().execute(async (trx) => {
    await assertControllers(trx, auth, body.devices, 0);
    const now = nowIso();
    const { id } = await trx
      .insertInto('elevators')
      .values({
        project_id: auth.projectId,
        name: body.name,
        domain_id: body.domain_id,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkControllers(trx, id, body.devices);
    return id;
  });
}

export async function updateElevator(db: Kysely<Database>, auth: Auth, id: number, body: ElevatorPatch) {
  const before = await db.selectFrom('elevators').select(['id', 'domain_id']).where('id', '=', id).executeTakeFirst();
  // Deleted between the scope check and here.
  if (!before) throw itemNotFound();
  if (body.domain_id !== undefined && body.domain_id !== before.domain_id) await assertGroup(db, auth, body.domain_id);
  await db.transaction().execute(async (trx) => {
    if (body.devices) await assertControllers(trx, auth, body.devices, id);
    await trx
      .updateTable('elevators')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.domain_id !== undefined ? { domain_id: body.domain_id } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (body.devices) await linkControllers(trx, id, body.devices);
  });
}

export async function deleteElevators(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('elevators').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
