import type { Kysely } from 'kysely';
import type { ConciergeDevice } from '../../src/contract/entities/calls';
import type { Database } from '../db/schema';
import type { SipNumberInfo } from '../sip/directory';
import { effectivePermissions } from './roles';

/**
 * Calls management rules (7.6): who is concerned by an awaiting call, what the
 * console shows about a caller, a user's own numbers, the concierge's doors.
 */

/**
 * The numbers whose owners are concerned by an awaiting call to `callee`: the
 * active numbers of the project's users whose role holds `concierge.reception`.
 */
export async function conciergeNumbers(db: Kysely<Database>, callee: SipNumberInfo): Promise<string[]> {
  const rows = await db
    .selectFrom('sip_numbers')
    .innerJoin('users', 'users.id', 'sip_numbers.user_id')
    .innerJoin('memberships', (j) =>
      j.onRef('memberships.user_id', '=', 'users.id').onRef('memberships.project_id', '=', 'sip_numbers.project_id'),
    )
    .innerJoin('roles', 'roles.id', 'memberships.role_id')
    .select(['sip_numbers.number', 'roles.is_admin', 'roles.permissions'])
    .where('sip_numbers.project_id', '=', callee.projectId)
    .where('sip_numbers.is_active', '=', 1)
    .where('users.deleted_at', 'is', null)
    .orderBy('sip_numbers.number')
    .execute();
  return rows.filter((r) => effectivePermissions(r).includes('concierge.reception')).map((r) => r.number);
}

/** Who is calling, as the call card shows it: the caller's group (or door device) and user. */
export async function describeCaller(
  db: Kysely<Database>,
  caller: SipNumberInfo,
): Promise<{ address: string | null; user: string | null }> {
  const group = caller.domainId
    ? await db.selectFrom('domains').select('name').where('id', '=', caller.domainId).executeTakeFirst()
    : undefined;
  const device =
    !group && caller.deviceId
      ? await db.selectFrom('devices').select('name').where('id', '=', caller.deviceId).executeTakeFirst()
      : undefined;
  return { address: group?.name ?? device?.name ?? null, user: caller.userName };
}

/** The active numbers a user owns in a project. */
export async function ownNumbers(db: Kysely<Database>, userId: number, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sip_numbers')
    .select('number')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('is_active', '=', 1)
    .execute();
  return rows.map((r) => r.number);
}

/** Door devices of the project that own an active number (the dialer's door management). */
export async function conciergeDevices(db: Kysely<Database>, projectId: number): Promise<ConciergeDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .innerJoin('sip_numbers', 'sip_numbers.device_id', 'devices.id')
    .select(['devices.token', 'devices.name', 'sip_numbers.number'])
    .where('devices.project_id', '=', projectId)
    .where('sip_numbers.is_active', '=', 1)
    .orderBy('devices.name')
    .execute();
  return rows.map((r) => ({ token: r.token, name: r.name, sip_number: r.number }));
}

/** The active number of the project's device with this token, or null. */
export async function deviceNumber(db: Kysely<Database>, projectId: number, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('devices')
    .innerJoin('sip_numbers', 'sip_numbers.device_id', 'devices.id')
    .select('sip_numbers.number')
    .where('devices.project_id', '=', projectId)
    .where('devices.token', '=', token)
    .where('sip_numbers.is_active', '=', 1)
    .executeTakeFirst();
  return row?.number ?? null;
}

/** Whether a user owns this active number in the project (who may listen to its call-management topic). */
export async function ownsNumber(db: Kysely<Database>, userId: number, projectId: number, number: string) {
  const row = await db
    .selectFrom('sip_numbers')
    .select('id')
    .where('number', '=', number)
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
